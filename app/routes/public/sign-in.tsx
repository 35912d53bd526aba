import { data, redirect } from "react-router";
import { Button } from "~/components/ui/button";
import { EmailSignInForm } from "~/features/auth/components/email-sign-in-form";
import { submitEmailSignInForm } from "~/features/auth/email-sign-in-form.server";
import { isOidcEnabled } from "~/features/auth/oidc.server";
import { safeReturnTo } from "~/features/auth/return-to";
import { readPostedForm } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { getViewer } from "~/lib/auth.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/sign-in";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, ({ showName }) => ({
    title: "Sign In",
    description: `Sign in to your ${showName} membership.`,
    noIndex: true,
  }));

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, env } = context.get(appContext);
  const url = new URL(request.url);
  const returnTo = safeReturnTo(url.searchParams.get("returnTo"), env.SITE_URL);
  const { user } = await getViewer(db, request);
  if (user) throw redirect(returnTo);
  return {
    method: isOidcEnabled(env) ? ("provider" as const) : ("email" as const),
    returnTo,
    failed: url.searchParams.has("failed"),
  };
}

/** The email form posted before or without JavaScript; with OpenID Connect there is no such form. */
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  if (isOidcEnabled(app.env)) throw data("Not found", { status: 404 });
  return submitEmailSignInForm(app, await readPostedForm(request));
}

export default function SignIn({ loaderData: { method, returnTo, failed }, actionData }: Route.ComponentProps) {
  return (
    <main id="main" className="mx-auto max-w-md px-4 pt-28 pb-16">
      <h1 className="font-bold text-4xl tracking-tight">Sign In</h1>
      {failed && (
        <p
          role="alert"
          className="mt-6 rounded-md border border-red-400/40 bg-red-950/40 px-3 py-2 text-red-200 text-sm"
        >
          Sign-in did not complete. Please try again.
        </p>
      )}
      {method === "email" ? (
        <>
          <p className="mt-4 mb-6 text-muted-foreground">
            Enter your email address and we will send you a link that signs you in. No password needed.
          </p>
          <EmailSignInForm returnTo={returnTo} answer={actionData} />
        </>
      ) : (
        <Button asChild className="mt-6">
          <a href={`/api/login?returnTo=${encodeURIComponent(returnTo)}`}>Continue to Sign In</a>
        </Button>
      )}
    </main>
  );
}
