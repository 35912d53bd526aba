import { eq, type InferSelectModel, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";
import { tablesInDependencyOrder } from "~/features/backup/database-dump.server";

type TableWithId = PgTable & { id: AnyPgColumn };

/** The row of `table` with this id as it is stored now, or undefined once it is gone: what a call changed. */
export async function rowById<Table extends TableWithId>(
  db: Database,
  table: Table,
  id: number,
): Promise<InferSelectModel<Table> | undefined> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id));
  return row as InferSelectModel<Table> | undefined;
}

/**
 * Every table's rows as PostgreSQL writes them in JSON (timestamps in UTC, so that PGlite and a PostgreSQL server
 * agree), each table's sorted: what a backup and its restore must both hold.
 */
export async function everyTableRow(db: Database): Promise<Record<string, string[]>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`);
    const tables: Record<string, string[]> = {};
    for (const table of await tablesInDependencyOrder(tx as unknown as Database)) {
      const result = await tx.execute(sql.raw(`select row_to_json(t)::text as line from "${table}" t order by 1`));
      tables[table] = (result as unknown as { rows: { line: string }[] }).rows.map((row) => row.line);
    }
    return tables;
  });
}
