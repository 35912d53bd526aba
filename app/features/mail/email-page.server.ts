import { data, redirect } from "react-router";
import type { Database } from "~/db/client.server";
import { readPostedForm } from "~/lib/api.server";
import type { AppContext } from "~/lib/app-context.server";
import { type FieldErrors, firstErrors } from "~/lib/field-messages";
import { getSiteSettings } from "~/lib/site-settings.server";
import type { StaffMember } from "~/lib/staff-roles";
import {
  countRecipients,
  createAnnouncement,
  featurableItems,
  listAnnouncements,
  renderAnnouncement,
  sendTestAnnouncement,
} from "./announcements.server";
import { AnnouncementDraftSchema, AnnouncementSchema } from "./schema";

/** The form's fields as posted, to show them again after a step (the preview, the confirmation, an error). */
export type EmailFormValues = Record<string, string>;

export type EmailPageAnswer = {
  values: EmailFormValues;
  errors: FieldErrors;
  preview?: string;
  /** The number of recipients the owner is asked to confirm before the mail is queued. */
  confirm?: number;
  message?: string;
};

/** The Email screen's data; `?launch` opens the New Email form prepared from the launch note for the launch list. */
export async function loadEmailPage(db: Database, url: URL) {
  const { showName, launchNote } = await getSiteSettings(db);
  const prepared = url.searchParams.has("launch")
    ? {
        subject: `${showName} has launched`,
        message: `${launchNote}\n\nThank you for waiting with us. The first episodes are on the site now.`,
        recipients: "launch",
      }
    : null;
  const done = url.searchParams.get("done");
  return {
    announcements: await listAnnouncements(db),
    featurable: await featurableItems(db),
    prepared,
    done: done === "sent" ? "Email Sending" : done === "scheduled" ? "Email Scheduled" : null,
  };
}

const stringValues = (fields: Record<string, unknown>): EmailFormValues =>
  Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === "string"));

/**
 * The form posted with or without scripts, by its button's `intent`: `preview`, `test` (to the signed-in staff
 * account), `confirm` (asks to confirm the number of recipients; a time to send skips it) and `send`. The same schema
 * and feature code as `POST /api/admin/email…`; `record` writes the same activity entries as those calls.
 */
export async function emailPageAction(
  app: AppContext,
  request: Request,
  staff: StaffMember,
  record: (entry: { kind: string; subjectId: string | null; subjectTitle: string }) => Promise<void>,
) {
  const { db, env, mailer } = app;
  const { intent, ...fields } = await readPostedForm(request);
  const values = stringValues(fields);
  const answer = (status: number, rest: Partial<EmailPageAnswer>) =>
    data<EmailPageAnswer>({ values, errors: {}, ...rest }, { status });

  if (intent === "preview" || intent === "test") {
    const draft = AnnouncementDraftSchema.safeParse({
      subject: fields.subject,
      message: fields.message,
      featured: fields.featured,
    });
    if (!draft.success) return answer(400, { errors: firstErrors(draft.error.issues) });
    if (intent === "preview") {
      return answer(200, { preview: (await renderAnnouncement(db, env, draft.data)).html });
    }
    await sendTestAnnouncement(db, env, mailer, draft.data, staff.email);
    await record({ kind: "announcement.tested", subjectId: null, subjectTitle: draft.data.subject });
    return answer(200, { message: `Test sent to ${staff.email}` });
  }

  const parsed = AnnouncementSchema.safeParse(fields);
  if (!parsed.success) return answer(400, { errors: firstErrors(parsed.error.issues) });
  const now = new Date();
  const later = parsed.data.sendAt !== null && parsed.data.sendAt > now;
  if (intent !== "send" && !later) {
    return answer(200, { confirm: await countRecipients(db, parsed.data.recipients, parsed.data.tier) });
  }
  const made = await createAnnouncement(db, env, parsed.data, staff.email, now);
  if ("refused" in made) return answer(400, { errors: { featured: made.refused } });
  await record({
    kind: made.queued ? "announcement.sent" : "announcement.scheduled",
    subjectId: String(made.id),
    subjectTitle: parsed.data.subject,
  });
  return redirect(`/admin/email?done=${made.queued ? "sent" : "scheduled"}`);
}
