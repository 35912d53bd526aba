import { PageHeading } from "~/components/page-heading";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/subscribers";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Newsletter Subscribers",
    description: "Newsletter subscribers.",
    noIndex: true,
  });

export default function Page() {
  return <PageHeading>Newsletter Subscribers</PageHeading>;
}
