import { PageHeading } from "~/components/page-heading";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Admin Login",
    description: "Sign in to the admin area.",
    noIndex: true,
  });

export default function Page() {
  return <PageHeading>Admin Login</PageHeading>;
}
