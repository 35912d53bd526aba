import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { openDatabase } from "~/db/client.server";
import { databaseUrlFor, migratedTemplateName, withMaintenanceClient } from "./postgres";

/**
 * Migrates once per run: PGlite into a dump that each test file loads, PostgreSQL into a template database that each
 * test file copies. Booting and migrating a database per test would make the suite slow.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB_KIND === "postgres" || project.config.env?.TEST_DB_KIND === "postgres") {
    const template = migratedTemplateName();
    await withMaintenanceClient(async (client) => {
      await client.query(`drop database if exists "${template}" with (force)`);
      await client.query(`create database "${template}"`);
    });
    const database = await openDatabase({ kind: "postgres", url: databaseUrlFor(template) });
    await database.close();
    return async () => {
      await withMaintenanceClient((client) => client.query(`drop database if exists "${template}" with (force)`));
    };
  }

  const client = new PGlite();
  const database = await openDatabase({ kind: "memory", client });
  const dump = await client.dumpDataDir("none");
  await database.close();
  const dumpPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "podcast-test-")), "migrated.tar");
  fs.writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteDumpPath", dumpPath);
  return () => fs.rmSync(path.dirname(dumpPath), { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteDumpPath: string;
  }
}
