import { redirect } from "react-router";
import type { Database } from "~/db/client.server";
import type { Env } from "~/lib/env.server";
import { readSession, staffPartOf, startSession } from "~/lib/session.server";
import { recordSignIn } from "./members.server";
import { safeReturnTo } from "./return-to";

/**
 * Signs a member in with a fresh session (the old token is dropped) and sends them on. An owner who also signs in as a
 * member keeps the owner role, the same browser proved both, but only until the role's own expiry: the member's
 * longer session does not lengthen it.
 */
export async function signInAndRedirect(
  db: Database,
  env: Env,
  request: Request,
  userId: string,
  returnTo: string | null | undefined,
  extraCookies: string[] = [],
): Promise<Response> {
  await recordSignIn(db, userId);
  const previous = await readSession(db, request);
  const setCookie = await startSession(db, env, request, {
    userId,
    ...staffPartOf(previous?.data),
  });
  const headers = new Headers();
  headers.append("Set-Cookie", setCookie);
  for (const cookie of extraCookies) headers.append("Set-Cookie", cookie);
  headers.set("Cache-Control", "no-store");
  return redirect(safeReturnTo(returnTo, env.SITE_URL), { headers });
}

/**
 * Refuses cross-site form posts (login CSRF: signing a visitor into someone else's account). Browsers send Origin
 * with every POST; a request without one is not a browser's and carries no visitor's cookies.
 */
export function isSameOriginPost(request: Request, env: Env): boolean {
  const origin = request.headers.get("origin");
  if (!origin) return true;
  return origin === new URL(request.url).origin || origin === new URL(env.SITE_URL).origin;
}
