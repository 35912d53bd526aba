import { PageHeading } from "~/components/page-heading";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/guest-application";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Become a Guest",
    description: "Apply to be a guest on the podcast and share your story of disruption.",
  });

export default function Page() {
  return <PageHeading>Become a Guest</PageHeading>;
}
