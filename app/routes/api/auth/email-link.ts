import { requestSignInLink } from "~/features/auth/email-sign-in-form.server";
import { isOidcEnabled } from "~/features/auth/oidc.server";
import {
  type EmailSignInResponse,
  EmailSignInSchema,
  SIGN_IN_LINK_SENT_MESSAGE,
  SIGN_IN_MAIL_FAILED_MESSAGE,
} from "~/features/auth/schema";
import { apiError, tooManyRequests } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";

export const calls = [
  /** Mails a sign-in link; the same answer for every valid address. Off when OpenID Connect is configured. */
  apiCall({
    method: "POST",
    path: "/api/auth/email-link",
    access: "public",
    available: ({ env }) => !isOidcEnabled(env),
    body: EmailSignInSchema,
    async handler({ context, body }) {
      const outcome = await requestSignInLink(context, body);
      if (outcome.sent) return { success: true, message: SIGN_IN_LINK_SENT_MESSAGE } satisfies EmailSignInResponse;
      if (outcome.reason === "rate-limited") return tooManyRequests(outcome.retryAfterSeconds);
      return apiError(503, SIGN_IN_MAIL_FAILED_MESSAGE);
    },
  }),
];
