import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import type { Database } from "~/db/client.server";
import { ContactMessagesPanel } from "~/features/contacts/components/contact-messages-panel";
import { FIRST_CONTACT_PAGE, listContactMessages } from "~/features/contacts/inbox.server";
import { OwnerEpisodesPanel } from "~/features/episodes/components/owner-episodes-panel";
import { FIRST_EPISODE_PAGE, listOwnerEpisodes } from "~/features/episodes/owner-episodes.server";
import { GuestApplicationsPanel } from "~/features/guests/components/guest-applications-panel";
import { FIRST_APPLICATION_PAGE, listGuestApplications } from "~/features/guests/review.server";
import { SubscribersPanel } from "~/features/subscribers/components/subscribers-panel";
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

/** The Admin Dashboard's tabs: Contact Messages (the default), Guest Applications, Newsletter Subscribers, Episodes. */
export function DashboardTabs({ data, className }: { data: DashboardTabsData; className?: string }) {
  return (
    <Tabs defaultValue="contacts" className={className}>
      <TabsList>
        <TabsTrigger value="contacts">Contact Messages</TabsTrigger>
        <TabsTrigger value="applications">Guest Applications</TabsTrigger>
        <TabsTrigger value="subscribers">Newsletter Subscribers</TabsTrigger>
        <TabsTrigger value="episodes">Episodes</TabsTrigger>
      </TabsList>
      <TabsContent value="contacts">
        <ContactMessagesPanel firstPage={data.contacts} />
      </TabsContent>
      <TabsContent value="applications">
        <GuestApplicationsPanel firstPage={data.applications} />
      </TabsContent>
      <TabsContent value="subscribers">
        <SubscribersPanel firstPage={data.subscribers} />
      </TabsContent>
      <TabsContent value="episodes">
        <OwnerEpisodesPanel firstPage={data.episodes} />
      </TabsContent>
    </Tabs>
  );
}
