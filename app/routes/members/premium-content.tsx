import { listPremiumEpisodes } from "~/features/episodes/premium-episodes.server";
import { PremiumAccessRequired } from "~/features/premium/components/premium-access-required";
import { PremiumEpisodeList } from "~/features/premium/components/premium-episode-list";
import { PremiumResourceList } from "~/features/premium/components/premium-resource-list";
import { premiumPageData, tiersReachedBy } from "~/features/premium/premium-access.server";
import { listMemberResources } from "~/features/premium/resources.server";
import { appContext } from "~/lib/app-context.server";
import { requireUserForPage } from "~/lib/auth.server";
import { pageMeta } from "~/lib/seo";
import { memberBreadcrumbJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/premium-content";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Premium Content",
    description: "Premium episodes and resources for premium members.",
    noIndex: true,
    structuredData: ({ siteUrl }) => [
      memberBreadcrumbJsonLd(siteUrl, { name: "Premium Content", path: "/members/premium-content" }),
    ],
  });

export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const user = await requireUserForPage(db, request);
  return premiumPageData(user, async () => ({
    episodes: await listPremiumEpisodes(db, { kind: "member", tier: user.membershipTier }, new Date()),
    resources: await listMemberResources(db, tiersReachedBy(user)),
  }));
}

export default function Page({ loaderData }: Route.ComponentProps) {
  if (loaderData.access === "denied") return <PremiumAccessRequired />;
  const { episodes, resources } = loaderData.content;
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 pt-28 pb-16">
      <h1 className="font-bold text-4xl tracking-tight">Premium Content</h1>
      <p className="mt-2 text-muted-foreground">Exclusive episodes and downloads for Premium members.</p>
      <section aria-labelledby="premium-episodes-heading" className="mt-10">
        <h2 id="premium-episodes-heading" className="mb-4 font-semibold text-2xl">
          Premium Episodes
        </h2>
        <PremiumEpisodeList episodes={episodes} />
      </section>
      <section aria-labelledby="premium-resources-heading" className="mt-12">
        <h2 id="premium-resources-heading" className="mb-4 font-semibold text-2xl">
          Downloadable Resources
        </h2>
        <PremiumResourceList resources={resources} />
      </section>
    </main>
  );
}
