import { data } from "react-router";
import { consumePublicFormLimit, TOO_MANY_REQUESTS_MESSAGE } from "~/lib/api.server";
import type { AppContext } from "~/lib/app-context.server";
import { receiveSubscription } from "./launch-list-form.server";
import { type MemberSignUpFormResult, MemberSignUpSchema, SIGN_UP_FAILED_MESSAGE, SubscribeSchema } from "./schema";

const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * The sign-up modal's form without JavaScript: the modal's checks ("Please fill in all fields." first), then the
 * subscribe API's (its schema, the per-address form limit, the honeypot), answered as the page shows them.
 */
export async function submitMemberSignUpForm(app: AppContext, fields: Record<string, unknown>) {
  const values = { firstName: text(fields.firstName), lastName: text(fields.lastName), email: text(fields.email) };
  const refuse = (message: string, status: number, headers?: HeadersInit) =>
    data<MemberSignUpFormResult>({ signedUp: false, message, values }, { status, headers });

  const checked = MemberSignUpSchema.safeParse(fields);
  if (!checked.success) return refuse(checked.error.issues[0].message, 400);
  const subscription = SubscribeSchema.safeParse({ ...fields, ...checked.data });
  if (!subscription.success) return refuse(SIGN_UP_FAILED_MESSAGE, 400);
  const limit = await consumePublicFormLimit(app, "subscribe");
  if (!limit.allowed) {
    return refuse(TOO_MANY_REQUESTS_MESSAGE, 429, { "Retry-After": String(limit.retryAfterSeconds) });
  }
  await receiveSubscription(app, subscription.data);
  return data<MemberSignUpFormResult>({ signedUp: true });
}
