import { desc, eq, not } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { contacts } from "~/db/schema";
import type { ContactMessage } from "./inbox-types";

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

/** Every message, archived ones included (the inbox hides them until Show Archived), newest first. */
export async function listContactMessages(db: Database): Promise<ContactMessage[]> {
  const rows = await db.select(contactColumns).from(contacts).orderBy(desc(contacts.createdAt), desc(contacts.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** Marks a message read; null when there is no such message. */
export async function markContactMessageRead(db: Database, id: number): Promise<ContactMessage | null> {
  const [row] = await db.update(contacts).set({ read: true }).where(eq(contacts.id, id)).returning(contactColumns);
  return row ? { ...row, createdAt: row.createdAt.toISOString() } : null;
}

/** Archives a message, or restores an archived one (the spec promises archiving can be reversed). */
export async function toggleContactMessageArchived(db: Database, id: number): Promise<ContactMessage | null> {
  const [row] = await db
    .update(contacts)
    .set({ archived: not(contacts.archived) })
    .where(eq(contacts.id, id))
    .returning(contactColumns);
  return row ? { ...row, createdAt: row.createdAt.toISOString() } : null;
}

/** Deletes a message for good; false when there was none. */
export async function deleteContactMessage(db: Database, id: number): Promise<boolean> {
  const deleted = await db.delete(contacts).where(eq(contacts.id, id)).returning({ id: contacts.id });
  return deleted.length > 0;
}
