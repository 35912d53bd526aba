import type { Database } from "~/db/client.server";
import { FIRST_CONTACT_PAGE, listContactMessages } from "~/features/contacts/inbox.server";
import { FIRST_EPISODE_PAGE, listOwnerEpisodes } from "~/features/episodes/owner-episodes.server";
import { FIRST_APPLICATION_PAGE, listGuestApplications } from "~/features/guests/review.server";
import { FIRST_SUBSCRIBER_PAGE, listSubscribers } from "~/features/subscribers/subscriber-list.server";

/** The first page of each of the Admin Dashboard's tabs (spec section 2), for /admin and /admin/contacts. */
export async function loadDashboardTabs(db: Database, now: Date) {
  const [contacts, applications, subscribers, episodes] = await Promise.all([
    listContactMessages(db, FIRST_CONTACT_PAGE),
    listGuestApplications(db, FIRST_APPLICATION_PAGE),
    listSubscribers(db, FIRST_SUBSCRIBER_PAGE),
    listOwnerEpisodes(db, FIRST_EPISODE_PAGE, now),
  ]);
  return { contacts, applications, subscribers, episodes };
}

export type DashboardTabsData = Awaited<ReturnType<typeof loadDashboardTabs>>;
