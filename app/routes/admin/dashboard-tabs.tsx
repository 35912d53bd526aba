import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { ContactMessagesPanel } from "~/features/contacts/components/contact-messages-panel";
import { OwnerEpisodesPanel } from "~/features/episodes/components/owner-episodes-panel";
import { GuestApplicationsPanel } from "~/features/guests/components/guest-applications-panel";
import { SubscribersPanel } from "~/features/subscribers/components/subscribers-panel";
import type { DashboardTabsData } from "./dashboard-tabs.server";

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
