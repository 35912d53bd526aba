import { PageHeading } from "~/components/page-heading";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/links";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Links",
    description: "Every way to listen, follow and get in touch, in one place.",
  });

export default function Page() {
  return <PageHeading>Links</PageHeading>;
}
