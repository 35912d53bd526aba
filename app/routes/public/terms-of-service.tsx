import { PageHeading } from "~/components/page-heading";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/terms-of-service";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Terms of Service",
    description: "The terms that apply when you use this website.",
  });

export default function Page() {
  return <PageHeading>Terms of Service</PageHeading>;
}
