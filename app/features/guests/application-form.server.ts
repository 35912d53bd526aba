import { data } from "react-router";
import { consumePublicFormLimit, TOO_MANY_REQUESTS_MESSAGE } from "~/lib/api.server";
import type { AppContext } from "~/lib/app-context.server";
import { isHoneypotFilled } from "~/lib/honeypot";
import { notifyOwner } from "~/lib/mailer.server";
import { guestApplicationNotice, submitGuestApplication } from "./applications.server";
import {
  APPLICATION_RECEIVED_MESSAGE,
  APPLICATION_SUBMITTED_TITLE,
  type GuestApplication,
  type GuestApplicationFieldErrors,
  type GuestApplicationFormResult,
  type GuestApplicationFormValues,
  GuestApplicationSchema,
  SOCIAL_LINK_NAMES,
  SUBMISSION_FAILED_TITLE,
} from "./schema";

/**
 * An application that passed the schema: stored and announced to the owner. The honeypot's robots get id 0 and
 * nothing stored.
 */
export async function receiveGuestApplication({ db, env, mailer }: AppContext, input: GuestApplication) {
  if (isHoneypotFilled(input)) return { id: 0 };
  const application = await submitGuestApplication(db, input);
  await notifyOwner(mailer, env, guestApplicationNotice(application, env.SITE_URL));
  return { id: application.id };
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

function typed(fields: Record<string, unknown>): GuestApplicationFormValues {
  const links = typeof fields.socialLinks === "object" && fields.socialLinks !== null ? fields.socialLinks : {};
  return {
    name: text(fields.name),
    email: text(fields.email),
    company: text(fields.company),
    jobTitle: text(fields.jobTitle),
    expertise: text(fields.expertise),
    topicIdea: text(fields.topicIdea),
    biography: text(fields.biography),
    pastAppearances: text(fields.pastAppearances),
    notes: text(fields.notes),
    socialLinks: Object.fromEntries(
      SOCIAL_LINK_NAMES.map((name) => [name, text((links as Record<string, unknown>)[name])]),
    ) as GuestApplicationFormValues["socialLinks"],
  };
}

/** The guest application without JavaScript: the API's checks in the API's order, answered as the form answers. */
export async function submitGuestApplicationForm(app: AppContext, fields: Record<string, unknown>) {
  const checked = GuestApplicationSchema.safeParse(fields);
  if (!checked.success) {
    const errors: GuestApplicationFieldErrors = {};
    for (const issue of checked.error.issues) errors[issue.path.join(".")] ??= issue.message;
    return data<GuestApplicationFormResult>({ submitted: false, errors, values: typed(fields) }, { status: 400 });
  }
  const limit = await consumePublicFormLimit(app, "guest-application");
  if (!limit.allowed) {
    return data<GuestApplicationFormResult>(
      {
        submitted: false,
        flash: { title: SUBMISSION_FAILED_TITLE, description: TOO_MANY_REQUESTS_MESSAGE, variant: "destructive" },
        errors: {},
        values: typed(fields),
      },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  await receiveGuestApplication(app, checked.data);
  return data<GuestApplicationFormResult>({
    submitted: true,
    flash: { title: APPLICATION_SUBMITTED_TITLE, description: APPLICATION_RECEIVED_MESSAGE },
  });
}
