import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER, openDatabase } from "./client.server";
import { migrationJournal, migrationLevel, migrationsUpTo } from "./migration-levels.server";

type Column = { name: string; type: string; udt: string; nullable: boolean; generated: boolean; defaulted: boolean };
type Reference = { table: string; column: string; refTable: string; refColumn: string };

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

async function rows<Row>(client: PGlite, query: string): Promise<Row[]> {
  return (await client.query<Row>(query)).rows;
}

/** The public tables, each after those its foreign keys name. */
async function tablesInOrder(client: PGlite, references: Reference[]): Promise<string[]> {
  const names = (
    await rows<{ name: string }>(client, "select tablename as name from pg_tables where schemaname = 'public'")
  ).map((row) => row.name);
  const ordered: string[] = [];
  const place = (table: string) => {
    if (ordered.includes(table)) return;
    for (const reference of references)
      if (reference.table === table && reference.refTable !== table) place(reference.refTable);
    ordered.push(table);
  };
  for (const name of names.sort()) place(name);
  return ordered;
}

/**
 * A value for a column: the newest row of the table its foreign key names, the first value a `col = ANY (ARRAY[…])`
 * check allows, else one of the column's type.
 */
function valueFor(table: string, column: Column, checks: string[], references: Reference[], level: number): string {
  const reference = references.find((each) => each.table === table && each.column === column.name);
  if (reference)
    // The row this level just added (the latest transaction), so that a unique foreign key gets a row of its own.
    return `(select ${quoted(reference.refColumn)} from ${quoted(reference.refTable)} order by xmin::text::bigint desc limit 1)`;
  for (const check of checks) {
    const allowed = new RegExp(`\\(?${column.name}\\)?(?:::text)? = ANY \\(\\(?ARRAY\\['([^']*)'`).exec(check);
    if (allowed) return literal(allowed[1]);
    const only = new RegExp(`\\(${column.name} = (\\d+)\\)`).exec(check);
    if (only) return only[1];
  }
  if (column.type === "ARRAY") return "'{}'";
  switch (column.udt) {
    case "int2":
    case "int4":
    case "int8":
    case "numeric":
    case "float4":
    case "float8":
      return String(level);
    case "bool":
      return "true";
    case "timestamptz":
    case "timestamp":
      return "'2026-01-02T03:04:05Z'";
    case "date":
      return "'2026-01-02'";
    case "json":
    case "jsonb":
      return "'{}'";
    case "uuid":
      return `'00000000-0000-4000-8000-${String(level).padStart(12, "0")}'`;
    case "bytea":
      return "'\\x0102'";
    default:
      return literal(`${table}.${column.name}.${level}@example.com`);
  }
}

/** Adds one row to every table, with a value in every column but the generated ones; `level` makes it unique. */
async function fillEveryTable(client: PGlite, level: number): Promise<void> {
  const references = await rows<Reference>(
    client,
    `select kcu.table_name as table, kcu.column_name as column, ccu.table_name as "refTable",
       ccu.column_name as "refColumn"
     from information_schema.table_constraints tc
     join information_schema.key_column_usage kcu
       on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
     join information_schema.constraint_column_usage ccu
       on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
     where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public'`,
  );
  for (const table of await tablesInOrder(client, references)) {
    const columns = await rows<Column>(
      client,
      `select column_name as name, data_type as type, udt_name as udt, is_nullable = 'YES' as nullable,
         (is_generated = 'ALWAYS' or is_identity = 'YES' or coalesce(column_default, '') like 'nextval(%') as generated,
         column_default is not null as defaulted
       from information_schema.columns where table_schema = 'public' and table_name = ${literal(table)}
       order by ordinal_position`,
    );
    const checks = (
      await rows<{ definition: string }>(
        client,
        `select pg_get_constraintdef(oid) as definition from pg_constraint
         where conrelid = ${literal(quoted(table))}::regclass and contype = 'c'`,
      )
    ).map((row) => row.definition);
    const filled = columns.filter((column) => !column.generated);
    const names = filled.map((column) => quoted(column.name)).join(", ");
    const values = filled.map((column) => valueFor(table, column, checks, references, level)).join(", ");
    try {
      await client.query(`insert into ${quoted(table)} (${names}) values (${values})`);
    } catch (error) {
      // A table of one row (the site's settings) has its row from an earlier level: that row climbs the levels.
      const code = (error as { code?: string }).code;
      const [{ count }] = await rows<{ count: number }>(client, `select count(*)::int as count from ${quoted(table)}`);
      if (!(count > 0 && (code === "23514" || code === "23505"))) throw error;
    }
  }
}

