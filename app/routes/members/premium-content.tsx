import { PageHeading } from "~/components/page-heading";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/premium-content";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Premium Content",
    description: "Premium episodes and resources for premium members.",
    noIndex: true,
  });

export default function Page() {
  return <PageHeading>Premium Content</PageHeading>;
}
