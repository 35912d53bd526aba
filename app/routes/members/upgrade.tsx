import { PageHeading } from "~/components/page-heading";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/upgrade";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Upgrade Your Membership",
    description: "Compare the Basic and Premium memberships.",
    noIndex: true,
  });

export default function Page() {
  return <PageHeading>Upgrade Your Membership</PageHeading>;
}
