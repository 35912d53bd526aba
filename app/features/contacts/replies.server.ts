import { asc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { contactReplies, contacts } from "~/db/schema";
import type { Mailer } from "~/lib/mailer.server";
import { getSiteSettings } from "~/lib/site-settings.server";
import type { ContactReply } from "./inbox-types";

const replyView = (row: typeof contactReplies.$inferSelect): ContactReply => ({
  id: row.id,
  message: row.message,
  sentBy: row.sentBy,
  createdAt: row.createdAt.toISOString(),
});

/** The replies to a message, oldest first; null when there is no such message. */
export async function listContactReplies(db: Database, contactId: number): Promise<ContactReply[] | null> {
  const [contact] = await db.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, contactId));
  if (!contact) return null;
  const rows = await db
    .select()
    .from(contactReplies)
    .where(eq(contactReplies.contactId, contactId))
    .orderBy(asc(contactReplies.createdAt), asc(contactReplies.id));
  return rows.map(replyView);
}

/**
 * Mails the reply to the message's sender, quoting their message, and keeps it with the message. The mail goes first:
 * a reply the mail server refused is not kept as though it had been sent (the caller answers the failure).
 */
export async function replyToContact(
  db: Database,
  mailer: Mailer,
  contactId: number,
  message: string,
  sentBy: string,
): Promise<ContactReply | null> {
  const [contact] = await db.select().from(contacts).where(eq(contacts.id, contactId));
  if (!contact) return null;
  const { showName } = await getSiteSettings(db);
  const quoted = contact.message
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
  await mailer.send({
    to: contact.email,
    subject: `Re: ${contact.subject} (${showName})`,
    text: `${message}\n\n${showName}\n\nYou wrote on ${contact.createdAt.toUTCString()}:\n${quoted}\n`,
  });
  const [row] = await db.insert(contactReplies).values({ contactId, message, sentBy }).returning();
  return replyView(row);
}
