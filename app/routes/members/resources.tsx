import { Link } from "react-router";
import { PremiumAccessRequired } from "~/features/premium/components/premium-access-required";
import { PremiumResourceList } from "~/features/premium/components/premium-resource-list";
import { tieredPageData } from "~/features/premium/premium-access.server";
import { listMemberResources } from "~/features/premium/resources.server";
import { appContext } from "~/lib/app-context.server";
import { requireUserForPage } from "~/lib/auth.server";
import { pageMeta } from "~/lib/seo";
import { memberBreadcrumbJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/resources";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Resource Library",
    description: "Downloadable guides, checklists and templates for premium members.",
    noIndex: true,
    structuredData: ({ siteUrl }) => [
      memberBreadcrumbJsonLd(siteUrl, { name: "Resource Library", path: "/members/resources" }),
    ],
  });

export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const user = await requireUserForPage(db, request);
  return tieredPageData(user, (tiers) => listMemberResources(db, tiers));
}

export default function Page({ loaderData }: Route.ComponentProps) {
  if (loaderData.access === "denied") return <PremiumAccessRequired />;
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 pt-28 pb-16">
      <Link to="/members/dashboard" className="text-primary text-sm underline underline-offset-4">
        Back to Dashboard
      </Link>
      <h1 className="mt-4 font-bold text-4xl tracking-tight">Resource Library</h1>
      <p className="mt-2 mb-8 text-muted-foreground">Guides, checklists and templates from the show, to download.</p>
      <PremiumResourceList resources={loaderData.content} headingLevel="h2" />
    </main>
  );
}
