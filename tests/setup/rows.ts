import { eq, type InferSelectModel } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";

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
