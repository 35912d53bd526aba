import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { type Database, MIGRATIONS_FOLDER } from "./client.server";

type JournalEntry = { idx: number; when: number; tag: string };

/** The migrations this version has, oldest first, as drizzle-kit's journal lists them. */
export function migrationJournal(folder = MIGRATIONS_FOLDER): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/**
 * How many of this version's migrations the database has: drizzle's migrator records the journal's `when` of each
 * migration it applied, and applies those later than the last one it recorded.
 */
export async function migrationLevel(db: Database): Promise<number> {
  const found = await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!(found as unknown as { rows: { present: boolean }[] }).rows[0].present) return 0;
  const result = await db.execute(sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`);
  const last = (result as unknown as { rows: { last: string | null }[] }).rows[0].last;
  if (last === null) return 0;
  return migrationJournal().filter((entry) => entry.when <= Number(last)).length;
}

/**
 * A folder holding the first `level` migrations alone, for drizzle's migrator: a restore brings the schema to its
 * backup's level before loading the rows, and the upgrade test starts a database at each earlier level.
 * The caller removes the folder.
 */
export function migrationsUpTo(level: number): string {
  const entries = migrationJournal().slice(0, level);
  if (entries.length !== level) throw new Error(`There is no migration level ${level}.`);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-"));
  fs.mkdirSync(path.join(folder, "meta"));
  for (const entry of entries)
    fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8"));
  fs.writeFileSync(path.join(folder, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
  return folder;
}
