import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { episodeGuests, guestApplications, podcastEpisodes } from "~/db/schema";
import { listPageOf } from "~/lib/owner-list";
import { creationOrder, readListPage } from "~/lib/owner-list.server";
import {
  GUEST_APPLICATION_STATUSES,
  type GuestApplicationListQuery,
  type GuestApplicationStatus,
  type GuestApplicationsResponse,
  type GuestApplicationView,
} from "./review-schema";

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

function toView(row: ApplicationRow, appearsIn: string[] = []): GuestApplicationView {
  return {
    ...row,
    status: row.status as GuestApplicationStatus,
    createdAt: row.createdAt.toISOString(),
    reviewDate: row.reviewDate?.toISOString() ?? null,
    appearsIn,
  };
}

/** For each application, the episodes it was chosen as a guest for: by number, or by title when it has none. */
async function appearancesOf(db: Database, applicationIds: number[]): Promise<Map<number, string[]>> {
  const appearances = new Map<number, string[]>();
  if (applicationIds.length === 0) return appearances;
  const rows = await db
    .select({
      applicationId: episodeGuests.guestApplicationId,
      episodeNumber: podcastEpisodes.episodeNumber,
      title: podcastEpisodes.title,
    })
    .from(episodeGuests)
    .innerJoin(podcastEpisodes, eq(podcastEpisodes.id, episodeGuests.episodeId))
    .where(inArray(episodeGuests.guestApplicationId, applicationIds))
    .orderBy(asc(podcastEpisodes.episodeNumber), asc(podcastEpisodes.id));
  for (const row of rows) {
    if (row.applicationId === null) continue;
    const label = row.episodeNumber === null ? row.title : String(row.episodeNumber);
    const labels = appearances.get(row.applicationId) ?? [];
    if (!labels.includes(label)) appearances.set(row.applicationId, [...labels, label]);
  }
  return appearances;
}

/**
 * One page of applications with its counts. `applicantEmail` limits the list to one applicant's own applications (a
 * premium member sees only those made with their account's address, in any letter case); `status` to one status.
 */
export async function listGuestApplications(
  db: Database,
  query: GuestApplicationListQuery,
  filter: { applicantEmail?: string } = {},
): Promise<GuestApplicationsResponse> {
  const scope =
    filter.applicantEmail === undefined
      ? undefined
      : sql`lower(${guestApplications.email}) = lower(${filter.applicantEmail})`;
  const source = {
    table: guestApplications,
    columns: applicationColumns,
    archivedColumn: guestApplications.archived,
    scope,
    search: query.status === undefined ? undefined : eq(guestApplications.status, query.status),
  };
  const order = creationOrder(
    guestApplications.createdAt,
    guestApplications.id,
    query.sort === "oldest" ? "asc" : "desc",
  );
  const { rows, counts } = await readListPage(db, source, order, query);
  const statusRows = await db
    .select({ status: guestApplications.status, count: sql<number>`count(*)`.mapWith(Number) })
    .from(guestApplications)
    .where(and(scope, query.archived === "exclude" ? eq(guestApplications.archived, false) : undefined))
    .groupBy(guestApplications.status);
  const statusCounts = Object.fromEntries(GUEST_APPLICATION_STATUSES.map((status) => [status, 0])) as Record<
    GuestApplicationStatus,
    number
  >;
  for (const row of statusRows) statusCounts[row.status as GuestApplicationStatus] = row.count;
  const appearances =
    filter.applicantEmail === undefined
      ? await appearancesOf(
          db,
          rows.map((row) => row.id),
        )
      : new Map<number, string[]>();
  const views = rows.map((row) => toView(row, appearances.get(row.id)));
  return { ...listPageOf(views, counts, query.page, "applications"), statusCounts };
}

/** The first page of the default view: newest first, archived ones hidden, every status. */
export const FIRST_APPLICATION_PAGE: GuestApplicationListQuery = { page: 1, archived: "exclude", sort: "newest" };

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

/** Archives the application (true) or restores it (false); asking twice leaves it as asked. */
export async function setGuestApplicationArchived(
  db: Database,
  id: number,
  archived: boolean,
): Promise<GuestApplicationView | null> {
  const [row] = await db
    .update(guestApplications)
    .set({ archived, updatedAt: new Date() })
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
