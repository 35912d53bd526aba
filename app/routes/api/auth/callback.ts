import { redirect } from "react-router";
import { clearStateCookie, completeOidcSignIn, isOidcEnabled } from "~/features/auth/oidc.server";
import { signInAndRedirect } from "~/features/auth/sign-in.server";
import { methodNotAllowed, notFound } from "~/lib/api.server";
import type { Route } from "./+types/callback";

/** The OpenID provider sends the browser back here with a code; a refused answer goes back to the sign-in page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!isOidcEnabled(context.env)) return notFound();
  const result = await completeOidcSignIn(context.db, context.env, request);
  if (!result.ok) {
    console.warn(`[auth] OpenID Connect sign-in refused: ${result.reason}`);
    return redirect("/sign-in?failed=1", { headers: { "Set-Cookie": clearStateCookie(context.env) } });
  }
  return signInAndRedirect(context.db, context.env, request, result.userId, result.returnTo, [
    clearStateCookie(context.env),
  ]);
}

export const action = methodNotAllowed;
