import { desc, eq, not, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { guestApplications } from "~/db/schema";
import type { GuestApplicationStatus, GuestApplicationView } from "./review-schema";

const applicationColumns = {
  id: guestApplications.id,
  name: guestApplications.name,
  email: guestApplications.email,
  company: guestApplications.company,
  jobTitle: guestApplications.jobTitle,
  expertise: guestApplications.expertise,
  topicIdea: guestApplications.topicIdea,
  biography: guestApplications.biography,
  socialLinks: guestApplications.socialLinks,
  pastAppearances: guestApplications.pastAppearances,
  notes: guestApplications.notes,
  status: guestApplications.status,
  archived: guestApplications.archived,
  createdAt: guestApplications.createdAt,
  reviewDate: guestApplications.reviewDate,
};

type ApplicationRow = Pick<typeof guestApplications.$inferSelect, keyof typeof applicationColumns>;

function toView(row: ApplicationRow): GuestApplicationView {
  return {
    ...row,
    status: row.status as GuestApplicationStatus,
    createdAt: row.createdAt.toISOString(),
    reviewDate: row.reviewDate?.toISOString() ?? null,
  };
}

/**
 * Applications, newest first, archived ones included. `applicantEmail` limits the list to one applicant's own
 * applications (a premium member sees only those made with their account's address, in any letter case).
 */
export async function listGuestApplications(
  db: Database,
  filter: { applicantEmail?: string } = {},
): Promise<GuestApplicationView[]> {
  const query = db.select(applicationColumns).from(guestApplications);
  const filtered =
    filter.applicantEmail === undefined
      ? query
      : query.where(sql`lower(${guestApplications.email}) = lower(${filter.applicantEmail})`);
  const rows = await filtered.orderBy(desc(guestApplications.createdAt), desc(guestApplications.id));
  return rows.map(toView);
}

/** Sets the status (any of the five, from any other) and records when and by whom it was reviewed. */
export async function updateGuestApplicationStatus(
  db: Database,
  id: number,
  status: GuestApplicationStatus,
  reviewerUserId: string | null,
): Promise<GuestApplicationView | null> {
  const now = new Date();
  const [row] = await db
    .update(guestApplications)
    .set({ status, reviewDate: now, reviewedBy: reviewerUserId, updatedAt: now })
    .where(eq(guestApplications.id, id))
    .returning(applicationColumns);
  return row ? toView(row) : null;
}

/** Archives an application, or restores an archived one. */
export async function toggleGuestApplicationArchived(db: Database, id: number): Promise<GuestApplicationView | null> {
  const [row] = await db
    .update(guestApplications)
    .set({ archived: not(guestApplications.archived), updatedAt: new Date() })
    .where(eq(guestApplications.id, id))
    .returning(applicationColumns);
  return row ? toView(row) : null;
}

export async function deleteGuestApplication(db: Database, id: number): Promise<boolean> {
  const deleted = await db
    .delete(guestApplications)
    .where(eq(guestApplications.id, id))
    .returning({ id: guestApplications.id });
  return deleted.length > 0;
}
