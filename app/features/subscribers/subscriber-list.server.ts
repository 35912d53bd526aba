import { eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { subscribers } from "~/db/schema";
import { type ArchivedFilter, listPageOf, type OwnerListPage } from "~/lib/owner-list";
import { creationOrder, type ListOrder, type ListSource, readAllOfList, readListPage } from "~/lib/owner-list.server";
import type { SubscriberListQuery, SubscriberSort } from "./schema";
import { SUBSCRIBER_CSV_HEADER_LINE, type SubscriberView, subscriberCsvLine } from "./subscriber-list";

const subscriberColumns = {
  id: subscribers.id,
  email: subscribers.email,
  firstName: subscribers.firstName,
  lastName: subscribers.lastName,
  source: subscribers.source,
  active: subscribers.active,
  archived: subscribers.archived,
  createdAt: subscribers.createdAt,
};

type SubscriberRow = { createdAt: Date } & Omit<SubscriberView, "createdAt">;
const toView = (row: SubscriberRow): SubscriberView => ({ ...row, createdAt: row.createdAt.toISOString() });

/** Spec section 5 "Subscriber search": a case-insensitive substring of the email or the first name. */
function searchCondition(search: string): SQL | undefined {
  if (!search) return undefined;
  return sql`(strpos(lower(${subscribers.email}), lower(${search})) > 0 or strpos(lower(coalesce(${subscribers.firstName}, '')), lower(${search})) > 0)`;
}

const ORDERS: Record<SubscriberSort, ListOrder> = {
  newest: creationOrder(subscribers.createdAt, subscribers.id, "desc"),
  oldest: creationOrder(subscribers.createdAt, subscribers.id, "asc"),
  // Addresses are unique in any letter case (an index on lower(email)), so the address alone orders every row.
  email: { keys: [{ sql: sql`lower(${subscribers.email})`, type: "text" }], direction: "asc" },
};

function sourceFor(search: string): ListSource<typeof subscriberColumns> {
  return {
    table: subscribers,
    columns: subscriberColumns,
    archivedColumn: subscribers.archived,
    search: searchCondition(search),
  };
}

/** One page of the owner's subscriber list, with the total and matching counts from the database. */
export async function listSubscribers(
  db: Database,
  query: SubscriberListQuery,
): Promise<OwnerListPage<SubscriberView>> {
  const { rows, counts } = await readListPage(db, sourceFor(query.q), ORDERS[query.sort], query);
  return listPageOf(rows.map(toView), counts, query.page, "subscribers");
}

/** The first page of the default view: newest first, archived ones hidden, no search. */
export const FIRST_SUBSCRIBER_PAGE: SubscriberListQuery = { page: 1, archived: "exclude", q: "", sort: "newest" };

/** Spec section 9's CSV lines (Email, First Name, Subscription Date as YYYY-MM-DD, UTC) for every row in view. */
export async function* subscriberCsvLines(
  db: Database,
  query: { q: string; archived: ArchivedFilter; sort: SubscriberSort },
): AsyncGenerator<string[]> {
  yield [SUBSCRIBER_CSV_HEADER_LINE];
  for await (const batch of readAllOfList(db, sourceFor(query.q), ORDERS[query.sort], query.archived)) {
    yield batch.map(subscriberCsvLine);
  }
}

/** Archives the subscriber (true) or restores them (false); asking twice leaves them as asked. */
export async function setSubscriberArchived(
  db: Database,
  id: number,
  archived: boolean,
): Promise<SubscriberView | null> {
  const [row] = await db
    .update(subscribers)
    .set({ archived })
    .where(eq(subscribers.id, id))
    .returning(subscriberColumns);
  return row ? toView(row) : null;
}

export async function deleteSubscriber(db: Database, id: number): Promise<boolean> {
  const deleted = await db.delete(subscribers).where(eq(subscribers.id, id)).returning({ id: subscribers.id });
  return deleted.length > 0;
}
