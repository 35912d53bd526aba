import { PageHeading } from "~/components/page-heading";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/insights";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Insights",
    description: "Short articles on technology, operations and leadership from the team behind the podcast.",
  });

export default function Page() {
  return <PageHeading>Latest Insights</PageHeading>;
}
