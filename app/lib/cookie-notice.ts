/** The cookie that remembers, for the server, that Got it was chosen on the cookie notice without scripts. */
export const COOKIE_NOTICE_DISMISSED_COOKIE = "cookie_notice_dismissed";

/** Where a dismissal posts: the server stores it and sends the visitor back to the page they were on. */
export const COOKIE_NOTICE_PATH = "/cookie-notice";
