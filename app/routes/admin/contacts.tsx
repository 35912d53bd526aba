import { PageHeading } from "~/components/page-heading";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/contacts";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Admin Dashboard",
    description: "Contact messages, guest applications and newsletter subscribers.",
    noIndex: true,
  });

export default function Page() {
  return <PageHeading>Admin Dashboard</PageHeading>;
}
