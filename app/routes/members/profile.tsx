import { PageHeading } from "~/components/page-heading";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Profile Settings",
    description: "Your member profile.",
    noIndex: true,
  });

export default function Page() {
  return <PageHeading>Profile Settings</PageHeading>;
}
