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
