import { data } from "react-router";
import { consumePublicFormLimit, TOO_MANY_REQUESTS_MESSAGE } from "~/lib/api.server";
import type { AppContext } from "~/lib/app-context.server";
import { isHoneypotFilled } from "~/lib/honeypot";
import { LAUNCH_LIST_TOAST_TITLES } from "./launch-list-toasts";
import { type LaunchListFormResult, SUBSCRIBED_MESSAGE, type SubscribeInput, SubscribeSchema } from "./schema";
import { addSubscriber } from "./subscribers.server";

/** A subscription that passed the schema: stored, unless the honeypot says a robot sent it. */
export async function receiveSubscription({ db, env, mailer }: AppContext, input: SubscribeInput) {
  if (!isHoneypotFilled(input)) await addSubscriber(db, input, { env, mailer });
}

/** The launch list without JavaScript: the API's checks in the API's order, answered with the form's toasts. */
export async function submitLaunchListForm(app: AppContext, fields: Record<string, unknown>) {
  const email = typeof fields.email === "string" ? fields.email : "";
  const checked = SubscribeSchema.safeParse(fields);
  if (!checked.success) {
    const flash = {
      title: LAUNCH_LIST_TOAST_TITLES.invalid,
      description: checked.error.issues[0].message,
      variant: "destructive",
    } as const;
    return data<LaunchListFormResult>({ subscribed: false, flash, email }, { status: 400 });
  }
  const limit = await consumePublicFormLimit(app, "subscribe");
  if (!limit.allowed) {
    const flash = {
      title: LAUNCH_LIST_TOAST_TITLES.failed,
      description: TOO_MANY_REQUESTS_MESSAGE,
      variant: "destructive",
    } as const;
    return data<LaunchListFormResult>(
      { subscribed: false, flash, email },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  await receiveSubscription(app, checked.data);
  return data<LaunchListFormResult>({
    subscribed: true,
    flash: { title: LAUNCH_LIST_TOAST_TITLES.subscribed, description: SUBSCRIBED_MESSAGE },
  });
}
