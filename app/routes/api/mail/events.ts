import { MailEventsSchema } from "~/features/mail/schema";
import { bearerMatches, suppressReported } from "~/features/mail/suppressions.server";
import { apiError, parseJsonBody } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";

export const calls = [
  /**
   * The mail provider's bounces and complaints (docs/mail.md): each address is suppressed and its queued mail with it.
   * Authenticated by `Authorization: Bearer MAIL_EVENTS_SECRET`, checked before the body is read, so a sender without
   * the secret learns nothing of the body's rules; without the setting the address does not exist.
   */
  apiCall({
    method: "POST",
    path: "/api/mail/events",
    access: "public",
    available: (context) => context.env.MAIL_EVENTS_SECRET !== undefined,
    async handler({ db, context, request }) {
      const secret = context.env.MAIL_EVENTS_SECRET;
      if (!secret || !bearerMatches(request.headers.get("authorization"), secret)) {
        return apiError(401, "Unauthorized");
      }
      const parsed = await parseJsonBody(request, MailEventsSchema);
      if (!parsed.ok) return parsed.response;
      const suppressed = await suppressReported(db, parsed.data.events);
      return { success: true, message: `${suppressed} addresses suppressed`, suppressed };
    },
  }),
];
