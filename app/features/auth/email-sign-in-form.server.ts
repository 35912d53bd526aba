import { data } from "react-router";
import { TOO_MANY_REQUESTS_MESSAGE } from "~/lib/api.server";
import type { AppContext } from "~/lib/app-context.server";
import { isHoneypotFilled } from "~/lib/honeypot";
import { consumeSignInLinkLimits, sendSignInLink } from "./email-sign-in.server";
import {
  type EmailSignInFormResult,
  type EmailSignInInput,
  EmailSignInSchema,
  SIGN_IN_LINK_SENT_MESSAGE,
  SIGN_IN_MAIL_FAILED_MESSAGE,
} from "./schema";

export type SignInLinkOutcome =
  | { sent: true }
  | { sent: false; reason: "rate-limited"; retryAfterSeconds: number }
  | { sent: false; reason: "mail-failed" };

/**
 * A request that passed the schema: counted against the address's and the client's limits, then mailed, unless the
 * honeypot says a robot sent it. The answer is the same for every address.
 */
export async function requestSignInLink(
  { db, env, mailer, clientIp, requestId }: AppContext,
  input: EmailSignInInput,
): Promise<SignInLinkOutcome> {
  const limit = await consumeSignInLinkLimits(db, input.email, clientIp);
  if (!limit.allowed) return { sent: false, reason: "rate-limited", retryAfterSeconds: limit.retryAfterSeconds };
  if (isHoneypotFilled(input)) return { sent: true };
  try {
    await sendSignInLink(db, env, mailer, input);
  } catch (error) {
    console.error(`[auth] request ${requestId}: could not send a sign-in link:`, error);
    return { sent: false, reason: "mail-failed" };
  }
  return { sent: true };
}

/** Sign-in by email without JavaScript: the API's checks in the API's order, answered as the form answers. */
export async function submitEmailSignInForm(app: AppContext, fields: Record<string, unknown>) {
  const email = typeof fields.email === "string" ? fields.email : "";
  const checked = EmailSignInSchema.safeParse(fields);
  if (!checked.success) {
    const [issue] = checked.error.issues;
    const refusal = issue.path[0] === "email" ? { emailError: issue.message } : { formError: issue.message };
    return data<EmailSignInFormResult>({ sent: false, email, ...refusal }, { status: 400 });
  }
  const outcome = await requestSignInLink(app, checked.data);
  if (outcome.sent) return data<EmailSignInFormResult>({ sent: true, message: SIGN_IN_LINK_SENT_MESSAGE });
  if (outcome.reason === "rate-limited") {
    return data<EmailSignInFormResult>(
      { sent: false, email, formError: TOO_MANY_REQUESTS_MESSAGE },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  return data<EmailSignInFormResult>({ sent: false, email, formError: SIGN_IN_MAIL_FAILED_MESSAGE }, { status: 503 });
}
