import { useEffect, useId, useState } from "react";
import { Button } from "./ui/button";

export const COOKIE_NOTICE_DISMISSED_KEY = "analytics-notice-dismissed";
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

function storeDismissed() {
  try {
    window.localStorage.setItem(COOKIE_NOTICE_DISMISSED_KEY, "true");
  } catch {
    // Nothing to keep it in; hiding it for this page view is all that can be done.
  }
}

export function CookieNotice() {
  const [visible, setVisible] = useState(false);
  const textId = useId();

  useEffect(() => {
    if (!readDismissed() && !canSetThirdPartyStyleCookie()) setVisible(true);
  }, []);

  if (!visible) return null;
  return (
    <section
      aria-label="Cookie notice"
      aria-describedby={textId}
      className="fixed right-4 bottom-4 left-4 z-[60] rounded-lg border border-border bg-card p-4 text-card-foreground shadow-lg sm:left-auto sm:max-w-sm"
    >
      <p id={textId} className="text-sm leading-relaxed">
        It appears that third-party cookies are blocked in your browser. Some features like analytics and preferences
        may not work correctly.
      </p>
      <Button
        size="sm"
        className="mt-3"
        onClick={() => {
          storeDismissed();
          setVisible(false);
        }}
      >
        Got it
      </Button>
    </section>
  );
}
