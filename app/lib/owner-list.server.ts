import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { z } from "zod";
import type { Database } from "~/db/client.server";
import { apiError, parseJsonBody, validationError } from "~/lib/api.server";
import { ArchiveChangeSchema, type ArchivedFilter, OWNER_LIST_PAGE_SIZE, type OwnerListCounts } from "~/lib/owner-list";

type Parsed<T> = { ok: true; data: T } | { ok: false; response: ReturnType<typeof apiError> };

/**
 * Reads an owner list's query string with its zod schema: a parameter given twice, one the list does not know, or a
 * value out of range is a 400 naming the parameter, before any query runs.
 */
export function parseListQuery<Schema extends z.ZodType>(request: Request, schema: Schema): Parsed<z.infer<Schema>> {
  const params = new URL(request.url).searchParams;
  const values: Record<string, string> = {};
  for (const [name, value] of params) {
    if (name in values) return { ok: false, response: apiError(400, `${name} must be given once`) };
    values[name] = value;
  }
  const result = schema.safeParse(values);
  if (!result.success) return { ok: false, response: validationError(result.error, "query") };
  return { ok: true, data: result.data };
}

/**
 * PATCH …/archive says which way in its body ({ archived: true | false }); the spec's call sends no body and means
 * archive. Either way a repeated request leaves the row as asked instead of flipping it back.
 */
export async function parseArchiveChange(request: Request): Promise<Parsed<boolean>> {
  const declaredLength = request.headers.get("content-length");
  const hasBody =
    request.headers.has("content-type") ||
    request.headers.has("transfer-encoding") ||
    (declaredLength !== null && declaredLength !== "0");
  if (!hasBody) return { ok: true, data: true };
  const parsed = await parseJsonBody(request, ArchiveChangeSchema);
  return parsed.ok ? { ok: true, data: parsed.data.archived } : parsed;
}

/**
 * A CSV download streamed from the database: `batches` yields rows a batch at a time and is read only as fast as the
 * client takes the file, so a list of any length never sits in memory whole. The byte-order mark lets spreadsheet
 * programs read the file as UTF-8; lines end in CRLF (RFC 4180).
 */
export function csvResponse(fileName: string, lines: AsyncIterable<string[]>): Response {
  const encoder = new TextEncoder();
  const iterator = lines[Symbol.asyncIterator]();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode("\uFEFF"));
    },
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(next.value.map((line) => `${line}\r\n`).join("")));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
    },
  });
}

/** Rows a CSV export reads from the database at a time. */
const EXPORT_BATCH_SIZE = 1000;

/** An order for keyset paging: every key sorts the same way, and the keys together are unique (the id, or a unique address). */
export type ListOrder = { keys: { sql: SQL; type: "timestamptz" | "integer" | "text" }[]; direction: "asc" | "desc" };

/** What an owner list reads: its table and columns, which rows it may show, its search, and its archived flag. */
export type ListSource<Columns extends SelectedFields> = {
  table: PgTable;
  columns: Columns;
  /** The list's archived flag; a list without one (episodes) has no Show Archived. */
  archivedColumn?: PgColumn;
  /** Rows this viewer may see at all (for example one applicant's own); undefined for every row. */
  scope?: SQL;
  /** The search condition; undefined when the list has no search or the search is empty. */
  search?: SQL;
};

type Row<Columns extends SelectedFields> = SelectResultFields<Columns>;

function viewCondition(source: ListSource<SelectedFields>, archived: ArchivedFilter): SQL | undefined {
  const hideArchived = archived === "exclude" && source.archivedColumn;
  return and(source.scope, hideArchived ? eq(hideArchived, false) : undefined);
}

function orderBy(order: ListOrder): SQL[] {
  return order.keys.map((key) => (order.direction === "asc" ? asc(key.sql) : desc(key.sql)));
}

/** One page of a list and its counts, each a single query the database answers from its indexes where it can. */
export async function readListPage<Columns extends SelectedFields>(
  db: Database,
  source: ListSource<Columns>,
  order: ListOrder,
  view: { page: number; archived: ArchivedFilter },
): Promise<{ rows: Row<Columns>[]; counts: OwnerListCounts }> {
  const inView = viewCondition(source as ListSource<SelectedFields>, view.archived);
  const matching = and(inView, source.search);
  // One pass over the rows the viewer may see, the search evaluated once per row for all three counts.
  const listed = sql`(select ${source.archivedColumn ?? sql`false`} as archived, ${source.search ?? sql`true`} as hit from ${source.table}${
    source.scope ? sql` where ${source.scope}` : sql``
  }) as listed`;
  const shown = view.archived === "exclude" ? sql`not listed.archived` : sql`true`;
  const countResult = await db.execute(
    sql`select count(*) filter (where ${shown}) as total, count(*) filter (where ${shown} and listed.hit) as matching,
      count(*) filter (where listed.archived and listed.hit) as archived from ${listed}`,
  );
  const [countRow] = (countResult as unknown as { rows: Record<keyof OwnerListCounts, string | number>[] }).rows;
  const counts: OwnerListCounts = {
    total: Number(countRow.total),
    matching: Number(countRow.matching),
    archived: Number(countRow.archived),
  };
  const rows = await db
    .select(source.columns as SelectedFields)
    .from(source.table)
    .where(matching)
    .orderBy(...orderBy(order))
    .limit(OWNER_LIST_PAGE_SIZE)
    .offset((view.page - 1) * OWNER_LIST_PAGE_SIZE);
  return { rows: rows as Row<Columns>[], counts };
}

/**
 * Every row of a list view, a batch at a time, in the list's order. Each batch continues after the last row of the
 * one before (keyset paging), so a row added or removed meanwhile neither repeats nor shifts a row out of the file.
 */
export async function* readAllOfList<Columns extends SelectedFields>(
  db: Database,
  source: ListSource<Columns>,
  order: ListOrder,
  archived: ArchivedFilter,
): AsyncGenerator<Row<Columns>[]> {
  const matching = and(viewCondition(source as ListSource<SelectedFields>, archived), source.search);
  // Keys are read back as text, so a timestamp keeps its microseconds (a JavaScript date would round them).
  const keyColumns = Object.fromEntries(
    order.keys.map((key, index) => [`key${index}`, sql<string>`(${key.sql})::text`]),
  );
  let after: string[] | null = null;
  for (;;) {
    const past: SQL | undefined =
      after === null
        ? undefined
        : sql`(${sql.join(
            order.keys.map((key) => key.sql),
            sql`, `,
          )}) ${sql.raw(order.direction === "asc" ? ">" : "<")} (${sql.join(
            after.map((value, index) => sql`cast(${value} as ${sql.raw(order.keys[index].type)})`),
            sql`, `,
          )})`;
    const batch = await db
      .select({ ...source.columns, ...keyColumns } as SelectedFields)
      .from(source.table)
      .where(and(matching, past))
      .orderBy(...orderBy(order))
      .limit(EXPORT_BATCH_SIZE);
    if (batch.length === 0) return;
    const last = batch[batch.length - 1] as Record<string, string>;
    after = order.keys.map((_, index) => last[`key${index}`]);
    yield batch as unknown as Row<Columns>[];
    if (batch.length < EXPORT_BATCH_SIZE) return;
  }
}

/** Newest first ("desc", the spec's lists) or oldest first, the id breaking ties between rows made together. */
export function creationOrder(createdAt: PgColumn, id: PgColumn, direction: ListOrder["direction"]): ListOrder {
  return {
    keys: [
      { sql: sql`${createdAt}`, type: "timestamptz" },
      { sql: sql`${id}`, type: "integer" },
    ],
    direction,
  };
}
