import { PageHeading } from "~/components/page-heading";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "About",
    description: "Meet the host and watch eleven short confession stories about building, failing and starting again.",
  });

export default function Page() {
  return <PageHeading>About the Host</PageHeading>;
}
