import { parse } from "cookie";
import { COOKIE_NOTICE_DISMISSED_COOKIE } from "./cookie-notice";

/** The cookie that carries a session's token (app/lib/session.server.ts). */
export const SESSION_COOKIE = "sid";

/** Cookies that change what a page shows: a session, and the cookie notice dismissed without scripts. */
const PERSONAL_COOKIES = [SESSION_COOKIE, COOKIE_NOTICE_DISMISSED_COOKIE];

/**
 * The cookies of a Cookie header, read by the one parser of the site (the `cookie` package, RFC 6265): a name is
 * exactly what stands before its `=`, case included, without the spaces and tabs around it (any other character, a
 * non-breaking space say, is part of the name); the first pair of a name wins; a value is percent-decoded. The
 * session, the cookie notice and the page cache all read cookies here, so that what one of them takes for a session,
 * the others do too.
 */
export function requestCookies(header: string | null | undefined): Record<string, string | undefined> {
  return header ? parse(header) : {};
}

/** Whether a Cookie header carries a cookie that may change what a page shows, whatever its value. */
export function carriesPersonalCookie(header: string | null | undefined): boolean {
  const cookies = requestCookies(header);
  return PERSONAL_COOKIES.some((name) => cookies[name] !== undefined);
}
