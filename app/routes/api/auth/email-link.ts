import { requestSignInLink } from "~/features/auth/email-sign-in-form.server";
import { isOidcEnabled } from "~/features/auth/oidc.server";
import {
  type EmailSignInResponse,
  EmailSignInSchema,
  SIGN_IN_LINK_SENT_MESSAGE,
  SIGN_IN_MAIL_FAILED_MESSAGE,
} from "~/features/auth/schema";
import { apiError, methodNotAllowed, notFound, parseJsonBody, tooManyRequests } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import type { Route } from "./+types/email-link";

export const loader = methodNotAllowed;

/** Mails a sign-in link; the same answer for every valid address. Off when OpenID Connect is configured. */
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  if (isOidcEnabled(app.env)) return notFound();
  if (request.method !== "POST") return methodNotAllowed();
  const body = await parseJsonBody(request, EmailSignInSchema);
  if (!body.ok) return body.response;
  const outcome = await requestSignInLink(app, body.data);
  if (outcome.sent) return { success: true, message: SIGN_IN_LINK_SENT_MESSAGE } satisfies EmailSignInResponse;
  if (outcome.reason === "rate-limited") return tooManyRequests(outcome.retryAfterSeconds);
  return apiError(503, SIGN_IN_MAIL_FAILED_MESSAGE);
}
