import { PageHeading } from "~/components/page-heading";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/content-calendar";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Content Calendar",
    description: "Plan series and episodes.",
    noIndex: true,
  });

export default function Page() {
  return <PageHeading>Content Calendar</PageHeading>;
}
