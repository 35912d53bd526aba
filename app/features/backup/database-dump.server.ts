import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";

/** Rows fetched from a dump's cursor at a time, and inserted by a restore at a time. */
const ROWS_PER_BATCH = 500;

type Rows<Row> = { rows: Row[] };
const rowsOf = async <Row>(query: Promise<unknown>) => ((await query) as Rows<Row>).rows;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The application's tables (schema `public`), each after the tables its foreign keys name, so that a restore inserts
 * every row after the rows it refers to. Drizzle's own record of migrations is not among them: a restore rebuilds it
 * by migrating.
 */
export async function tablesInDependencyOrder(db: Database): Promise<string[]> {
  const tables = await rowsOf<{ name: string }>(
    db.execute(sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`),
  );
  const references = await rowsOf<{ child: string; parent: string }>(
    db.execute(sql`select child.relname as child, parent.relname as parent from pg_constraint k
      join pg_class child on child.oid = k.conrelid join pg_class parent on parent.oid = k.confrelid
      join pg_namespace n on n.oid = k.connamespace
      where k.contype = 'f' and n.nspname = 'public'`),
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  const place = (table: string, path: string[]) => {
    if (placed.has(table)) return;
    if (path.includes(table)) throw new Error(`The tables' foreign keys form a cycle: ${[...path, table].join(" → ")}`);
    for (const { child, parent } of references)
      if (child === table && parent !== table) place(parent, [...path, table]);
    placed.add(table);
    ordered.push(table);
  };
  for (const { name } of tables) place(name, []);
  return ordered;
}

export type TableDump = { table: string; file: string; rows: number; sha256: string };

/**
 * Writes every table's rows into `folder` as `<table>.jsonl`, one `row_to_json` line per row, all read in one
 * REPEATABLE READ transaction: one snapshot of the whole database, whatever commits meanwhile. The lines are kept as
 * PostgreSQL wrote them (never parsed here), so numbers, timestamps and bytes come back exactly.
 */
export async function dumpDatabase(db: Database, folder: string): Promise<TableDump[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    const dumps: TableDump[] = [];
    for (const table of await tablesInDependencyOrder(tx as unknown as Database)) {
      const file = `${table}.jsonl`;
      const out = createWriteStream(path.join(folder, file));
      const hash = createHash("sha256");
      let rows = 0;
      await tx.execute(
        sql.raw(`declare dump_rows no scroll cursor for select row_to_json(t)::text as line from ${quoted(table)} t`),
      );
      for (;;) {
        const batch = await rowsOf<{ line: string }>(tx.execute(sql.raw(`fetch ${ROWS_PER_BATCH} from dump_rows`)));
        if (batch.length === 0) break;
        const text = `${batch.map((row) => row.line).join("\n")}\n`;
        hash.update(text);
        rows += batch.length;
        if (!out.write(text)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
      }
      await tx.execute(sql.raw("close dump_rows"));
      await new Promise<void>((resolve, reject) =>
        out.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
      dumps.push({ table, file, rows, sha256: hash.digest("hex") });
    }
    return dumps;
  });
}

/**
 * Inserts the rows of `dumps` (files in `folder`, tables in dependency order) into a database just migrated to the
 * schema the dump was taken at, in one transaction, then moves each serial and identity sequence past the largest id.
 * Some migrations insert rows of their own (sample events); the dump holds those the site kept, so the tables are
 * emptied first. Generated columns are left to PostgreSQL.
 */
export async function loadDatabase(db: Database, folder: string, dumps: { table: string; file: string }[]) {
  await db.transaction(async (tx) => {
    if (dumps.length > 0)
      await tx.execute(sql.raw(`truncate table ${dumps.map(({ table }) => quoted(table)).join(", ")}`));
    for (const { table, file } of dumps) {
      const columns = await rowsOf<{ name: string }>(
        tx.execute(sql`select attname as name from pg_attribute
          where attrelid = ${quoted(table)}::regclass and attnum > 0 and not attisdropped and attgenerated = ''
          order by attnum`),
      );
      const list = columns.map((column) => quoted(column.name)).join(", ");
      const insert = (lines: string[]) =>
        tx.execute(
          sql`${sql.raw(`insert into ${quoted(table)} (${list}) overriding system value select ${list} from json_populate_recordset(null::${quoted(table)}, `)}${`[${lines.join(",")}]`}::json)`,
        );
      let batch: string[] = [];
      const lines = createInterface({ input: createReadStream(path.join(folder, file)), crlfDelay: Infinity });
      for await (const line of lines) {
        if (line === "") continue;
        batch.push(line);
        if (batch.length === ROWS_PER_BATCH) {
          await insert(batch);
          batch = [];
        }
      }
      if (batch.length > 0) await insert(batch);
    }
    const sequences = await rowsOf<{ table: string; column: string }>(
      tx.execute(sql`select table_name as table, column_name as column from information_schema.columns
        where table_schema = 'public' and (column_default like 'nextval(%' or is_identity = 'YES')`),
    );
    for (const { table, column } of sequences)
      await tx.execute(
        sql.raw(`select setval(pg_get_serial_sequence('${quoted(table)}', '${column}'),
          coalesce((select max(${quoted(column)}) from ${quoted(table)}), 0) + 1, false)`),
      );
  });
}
