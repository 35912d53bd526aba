import type { Database } from "~/db/client.server";
import { contacts } from "~/db/schema";
import { CONTACT_SUBJECT_LABELS, type ContactMessageInput } from "./schema";

export type StoredContact = ContactMessageInput & { id: number; createdAt: Date };

/** Stores a validated contact message as new (unread, not archived). */
export async function createContact(db: Database, input: ContactMessageInput): Promise<StoredContact> {
  const [row] = await db
    .insert(contacts)
    .values({ name: input.name, email: input.email, subject: input.subject, message: input.message })
    .returning({ id: contacts.id, createdAt: contacts.createdAt });
  return { ...input, ...row };
}

/** A mail header is one line: collapse what a visitor typed so it cannot add lines or headers. */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** The owner's notice of a new message: who, about what, the message itself, and where to answer it. */
export function contactNotice(contact: StoredContact, siteUrl: string) {
  const subjectLabel = CONTACT_SUBJECT_LABELS[contact.subject];
  return {
    subject: oneLine(`New contact message (${subjectLabel}) from ${contact.name}`),
    text: [
      `From: ${oneLine(contact.name)} <${contact.email}>`,
      `Subject: ${subjectLabel}`,
      `Received: ${contact.createdAt.toISOString()}`,
      "",
      contact.message,
      "",
      `Read and answer it in the admin area: ${siteUrl}/admin/contacts`,
    ].join("\n"),
  };
}
