import { defineConfig } from "knip/config";

/**
 * Unused files, exports and dependencies fail `npm run lint`. Knip's plugins find the React Router routes (from
 * app/routes.ts), the vitest and Playwright tests and the configs; the entries below are the rest of what runs.
 */
export default defineConfig({
  entry: [
    // Loaded by path, not imported: by Vite in development and from the build in production (server/index.ts).
    "server/app.ts",
    "scripts/*.ts",
    "scripts/loadtest/*.ts",
    // Playwright's owner-session project (playwright.config.ts, testMatch).
    "tests/e2e/*.setup.ts",
  ],
  // CSS is included so that `@import "tailwindcss"` counts as a use of the package.
  project: ["app/**/*.{ts,tsx,css}", "server/**/*.ts", "scripts/**/*.ts", "tests/**/*.ts", "*.config.ts"],
  // Programs of the host, not of npm: a test validates the sitemap with xmllint; a script makes audio with ffmpeg.
  ignoreBinaries: ["xmllint", "ffmpeg"],
  // The HTML validator is run as a jar by its path in node_modules (tests/server/page-validity.test.ts).
  ignoreDependencies: ["vnu-jar"],
});
