import path from "node:path";
import { like } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { contacts } from "~/db/schema";
import { databaseUrlFor, uniqueDatabaseName, withMaintenanceClient } from "../setup/postgres";
import { killAllServers, makeTempDir, type RunningServer, removeTempDir, startServer } from "./helpers";
import { findWriteProblems, startWriteStream } from "./write-stream";

afterAll(killAllServers);

const ACKNOWLEDGED_BEFORE_KILL = 60;
/** Every write comes from this one address, far past the contact form's per-address limit. */
const NO_FORM_LIMIT = { FORM_RATE_LIMIT: "1000000" };
/** Two server starts, one on a fresh database, on a machine that may be busy. */
const CRASH_TEST_TIMEOUT_MS = 240_000;

/**
 * Kills the server with SIGKILL while writers are sending, so that some writes are acknowledged, some in flight and
 * some never sent, then starts a new server on the same data and checks that it opens cleanly and serves.
 */
async function crashMidStreamAndRestart(env: Record<string, string>, prefix: string) {
  const first = await startServer({ ...env, ...NO_FORM_LIMIT });
  const stream = startWriteStream(first.url, prefix);
  await stream.waitForAcknowledged(ACKNOWLEDGED_BEFORE_KILL);
  first.signal("SIGKILL");
  expect(await first.exited).toEqual({ code: null, signal: "SIGKILL" });
  await stream.finished;
  expect(stream.refused).toEqual([]);

  const restarted: RunningServer = await startServer({ ...env, ...NO_FORM_LIMIT });
  expect((await fetch(`${restarted.url}/readyz`)).status).toBe(200);
  expect((await fetch(`${restarted.url}/`)).status).toBe(200);
  const afterRestart = await fetch(`${restarted.url}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "After", email: "after@example.com", subject: "other", message: `${prefix}-after` }),
  });
  expect(afterRestart.status).toBe(201);
  expect(await restarted.stop()).toEqual({ code: 0, signal: null });
  return { acknowledged: new Set([...stream.acknowledged, `${prefix}-after`]) };
}

describe("a server killed with SIGKILL in the middle of a stream of writes", () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = makeTempDir();
  });
  afterAll(() => removeTempDir(dataDir));

  it(
    "on the embedded database: restarts on the same folder with every acknowledged write stored once",
    async () => {
      const { acknowledged } = await crashMidStreamAndRestart({ DATA_DIR: dataDir }, "pglite-crash");

      const database = await openDatabase({ kind: "pglite", dataDir }, { migrate: false });
      try {
        const rows = await database.db
          .select({ message: contacts.message })
          .from(contacts)
          .where(like(contacts.message, "pglite-crash-%"));
        expect(
          findWriteProblems(
            acknowledged,
            rows.map((row) => row.message),
          ),
        ).toEqual([]);
        expect(acknowledged.size).toBeGreaterThan(ACKNOWLEDGED_BEFORE_KILL);
      } finally {
        await database.close();
      }
    },
    CRASH_TEST_TIMEOUT_MS,
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    "on PostgreSQL: restarts on the same database with every acknowledged write stored once",
    async () => {
      const name = uniqueDatabaseName("server_crash");
      await withMaintenanceClient((client) => client.query(`create database "${name}"`));
      try {
        const url = databaseUrlFor(name);
        const { acknowledged } = await crashMidStreamAndRestart(
          { DATABASE_URL: url, DATA_DIR: path.join(dataDir, "unused") },
          "postgres-crash",
        );
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          const { rows } = await client.query<{ message: string }>(
            "select message from contacts where message like 'postgres-crash-%'",
          );
          expect(
            findWriteProblems(
              acknowledged,
              rows.map((row) => row.message),
            ),
          ).toEqual([]);
          expect(acknowledged.size).toBeGreaterThan(ACKNOWLEDGED_BEFORE_KILL);
        } finally {
          await client.end();
        }
      } finally {
        await killAllServers();
        await withMaintenanceClient((client) => client.query(`drop database if exists "${name}" with (force)`));
      }
    },
    CRASH_TEST_TIMEOUT_MS,
  );
});
