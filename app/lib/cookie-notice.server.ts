import { redirect } from "react-router";
import { z } from "zod";
import { COOKIE_NOTICE_DISMISSED_COOKIE } from "./cookie-notice";
import { safeRedirectTarget } from "./redirect-target";
import { requestCookies } from "./request-cookies.server";

/**
 * Got it on the cookie notice, posted as a form: the page to go back to, which the site's rule for redirect targets
 * (redirect-target.ts) keeps only when it stays on the site. Only the server reads it; the notice's form has nothing
 * to check in the page.
 */
const CookieNoticeDismissalSchema = z.object({ returnTo: z.string().optional().catch(undefined) });

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Whether the request carries the dismissal that Got it stored without scripts. */
export function hasDismissedCookieNotice(request: Request): boolean {
  return requestCookies(request.headers.get("cookie"))[COOKIE_NOTICE_DISMISSED_COOKIE] === "1";
}

/**
 * Got it without scripts: remembers the dismissal in a cookie and sends the visitor back (303, so the browser
 * follows with a GET) to the page, which the server then renders without the notice.
 */
export function dismissCookieNotice(request: Request, fields: Record<string, unknown>, siteUrl: string): Response {
  const returnTo = safeRedirectTarget(CookieNoticeDismissalSchema.parse(fields).returnTo, siteUrl);
  const attributes = [
    `${COOKIE_NOTICE_DISMISSED_COOKIE}=1`,
    "Path=/",
    `Max-Age=${ONE_YEAR_SECONDS}`,
    "SameSite=Lax",
    "HttpOnly",
  ];
  if (new URL(request.url).protocol === "https:") attributes.push("Secure");
  return redirect(returnTo, { status: 303, headers: { "Set-Cookie": attributes.join("; ") } });
}
