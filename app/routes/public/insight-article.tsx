import { PageHeading } from "~/components/page-heading";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/insight-article";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Insight",
    description: "An article from the Insights collection.",
  });

export default function Page() {
  return <PageHeading>Insight</PageHeading>;
}
