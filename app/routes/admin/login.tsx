import { redirect } from "react-router";
import { AdminLoginForm } from "~/features/owner/components/admin-login-form";
import { appContext } from "~/lib/app-context.server";
import { getViewer } from "~/lib/auth.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Admin Login",
    description: "Sign in to the admin area.",
    noIndex: true,
  });

/**
 * /admin/login and /admin/guest-applications: the login form (as /admin for a visitor, routes/admin/dashboard.tsx); an
 * owner already signed in goes to the inbox, other staff to the dashboard.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const { isOwner, staff } = await getViewer(db, request);
  if (isOwner) throw redirect("/admin/contacts");
  if (staff) throw redirect("/admin");
  return null;
}

export default function Page() {
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 pt-32 pb-16">
      <AdminLoginForm />
    </main>
  );
}
