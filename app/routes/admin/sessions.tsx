import { ChangeEmailForm } from "~/features/staff/components/change-email-form";
import { ChangePasswordForm } from "~/features/staff/components/change-password-form";
import { OwnSessions } from "~/features/staff/components/own-sessions";
import { TwoFactorSection } from "~/features/staff/components/two-factor-section";
import { twoFactorState } from "~/features/staff/two-factor.server";
import { appContext } from "~/lib/app-context.server";
import { requireStaffForPage } from "~/lib/auth.server";
import { pageMeta } from "~/lib/seo";
import { listStaffSessions } from "~/lib/session.server";
import { ROLES } from "~/lib/staff-roles";
import type { Route } from "./+types/sessions";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Your Sessions", description: "Where you are signed in to the admin area.", noIndex: true });

/** /admin/sessions: every staff member's own sessions, their password and email and their optional two-factor sign-in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const me = await requireStaffForPage(db, request, ROLES.anyStaff);
  const [sessions, twoFactor] = await Promise.all([listStaffSessions(db, request, me.id), twoFactorState(db, me.id)]);
  return { email: me.email, sessions, twoFactor };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 pt-28 pb-24">
      <h1 className="font-bold text-4xl tracking-tight">Your Sessions</h1>
      <p className="mt-2 mb-8 text-muted-foreground">Signed in as {loaderData.email}.</p>
      <OwnSessions sessions={loaderData.sessions} />
      <div className="mt-10">
        <ChangePasswordForm />
      </div>
      <div className="mt-10">
        <ChangeEmailForm email={loaderData.email} />
      </div>
      <div className="mt-10">
        <TwoFactorSection
          enabled={loaderData.twoFactor.enabled}
          recoveryCodesLeft={loaderData.twoFactor.recoveryCodesLeft}
        />
      </div>
    </main>
  );
}
