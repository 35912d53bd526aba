import { recordsChange } from "~/features/activity/changes.server";
import {
  countRecipients,
  createAnnouncement,
  listAnnouncements,
  renderAnnouncement,
  sendTestAnnouncement,
} from "~/features/mail/announcements.server";
import { AnnouncementDraftSchema, AnnouncementSchema, RecipientsQuerySchema } from "~/features/mail/schema";
import { apiError } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";
import { ROLES } from "~/lib/staff-roles";

export const calls = [
  /** Every announcement, newest first, with its queue's counts (queued, sent, failed, unsubscribed since). */
  apiCall({
    method: "GET",
    path: "/api/admin/email",
    access: { staff: ROLES.mail },
    handler: async ({ db }) => ({ success: true, message: "Announcements", data: await listAnnouncements(db) }),
  }),
  /** [?recipients=&tier=]: how many addresses that choice reaches now, for the confirmation before sending. */
  apiCall({
    method: "GET",
    path: "/api/admin/email/recipients",
    access: { staff: ROLES.mail },
    query: RecipientsQuerySchema,
    handler: async ({ db, query }) => ({
      success: true,
      message: "Recipients",
      data: { count: await countRecipients(db, query.recipients, query.tier) },
    }),
  }),
  /** An announcement: sent now (queued at once), or at `sendAt`. */
  apiCall({
    method: "POST",
    path: "/api/admin/email",
    access: { staff: ROLES.mail },
    activity: recordsChange(
      "announcement",
      ({ answer }) => ((answer as { data?: { queued?: boolean } }).data?.queued ? "sent" : "scheduled"),
      { recordFrom: "answer" },
    ),
    body: AnnouncementSchema,
    async handler({ db, context, body, staff }) {
      const made = await createAnnouncement(db, context.env, body, staff.email, new Date());
      if ("refused" in made) return apiError(400, made.refused, { featured: [made.refused] });
      return Response.json(
        { success: true, message: made.queued ? "Email Sending" : "Email Scheduled", data: made },
        { status: 201 },
      );
    },
  }),
  /** {subject, message, featured}: the mail as its readers will see it. */
  apiCall({
    method: "POST",
    path: "/api/admin/email/preview",
    access: { staff: ROLES.mail },
    activity: "none",
    body: AnnouncementDraftSchema,
    handler: async ({ db, context, body }) => ({
      success: true,
      message: "Preview",
      data: await renderAnnouncement(db, context.env, body),
    }),
  }),
  /** Sends the draft to the signed-in staff account's own address alone. */
  apiCall({
    method: "POST",
    path: "/api/admin/email/test",
    access: { staff: ROLES.mail },
    activity:
      async ({ body }) =>
      () => ({
        kind: "announcement.tested",
        subjectType: "announcement",
        subjectId: null,
        subjectTitle: body.subject,
      }),
    body: AnnouncementDraftSchema,
    async handler({ db, context, body, staff }) {
      await sendTestAnnouncement(db, context.env, context.mailer, body, staff.email);
      return { success: true, message: `Test sent to ${staff.email}` };
    },
  }),
];
