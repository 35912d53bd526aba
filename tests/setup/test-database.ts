import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { inject } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { databaseUrlFor, migratedTemplateName, uniqueDatabaseName, withMaintenanceClient } from "./postgres";

export type TestDatabase = DatabaseHandle & { url?: string };

/**
 * A fresh, migrated, empty database for one test file: a PGlite loaded from the run's migrated dump, or, in the
 * postgres project, a new PostgreSQL database copied from the run's migrated template. `close` drops it.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (process.env.TEST_DB_KIND === "postgres") {
    const name = uniqueDatabaseName("test");
    await withMaintenanceClient((client) =>
      client.query(`create database "${name}" template "${migratedTemplateName()}"`),
    );
    const url = databaseUrlFor(name);
    const database = await openDatabase({ kind: "postgres", url }, { migrate: false });
    return {
      ...database,
      url,
      async close() {
        await database.close();
        await withMaintenanceClient((client) => client.query(`drop database if exists "${name}" with (force)`));
      },
    };
  }
  const dump = new Blob([fs.readFileSync(inject("pgliteDumpPath"))]);
  return openDatabase({ kind: "memory", client: new PGlite({ loadDataDir: dump }) }, { migrate: false });
}
