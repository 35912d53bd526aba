import { recordsChange } from "~/features/activity/changes.server";
import { listContactReplies, replyToContact } from "~/features/contacts/replies.server";
import { ContactReplySchema } from "~/features/contacts/schema";
import { notFound } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";
import { ROLES } from "~/lib/staff-roles";

export const calls = [
  /** The replies sent to a message, oldest first. */
  apiCall({
    method: "GET",
    path: "/api/admin/contacts/:id/replies",
    access: { staff: ROLES.audience },
    async handler({ db, id }) {
      const data = await listContactReplies(db, id);
      if (!data) return notFound("Contact message not found");
      return { success: true, message: "Replies", data };
    },
  }),
  /** {message}: mails the reply to the sender and keeps it with the message. */
  apiCall({
    method: "POST",
    path: "/api/admin/contacts/:id/replies",
    access: { staff: ROLES.audience },
    activity: recordsChange("contact", "replied"),
    body: ContactReplySchema,
    async handler({ db, context, id, body, staff }) {
      const data = await replyToContact(db, context.mailer, id, body.message, staff.email);
      if (!data) return notFound("Contact message not found");
      return Response.json({ success: true, message: "Reply Sent", data }, { status: 201 });
    },
  }),
];
