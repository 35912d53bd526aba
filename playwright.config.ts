import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { SERVER_NODE_FLAGS } from "./tests/server/helpers";
import { chromiumArgs, chromiumExecutable } from "./tests/setup/chromium";
import { E2E_NEWSLETTER_URL } from "./tests/setup/e2e-newsletter";

/** The owner's password in the browser tests; tests/e2e import it from here. */
export const E2E_ADMIN_PASSWORD = "e2e-owner-password";

const PORT = Number(process.env.E2E_PORT ?? 5173);
// Workers load this file too and inherit the runner's environment, so the folder is made once per run.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "podcast-e2e-"));
const dataDir = process.env.E2E_DATA_DIR;

/** The end-to-end tests run against the built server on a fresh embedded database with the sample content. */
export default defineConfig({
  testDir: "tests/e2e",
  globalTeardown: "./tests/setup/e2e-teardown.ts",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: Boolean(process.env.CI),
  // A test's whole journey, not one assertion: on some hosts of this kind Chromium does a page's work several times
  // slower than on others (docs/decisions/046-lighthouse-per-page-kind.md), and owner journeys of 20 to 35 s there
  // passed Playwright's default of 30 s. Each assertion keeps its own timeout.
  timeout: 60_000,
  reporter: "list",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: { executablePath: chromiumExecutable(), args: chromiumArgs },
  },
  projects: [
    // Logs the owner in once per run (the login allows 10 attempts per 15 minutes per address); see owner.setup.ts.
    { name: "owner-session", testMatch: /owner\.setup\.ts/ },
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testIgnore: /no-script\//,
      dependencies: ["owner-session"],
    },
    {
      name: "mobile",
      use: { ...devices["Pixel 7"] },
      grep: /@mobile/,
      testIgnore: /no-script\//,
      dependencies: ["owner-session"],
    },
    // The public journeys as a browser without JavaScript runs them: the forms post to their pages' actions.
    {
      name: "no-script",
      use: { ...devices["Desktop Chrome"], channel: undefined, javaScriptEnabled: false },
      testMatch: /no-script\/.*\.spec\.ts/,
    },
  ],
  webServer: {
    command: ["node", ...SERVER_NODE_FLAGS, "build/server/start.js"].join(" "),
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      // "test" serves the production build with the development-only mock sign-in enabled (see README).
      NODE_ENV: "test",
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      OWNER_EMAIL: "owner@example.com",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SITE_URL: `http://127.0.0.1:${PORT}`,
      // A deployment's newsletter publication, whose frames the specs stub; a fresh clone has none (settings.spec.ts).
      NEWSLETTER_URL: E2E_NEWSLETTER_URL,
      // Every browser test submits from 127.0.0.1; the real limit is covered by the routes' integration tests.
      FORM_RATE_LIMIT: "10000",
      // The import spec serves its feed on loopback (tests/setup/feed-host.ts).
      ALLOW_PRIVATE_FETCH: "true",
    },
  },
});
