import { desc, eq, not } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { subscribers } from "~/db/schema";
import type { SubscriberView } from "./subscriber-list";

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

/** Every subscriber, archived ones included (the list hides them until Show Archived), newest first. */
export async function listSubscribers(db: Database): Promise<SubscriberView[]> {
  const rows = await db
    .select(subscriberColumns)
    .from(subscribers)
    .orderBy(desc(subscribers.createdAt), desc(subscribers.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** Archives a subscriber, or restores an archived one. */
export async function toggleSubscriberArchived(db: Database, id: number): Promise<SubscriberView | null> {
  const [row] = await db
    .update(subscribers)
    .set({ archived: not(subscribers.archived) })
    .where(eq(subscribers.id, id))
    .returning(subscriberColumns);
  return row ? { ...row, createdAt: row.createdAt.toISOString() } : null;
}

export async function deleteSubscriber(db: Database, id: number): Promise<boolean> {
  const deleted = await db.delete(subscribers).where(eq(subscribers.id, id)).returning({ id: subscribers.id });
  return deleted.length > 0;
}
