/** The cookie that remembers, for the server, that Got it was chosen on the cookie notice without scripts. */
export const COOKIE_NOTICE_DISMISSED_COOKIE = "cookie_notice_dismissed";

/** Where a dismissal posts: the server stores it and sends the visitor back to the page they were on. */
export const COOKIE_NOTICE_PATH = "/cookie-notice";

/**
 * Marks the `<noscript>` holding the notice's markup: a page that loads no React shows that markup from its small
 * script (app/script-free-page/script-free-page.ts) when the check below finds cookies blocked.
 */
export const COOKIE_NOTICE_TEMPLATE_ATTRIBUTE = "data-cookie-notice";

/** The spec's local-storage key for a dismissal made with scripts. */
const COOKIE_NOTICE_DISMISSED_KEY = "analytics-notice-dismissed";
const TEST_COOKIE = "cookie_test";

/**
 * Third-party contexts (analytics, embeds) only get cookies marked SameSite=None; Secure, so that is the cookie tried.
 * Browsers refuse Secure cookies on plain-http hosts other than localhost, where the notice therefore shows too.
 */
function canSetThirdPartyStyleCookie(): boolean {
  if (!navigator.cookieEnabled) return false;
  // biome-ignore lint/suspicious/noDocumentCookie: the check must be synchronous and work where cookieStore is missing
  document.cookie = `${TEST_COOKIE}=1; SameSite=None; Secure; Path=/`;
  const stored = document.cookie.split("; ").includes(`${TEST_COOKIE}=1`);
  // biome-ignore lint/suspicious/noDocumentCookie: removes the test cookie set just above
  document.cookie = `${TEST_COOKIE}=; Max-Age=0; SameSite=None; Secure; Path=/`;
  return stored;
}

/** Storage itself may be blocked; the notice then simply shows again next time. */
function readDismissed(): boolean {
  try {
    return window.localStorage.getItem(COOKIE_NOTICE_DISMISSED_KEY) === "true";
  } catch {
    return false;
  }
}

export function storeCookieNoticeDismissed() {
  try {
    window.localStorage.setItem(COOKIE_NOTICE_DISMISSED_KEY, "true");
  } catch {
    // Nothing to keep it in; hiding it for this page view is all that can be done.
  }
}

/** Spec sections 8 and 9: the notice shows when a test cookie cannot be set and no dismissal is stored. */
export function shouldShowCookieNotice(): boolean {
  return !readDismissed() && !canSetThirdPartyStyleCookie();
}
