import { PageHeading } from "~/components/page-heading";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/podcast";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Podcast",
    description:
      "Listen to the trailer and episodes, find the show on your favourite platform, and apply to be a guest.",
  });

export default function Page() {
  return <PageHeading>The Podcast</PageHeading>;
}
