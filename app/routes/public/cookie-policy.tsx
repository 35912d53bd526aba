import { PageHeading } from "~/components/page-heading";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/cookie-policy";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Cookie Policy",
    description: "Which cookies this website uses and how you can manage them.",
  });

export default function Page() {
  return <PageHeading>Cookie Policy</PageHeading>;
}
