import { PageHeading } from "~/components/page-heading";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/guest-applications";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Guest Applications",
    description: "Guest applications for premium members.",
    noIndex: true,
  });

export default function Page() {
  return <PageHeading>Guest Applications</PageHeading>;
}
