import os from "node:os";
import { defineConfig } from "vitest/config";

const integrationOnPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Unit and integration tests sit beside the code (*.test.ts). Integration tests (*.integration.test.ts) run on an
 * in-memory PGlite and, when TEST_DATABASE_URL is set, again on that PostgreSQL server, each file in a fresh database.
 * tests/server/ starts the built server as a real process, so it runs after `npm run build` (npm run test:server).
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // Each integration file's beforeAll starts a database (a PGlite instance loaded from the migrated dump, or a copy
    // of the PostgreSQL template), and a test that checks passwords runs scrypt several times; on a busy 2-core host
    // either can take longer than vitest's defaults (10 s for hooks, 5 s for tests). These are deadlines for a hung
    // test, not speed checks: no test asserts how long anything took.
    hookTimeout: 30_000,
    testTimeout: 30_000,
    // Vitest's default leaves a core for itself, which on a 2-core host is one worker; the integration tests wait on
    // PostgreSQL's process and on I/O often enough that two workers finish the unit run in about 60% of the time.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        extends: true as const,
        test: {
          name: "pglite",
          include: ["app/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          globalSetup: ["tests/setup/global-database.ts"],
          env: { TEST_DB_KIND: "pglite" },
        },
      },
      ...(integrationOnPostgres
        ? [
            {
              extends: true as const,
              test: {
                name: "postgres",
                include: ["app/**/*.integration.test.ts", "server/**/*.integration.test.ts"],
                globalSetup: ["tests/setup/global-database.ts"],
                env: { TEST_DB_KIND: "postgres" },
              },
            },
          ]
        : []),
      {
        extends: true as const,
        test: {
          name: "server",
          include: ["tests/server/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
