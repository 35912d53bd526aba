import { PageHeading } from "~/components/page-heading";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Contact",
    description: "Get in touch or pitch a story of disruption. We reply within 48 hours.",
  });

export default function Page() {
  return <PageHeading>Join the Conversation</PageHeading>;
}
