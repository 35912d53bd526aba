/** A contact message as the owner's inbox shows it (GET /api/admin/contacts, the Contact Messages tab). */
export type ContactMessage = {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  read: boolean;
  archived: boolean;
  /** ISO 8601 */
  createdAt: string;
};

/** A reply the owner sent to a contact message (GET /api/admin/contacts/{id}/replies). */
export type ContactReply = { id: number; message: string; sentBy: string; createdAt: string };
