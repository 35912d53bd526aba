import { afterAll, describe, expect, it } from "vitest";
import { loadBuiltServer } from "../../scripts/loadtest/load-built-server";
import { formatFigures } from "../../scripts/loadtest/mixed-load";
import { databaseUrlFor, uniqueDatabaseName, withMaintenanceClient } from "../setup/postgres";
import { killAllServers } from "./helpers";

afterAll(killAllServers);

/** The short run of `npm run loadtest`; the long one is run by hand. */
const SHORT_RUN = { durationMs: 4_000, connections: 8 };

describe("a short mixed load of page reads and form submissions on the built server", () => {
  it("on the embedded database: no request fails and every acknowledged write is stored exactly once", async () => {
    const { result, problems, serverExit } = await loadBuiltServer({ kind: "pglite" }, SHORT_RUN);
    console.log(formatFigures("embedded database (PGlite)", result));

    expect(result.failures).toEqual([]);
    expect(problems).toEqual([]);
    expect(serverExit).toBe("code 0");
    expect(result.acknowledged.contact.length).toBeGreaterThan(0);
    expect(result.acknowledged.subscribe.length).toBeGreaterThan(0);
    expect(result.acknowledged.guest.length).toBeGreaterThan(0);
    expect(result.reads).toBeGreaterThan(0);
  }, 180_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    "on PostgreSQL: no request fails and every acknowledged write is stored exactly once",
    async () => {
      const name = uniqueDatabaseName("server_load");
      await withMaintenanceClient((client) => client.query(`create database "${name}"`));
      try {
        const { result, problems, serverExit } = await loadBuiltServer(
          { kind: "postgres", url: databaseUrlFor(name) },
          SHORT_RUN,
        );
        console.log(formatFigures("PostgreSQL", result));

        expect(result.failures).toEqual([]);
        expect(problems).toEqual([]);
        expect(serverExit).toBe("code 0");
        expect(result.acknowledged.contact.length).toBeGreaterThan(0);
        expect(result.acknowledged.subscribe.length).toBeGreaterThan(0);
        expect(result.acknowledged.guest.length).toBeGreaterThan(0);
      } finally {
        await withMaintenanceClient((client) => client.query(`drop database if exists "${name}" with (force)`));
      }
    },
    180_000,
  );
});
