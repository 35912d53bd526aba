import { consumeSignInLinkLimits, sendSignInLink } from "~/features/auth/email-sign-in.server";
import { isOidcEnabled } from "~/features/auth/oidc.server";
import {
  type EmailSignInResponse,
  EmailSignInSchema,
  SIGN_IN_LINK_SENT_MESSAGE,
  SIGN_IN_MAIL_FAILED_MESSAGE,
} from "~/features/auth/schema";
import { apiError, methodNotAllowed, notFound, parseJsonBody, tooManyRequests } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { isHoneypotFilled } from "~/lib/honeypot";
import type { Route } from "./+types/email-link";

export const loader = methodNotAllowed;

/** Mails a sign-in link; the same answer for every valid address. Off when OpenID Connect is configured. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, env, mailer, clientIp, requestId } = context.get(appContext);
  if (isOidcEnabled(env)) return notFound();
  if (request.method !== "POST") return methodNotAllowed();
  const body = await parseJsonBody(request, EmailSignInSchema);
  if (!body.ok) return body.response;
  const limit = await consumeSignInLinkLimits(db, body.data.email, clientIp);
  if (!limit.allowed) return tooManyRequests(limit.retryAfterSeconds);
  if (isHoneypotFilled(body.data))
    return { success: true, message: SIGN_IN_LINK_SENT_MESSAGE } satisfies EmailSignInResponse;
  try {
    await sendSignInLink(db, env, mailer, body.data);
  } catch (error) {
    console.error(`[auth] request ${requestId}: could not send a sign-in link:`, error);
    return apiError(503, SIGN_IN_MAIL_FAILED_MESSAGE);
  }
  return { success: true, message: SIGN_IN_LINK_SENT_MESSAGE } satisfies EmailSignInResponse;
}
