import { data, Link, redirect } from "react-router";
import { Button } from "~/components/ui/button";
import { recordActivity } from "~/features/activity/activity.server";
import { isSameOriginPost } from "~/features/auth/sign-in.server";
import { SetPasswordForm } from "~/features/staff/components/set-password-form";
import { INVITATION_DAYS, SetPasswordSchema } from "~/features/staff/schema";
import { acceptInvitation, type InvitationState, invitationState } from "~/features/staff/staff.server";
import { readPostedForm } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { firstErrors } from "~/lib/field-messages";
import { pageMeta } from "~/lib/seo";
import { startStaffSession } from "~/lib/session.server";
import type { Route } from "./+types/accept-invite";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Set Your Password", description: "Accept an invitation to the admin area.", noIndex: true });

/** The page carries a live token: no cache may keep it. */
export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => actionHeaders ?? loaderHeaders;

const NO_STORE = { "Cache-Control": "no-store" };

/** Opening the link only shows it: mail scanners that fetch links must not use them up. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const state: InvitationState = await invitationState(db, token);
  return data({ token: state === "usable" ? token : "", state }, { headers: NO_STORE });
}

/** Sets the password, uses the link up and signs the person in (then the admin area's dashboard). */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, env, clientIp } = context.get(appContext);
  if (!isSameOriginPost(request, env)) return data({ refused: "invalid" as const, errors: {} }, { status: 403 });
  const parsed = SetPasswordSchema.safeParse(await readPostedForm(request));
  if (!parsed.success) {
    return data({ refused: null, errors: firstErrors(parsed.error.issues) }, { status: 400, headers: NO_STORE });
  }
  const outcome = await acceptInvitation(db, parsed.data.token, parsed.data.password);
  if ("refused" in outcome) return data({ refused: outcome.refused, errors: {} }, { status: 400, headers: NO_STORE });
  const { id, email } = outcome.accepted;
  await recordActivity(db, {
    kind: "staff.joined",
    subjectType: "staff",
    subjectId: String(id),
    subjectTitle: email,
    actor: { staffId: id, email },
    clientAddress: clientIp,
  });
  const setCookie = await startStaffSession(db, env, request, id, clientIp);
  return redirect("/admin", { headers: { "Set-Cookie": setCookie, ...NO_STORE } });
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData?.refused ?? loaderData.state;
  return (
    <main id="main" className="mx-auto max-w-md px-4 pt-28 pb-16">
      {state === "usable" ? (
        <>
          <h1 className="font-bold text-4xl tracking-tight">Set Your Password</h1>
          <p className="mt-4 text-muted-foreground">
            Choose the password you will sign in with, together with your email, on the admin login page.
          </p>
          <SetPasswordForm token={loaderData.token} errors={actionData?.errors} />
        </>
      ) : (
        <>
          <h1 className="font-bold text-4xl tracking-tight">Link Not Valid</h1>
          <p className="mt-4 text-muted-foreground">
            {state === "used"
              ? "This invitation link has already been used. Sign in with your email and password."
              : `This invitation link has expired or is not valid. Each link works once, for ${INVITATION_DAYS} days: ask the owner to send a new invitation.`}
          </p>
          <Button asChild className="mt-6">
            <Link to="/admin/login">Go to the Admin Login</Link>
          </Button>
        </>
      )}
    </main>
  );
}
