import { PageHeading } from "~/components/page-heading";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/briefing";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "The Briefing",
    description: "Subscribe to The Briefing: a short newsletter on innovation, disruption and the people behind it.",
  });

export default function Page() {
  return <PageHeading>The Briefing</PageHeading>;
}
