import { PageHeading } from "~/components/page-heading";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/privacy-policy";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Privacy Policy",
    description: "How we collect, use and protect your personal information.",
  });

export default function Page() {
  return <PageHeading>Privacy Policy</PageHeading>;
}
