import "~/lib/zod-without-eval";
import { z } from "zod";

/** The cookie that remembers, for the server, that Got it was chosen on the cookie notice without scripts. */
export const COOKIE_NOTICE_DISMISSED_COOKIE = "cookie_notice_dismissed";

/** Where a dismissal posts: the server stores it and sends the visitor back to the page they were on. */
export const COOKIE_NOTICE_PATH = "/cookie-notice";

/**
 * A path on this site: "//host" and "/\host" are other sites to a browser, and control characters could split the
 * Location header.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what must be refused
const LOCAL_PATH = /^\/(?![/\\])[^\u0000-\u001f\\]*$/;

/** Got it on the cookie notice, posted as a form: the page to go back to, or the home page if it is not one of ours. */
export const CookieNoticeDismissalSchema = z.object({
  returnTo: z.string().max(2000).regex(LOCAL_PATH).catch("/"),
});
