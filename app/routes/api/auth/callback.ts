import { redirect } from "react-router";
import { clearStateCookie, completeOidcSignIn, isOidcEnabled } from "~/features/auth/oidc.server";
import { signInAndRedirect } from "~/features/auth/sign-in.server";
import { notFound } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";

export const calls = [
  /** The OpenID provider sends the browser back here with a code; a refused answer goes back to the sign-in page. */
  apiCall({
    method: "GET",
    path: "/api/callback",
    access: "public",
    async handler({ db, context, request }) {
      const { env } = context;
      if (!isOidcEnabled(env)) return notFound();
      const result = await completeOidcSignIn(db, env, request);
      if (!result.ok) {
        console.warn(`[auth] OpenID Connect sign-in refused: ${result.reason}`);
        return redirect("/sign-in?failed=1", { headers: { "Set-Cookie": clearStateCookie(env) } });
      }
      return signInAndRedirect(db, env, request, result.userId, result.returnTo, [clearStateCookie(env)]);
    },
  }),
];
