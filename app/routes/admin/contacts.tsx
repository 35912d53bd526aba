import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { ContactMessagesPanel } from "~/features/contacts/components/contact-messages-panel";
import { FIRST_CONTACT_PAGE, listContactMessages } from "~/features/contacts/inbox.server";
import { OwnerEpisodesPanel } from "~/features/episodes/components/owner-episodes-panel";
import { FIRST_EPISODE_PAGE, listOwnerEpisodes } from "~/features/episodes/owner-episodes.server";
import { GuestApplicationsPanel } from "~/features/guests/components/guest-applications-panel";
import { FIRST_APPLICATION_PAGE, listGuestApplications } from "~/features/guests/review.server";
import { SubscribersPanel } from "~/features/subscribers/components/subscribers-panel";
import { FIRST_SUBSCRIBER_PAGE, listSubscribers } from "~/features/subscribers/subscriber-list.server";
import { appContext } from "~/lib/app-context.server";
import { requireOwnerForPage } from "~/lib/auth.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/contacts";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Admin Dashboard",
    description: "Contact messages, guest applications, newsletter subscribers and episodes.",
    noIndex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForPage(db, request);
  const [contacts, applications, subscribers, episodes] = await Promise.all([
    listContactMessages(db, FIRST_CONTACT_PAGE),
    listGuestApplications(db, FIRST_APPLICATION_PAGE),
    listSubscribers(db, FIRST_SUBSCRIBER_PAGE),
    listOwnerEpisodes(db, FIRST_EPISODE_PAGE, new Date()),
  ]);
  return { contacts, applications, subscribers, episodes };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 pt-28 pb-24">
      <h1 className="font-bold text-4xl tracking-tight">Admin Dashboard</h1>
      <Tabs defaultValue="contacts" className="mt-8">
        <TabsList>
          <TabsTrigger value="contacts">Contact Messages</TabsTrigger>
          <TabsTrigger value="applications">Guest Applications</TabsTrigger>
          <TabsTrigger value="subscribers">Newsletter Subscribers</TabsTrigger>
          <TabsTrigger value="episodes">Episodes</TabsTrigger>
        </TabsList>
        <TabsContent value="contacts">
          <ContactMessagesPanel firstPage={loaderData.contacts} />
        </TabsContent>
        <TabsContent value="applications">
          <GuestApplicationsPanel firstPage={loaderData.applications} />
        </TabsContent>
        <TabsContent value="subscribers">
          <SubscribersPanel firstPage={loaderData.subscribers} />
        </TabsContent>
        <TabsContent value="episodes">
          <OwnerEpisodesPanel firstPage={loaderData.episodes} />
        </TabsContent>
      </Tabs>
    </main>
  );
}
