import type { Database } from "~/db/client.server";
import { guestApplications } from "~/db/schema";
import type { GuestApplication } from "./schema";

export type SubmittedGuestApplication = GuestApplication & { id: number; createdAt: Date };

/** Stores a validated application with status submitted, not archived. */
export async function submitGuestApplication(
  db: Database,
  application: GuestApplication,
): Promise<SubmittedGuestApplication> {
  const [row] = await db
    .insert(guestApplications)
    .values({
      name: application.name,
      email: application.email,
      company: application.company ?? null,
      jobTitle: application.jobTitle ?? null,
      expertise: application.expertise,
      topicIdea: application.topicIdea,
      biography: application.biography,
      socialLinks: application.socialLinks,
      pastAppearances: application.pastAppearances ?? null,
      notes: application.notes ?? null,
    })
    .returning({ id: guestApplications.id, createdAt: guestApplications.createdAt });
  return { ...application, ...row };
}

/** A mail header is one line: collapse what an applicant typed so it cannot add lines or headers. */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** The owner's notice of a new application: its content and where to review it. */
export function guestApplicationNotice(application: SubmittedGuestApplication, siteUrl: string) {
  const optional = (label: string, value: string | undefined) => (value ? [`${label}: ${value}`] : []);
  const links = Object.entries(application.socialLinks).map(([name, url]) => `  ${name}: ${url}`);
  return {
    subject: oneLine(`New guest application from ${application.name}: ${application.expertise}`),
    text: [
      `From: ${oneLine(application.name)} <${application.email}>`,
      ...optional("Company", application.company),
      ...optional("Job title", application.jobTitle),
      `Area of expertise: ${application.expertise}`,
      `Received: ${application.createdAt.toISOString()}`,
      "",
      "Proposed topic:",
      application.topicIdea,
      "",
      "Biography:",
      application.biography,
      ...(links.length > 0 ? ["", "Social links:", ...links] : []),
      ...(application.pastAppearances ? ["", "Past appearances:", application.pastAppearances] : []),
      ...(application.notes ? ["", "Notes:", application.notes] : []),
      "",
      `Review it in the admin area: ${siteUrl}/admin/contacts`,
    ].join("\n"),
  };
}
