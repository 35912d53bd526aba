import { redirect } from "react-router";
import { consumeOidcStartLimit, isOidcEnabled, startOidcSignIn } from "~/features/auth/oidc.server";
import { safeReturnTo } from "~/features/auth/return-to";
import { tooManyRequests } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";
import { getViewer } from "~/lib/auth.server";

export const SIGN_IN_RATE_LIMITED_MESSAGE =
  "Too many sign-in attempts from your network. Please wait 15 minutes and try again.";

const signInPage = (returnTo: string, failed = false) =>
  `/sign-in?returnTo=${encodeURIComponent(returnTo)}${failed ? "&failed=1" : ""}`;

export const calls = [
  /** Starts sign-in: at the OpenID provider when one is configured, else on the email-link page. */
  apiCall({
    method: "GET",
    path: "/api/login",
    access: "public",
    async handler({ db, context, request }) {
      const { env, requestId, clientIp } = context;
      const returnTo = safeReturnTo(new URL(request.url).searchParams.get("returnTo"), env.SITE_URL);
      const { user } = await getViewer(db, request);
      if (user) return redirect(returnTo);
      if (!isOidcEnabled(env)) return redirect(signInPage(returnTo));
      const limit = await consumeOidcStartLimit(db, clientIp);
      if (!limit.allowed) return tooManyRequests(limit.retryAfterSeconds, SIGN_IN_RATE_LIMITED_MESSAGE);
      try {
        const { authorizationUrl, setCookie } = await startOidcSignIn(db, env, returnTo);
        return redirect(authorizationUrl.href, {
          headers: { "Set-Cookie": setCookie, "Cache-Control": "no-store" },
        });
      } catch (error) {
        console.error(`[auth] request ${requestId}: could not start OpenID Connect sign-in:`, error);
        return redirect(signInPage(returnTo, true));
      }
    },
  }),
];
