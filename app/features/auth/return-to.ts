import { siteRedirectTarget } from "~/lib/redirect-target";

/** Where members land after signing in when nothing else was asked for, or what was asked for would leave the site. */
export const DEFAULT_RETURN_TO = "/members/dashboard";

/**
 * A place on this site to go back to after sign-in, as the site's one rule for redirect targets decides
 * (app/lib/redirect-target.ts); anything that would leave the site, and the sign-in endpoints themselves, fall back
 * to the dashboard.
 */
export function safeReturnTo(value: string | null | undefined, siteUrl: string): string {
  const target = siteRedirectTarget(value, siteUrl);
  if (!target) return DEFAULT_RETURN_TO;
  const { pathname } = new URL(target, siteUrl);
  if (pathname.startsWith("/api/") || pathname.startsWith("/sign-in")) return DEFAULT_RETURN_TO;
  return target;
}
