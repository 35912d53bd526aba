import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { contacts } from "~/db/schema";
import { listPageOf, type OwnerListPage } from "~/lib/owner-list";
import { creationOrder, readListPage } from "~/lib/owner-list.server";
import type { ContactMessage } from "./inbox-types";
import type { ContactListQuery } from "./schema";

const contactColumns = {
  id: contacts.id,
  name: contacts.name,
  email: contacts.email,
  subject: contacts.subject,
  message: contacts.message,
  read: contacts.read,
  archived: contacts.archived,
  createdAt: contacts.createdAt,
};

/** One page of the inbox, with its counts from the database. */
export async function listContactMessages(
  db: Database,
  query: ContactListQuery,
): Promise<OwnerListPage<ContactMessage>> {
  const source = { table: contacts, columns: contactColumns, archivedColumn: contacts.archived };
  const order = creationOrder(contacts.createdAt, contacts.id, query.sort === "oldest" ? "asc" : "desc");
  const { rows, counts } = await readListPage(db, source, order, query);
  return listPageOf(
    rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    counts,
    query.page,
    "contact messages",
  );
}

/** The first page of the inbox's default view: newest first, archived ones hidden. */
export const FIRST_CONTACT_PAGE: ContactListQuery = { page: 1, archived: "exclude", sort: "newest" };

/** Marks a message read; null when there is no such message. */
export async function markContactMessageRead(db: Database, id: number): Promise<ContactMessage | null> {
  const [row] = await db.update(contacts).set({ read: true }).where(eq(contacts.id, id)).returning(contactColumns);
  return row ? { ...row, createdAt: row.createdAt.toISOString() } : null;
}

/** Archives the message (true) or restores it (false); asking twice leaves it as asked. */
export async function setContactMessageArchived(
  db: Database,
  id: number,
  archived: boolean,
): Promise<ContactMessage | null> {
  const [row] = await db.update(contacts).set({ archived }).where(eq(contacts.id, id)).returning(contactColumns);
  return row ? { ...row, createdAt: row.createdAt.toISOString() } : null;
}

/** Deletes a message for good; false when there was none. */
export async function deleteContactMessage(db: Database, id: number): Promise<boolean> {
  const deleted = await db.delete(contacts).where(eq(contacts.id, id)).returning({ id: contacts.id });
  return deleted.length > 0;
}
