import { PageHeading } from "~/components/page-heading";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Member Dashboard",
    description: "Your membership, account information and member content.",
    noIndex: true,
  });

export default function Page() {
  return <PageHeading>Member Dashboard</PageHeading>;
}
