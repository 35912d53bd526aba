import { data, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { recordActivity } from "~/features/activity/activity.server";
import { isSameOriginPost } from "~/features/auth/sign-in.server";
import { NewEmailForm, SentEmails } from "~/features/mail/components/email-screen";
import { emailPageAction, loadEmailPage } from "~/features/mail/email-page.server";
import { appContext } from "~/lib/app-context.server";
import { requireStaffForPage } from "~/lib/auth.server";
import { pageMeta } from "~/lib/seo";
import { ROLES } from "~/lib/staff-roles";
import type { Route } from "./+types/email";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Email", description: "Announcements to the audience.", noIndex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireStaffForPage(db, request, ROLES.mail);
  return loadEmailPage(db, new URL(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const staff = await requireStaffForPage(app.db, request, ROLES.mail);
  if (!isSameOriginPost(request, app.env)) throw data("Cross-site form posts are refused", { status: 403 });
  return emailPageAction(app, request, staff, (entry) =>
    recordActivity(app.db, {
      ...entry,
      subjectType: "announcement",
      actor: { staffId: staff.id, email: staff.email },
      clientAddress: app.clientIp,
    }),
  );
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const values = actionData?.values ?? loaderData.prepared ?? {};
  const message = actionData?.message ?? loaderData.done;
  return (
    <main id="main" className="mx-auto max-w-4xl space-y-8 px-4 pt-28 pb-24">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-bold text-4xl tracking-tight">Email</h1>
        <Button asChild variant="outline">
          <Link to="/admin/email?launch">Announce the Launch</Link>
        </Button>
      </div>
      {message && (
        <p role="status" className="rounded-md border border-border bg-card p-3">
          {message}
        </p>
      )}
      <NewEmailForm
        values={values}
        errors={actionData?.errors ?? {}}
        featurable={loaderData.featurable}
        preview={actionData?.preview}
        confirm={actionData?.confirm}
      />
      <section className="space-y-4">
        <h2 className="font-semibold text-2xl">Sent Emails</h2>
        <SentEmails announcements={loaderData.announcements} />
      </section>
    </main>
  );
}
