import { data, Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { completeEmailSignIn, isSignInTokenUsable } from "~/features/auth/email-sign-in.server";
import { SIGN_IN_LINK_LIFETIME_MINUTES } from "~/features/auth/schema";
import { isSameOriginPost, signInAndRedirect } from "~/features/auth/sign-in.server";
import { useRootData } from "~/hooks/use-root-data";
import { appContext } from "~/lib/app-context.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/sign-in-verify";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, ({ showName }) => ({
    title: "Sign In",
    description: `Finish signing in to ${showName}.`,
    noIndex: true,
  }));

/** The page carries a live token: no cache may keep it. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** Opening the link only shows it: mail scanners that fetch links must not use them up. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return data({ token, usable: await isSignInTokenUsable(db, token) }, { headers: { "Cache-Control": "no-store" } });
}

/** The button's POST uses the link up, signs in and goes where sign-in started. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, env } = context.get(appContext);
  if (!isSameOriginPost(request, env)) return data({ refused: true }, { status: 403 });
  const token = (await request.formData()).get("token");
  const signedIn = typeof token === "string" ? await completeEmailSignIn(db, token) : null;
  if (!signedIn) return data({ refused: true }, { status: 400 });
  return signInAndRedirect(db, env, request, signedIn.userId, signedIn.returnTo);
}

export default function VerifySignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { settings } = useRootData();
  const navigation = useNavigation();
  const usable = loaderData.usable && !actionData?.refused;
  return (
    <main id="main" className="mx-auto max-w-md px-4 pt-28 pb-16">
      {usable ? (
        <>
          <h1 className="font-bold text-4xl tracking-tight">Finish Signing In</h1>
          <p className="mt-4 text-muted-foreground">Select the button to sign in to {settings.showName}.</p>
          <Form method="post" className="mt-6">
            <input type="hidden" name="token" value={loaderData.token} />
            <Button type="submit" disabled={navigation.state !== "idle"}>
              {navigation.state === "submitting" ? "Signing In..." : "Sign In"}
            </Button>
          </Form>
        </>
      ) : (
        <>
          <h1 className="font-bold text-4xl tracking-tight">Link Not Valid</h1>
          <p className="mt-4 text-muted-foreground">
            This sign-in link has expired or has already been used. Each link works once and expires after{" "}
            {SIGN_IN_LINK_LIFETIME_MINUTES} minutes.
          </p>
          <Button asChild className="mt-6">
            <Link to="/sign-in">Request a New Link</Link>
          </Button>
        </>
      )}
    </main>
  );
}
