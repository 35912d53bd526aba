import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { guestApplications } from "~/db/schema";
import type { Mailer } from "~/lib/mailer.server";
import { APPLICANT_MAIL_KINDS, type ApplicantMailKind } from "~/lib/site-config";
import { getSiteSettings } from "~/lib/site-settings.server";
import { updateGuestApplicationStatus } from "./review.server";
import type { GuestApplicationStatus, GuestApplicationView } from "./review-schema";

const isMailed = (status: GuestApplicationStatus): status is ApplicantMailKind =>
  (APPLICANT_MAIL_KINDS as readonly string[]).includes(status);

/**
 * Changes an application's status and, when it moved to accepted, scheduled or declined and the owner keeps that
 * kind on in Settings, mails the applicant the owner's text. A status set again mails nobody. The mail goes through
 * the site's mailer (SMTP, or the outbox table without it); a failure is logged and does not undo the change, which
 * the owner made and saw.
 */
export async function changeStatusAndTellApplicant(
  db: Database,
  mailer: Mailer,
  id: number,
  status: GuestApplicationStatus,
  reviewerUserId: string | null,
): Promise<{ application: GuestApplicationView; mailed: boolean } | null> {
  const [before] = await db
    .select({ status: guestApplications.status })
    .from(guestApplications)
    .where(eq(guestApplications.id, id));
  const application = await updateGuestApplicationStatus(db, id, status, reviewerUserId);
  if (!application || !before || before.status === status || !isMailed(status)) {
    return application ? { application, mailed: false } : null;
  }
  const { showName, applicantMail } = await getSiteSettings(db);
  const chosen = applicantMail[status];
  if (!chosen.send) return { application, mailed: false };
  const text = chosen.text.replaceAll("{name}", application.name).replaceAll("{show}", showName);
  try {
    await mailer.send({ to: application.email, subject: `Your guest application to ${showName}`, text: `${text}\n` });
    return { application, mailed: true };
  } catch (error) {
    console.error(`[mail] could not tell applicant ${id} of the status ${status}:`, error);
    return { application, mailed: false };
  }
}