/** Every table's rows, as objects keyed by column. */
async function everyRow(client: PGlite): Promise<Map<string, Record<string, unknown>[]>> {
  const tables = new Map<string, Record<string, unknown>[]>();
  for (const { name } of await rows<{ name: string }>(
    client,
    "select tablename as name from pg_tables where schemaname = 'public' order by 1",
  ))
    tables.set(
      name,
      await rows<Record<string, unknown>>(client, `select to_jsonb(t) as row from ${quoted(name)} t`).then((found) =>
        found.map((each) => each.row as Record<string, unknown>),
      ),
    );
  return tables;
}

/**
 * What the migration at `level` (counting from 1) changes on purpose, read from its SQL: the tables and columns it
 * drops, and the tables whose rows it rewrites (a backfill), of which only the row's key must survive.
 */
function changedOnPurpose(level: number) {
  const tables = new Set<string>();
  const columns = new Set<string>();
  const rewritten = new Set<string>();
  const { tag } = migrationJournal()[level - 1];
  const text = fs.readFileSync(path.join(MIGRATIONS_FOLDER, `${tag}.sql`), "utf8");
  for (const match of text.matchAll(/DROP TABLE (?:IF EXISTS )?"?(\w+)"?/gi)) tables.add(match[1]);
  for (const match of text.matchAll(/ALTER TABLE "?(\w+)"? DROP COLUMN (?:IF EXISTS )?"?(\w+)"?/gi))
    columns.add(`${match[1]}.${match[2]}`);
  for (const match of text.matchAll(/UPDATE "?(\w+)"?/gi)) rewritten.add(match[1]);
  return { tables, columns, rewritten };
}

/** What was in `before` and is not in `after`, but for what the migration at `level` drops or rewrites on purpose. */
function lostRows(
  before: Map<string, Record<string, unknown>[]>,
  after: Map<string, Record<string, unknown>[]>,
  level: number,
): string[] {
  const changed = changedOnPurpose(level);
  const lost: string[] = [];
  for (const [table, oldRows] of before) {
    const newRows = after.get(table);
    if (!newRows) {
      if (!changed.tables.has(table)) lost.push(`table ${table}`);
      continue;
    }
    if (newRows.length < oldRows.length) lost.push(`${oldRows.length - newRows.length} rows of ${table}`);
    const columns = Object.keys(oldRows[0] ?? {}).filter((column) => !changed.columns.has(`${table}.${column}`));
    const present = new Set(Object.keys(newRows[0] ?? {}));
    for (const column of columns)
      if (newRows.length > 0 && !present.has(column)) lost.push(`column ${table}.${column}`);
    const compared =
      changed.rewritten.has(table) && columns.includes("id") ? ["id"] : columns.filter((c) => present.has(c));
    const project = (row: Record<string, unknown>) => JSON.stringify(compared.map((column) => row[column]));
    const kept = new Set(newRows.map(project));
    for (const row of oldRows) if (!kept.has(project(row))) lost.push(`row of ${table}: ${project(row)}`);
  }
  return lost;
}

const latest = migrationJournal().length;

/**
 * One database climbs every migration level: at each, every table gets a row with a value in every column, and the
 * next migration must keep every row written so far. The rows written at level 1 thus reach the latest level through
 * every migration, as do those of every later level: the same as migrating a database from each level, in one pass.
 */
describe("upgrading keeps the data", () => {
  it("keeps every row of every table written at each earlier level, up to the latest", async () => {
    const client = new PGlite();
    try {
      for (let level = 1; level < latest; level++) {
        const folder = migrationsUpTo(level);
        try {
          const database = await openDatabase({ kind: "memory", client }, { migrationsFolder: folder });
          expect(await migrationLevel(database.db)).toBe(level);
        } finally {
          fs.rmSync(folder, { recursive: true, force: true });
        }
        await fillEveryTable(client, level);
        const before = await everyRow(client);
        const next = migrationsUpTo(level + 1);
        try {
          await openDatabase({ kind: "memory", client }, { migrationsFolder: next });
        } finally {
          fs.rmSync(next, { recursive: true, force: true });
        }
        expect({ level, lost: lostRows(before, await everyRow(client), level + 1) }).toEqual({ level, lost: [] });
      }
      const database = await openDatabase({ kind: "memory", client });
      expect(await migrationLevel(database.db)).toBe(latest);
    } finally {
      await client.close();
    }
  }, 120_000);
});
