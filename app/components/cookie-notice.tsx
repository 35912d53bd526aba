import { useEffect, useId, useState } from "react";
import { useLocation } from "react-router";
import { COOKIE_NOTICE_PATH } from "~/lib/cookie-notice";
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

/**
 * The notice with Got it, a form posting the dismissal to the server (which stores it in a cookie and sends the
 * visitor back), so that it works without scripts; with them, `onDismiss` stores it in the page instead.
 */
function CookieNoticePanel({ onDismiss }: { onDismiss?: () => void }) {
  const textId = useId();
  const { pathname, search } = useLocation();
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
      <form
        method="post"
        action={COOKIE_NOTICE_PATH}
        onSubmit={(event) => {
          if (!onDismiss) return;
          event.preventDefault();
          onDismiss();
        }}
      >
        <input type="hidden" name="returnTo" value={`${pathname}${search}`} />
        <Button type="submit" size="sm" className="mt-3">
          Got it
        </Button>
      </form>
    </section>
  );
}

/**
 * Spec sections 8 and 9: shown when a test cookie cannot be set and no dismissal is stored. Without scripts no test
 * cookie can be set, so the notice is in the page for such browsers (`<noscript>`) until the server has stored their
 * dismissal (`dismissed`).
 */
export function CookieNotice({ dismissed }: { dismissed: boolean }) {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!dismissed && !readDismissed() && !canSetThirdPartyStyleCookie()) setVisible(true);
  }, [dismissed]);

  return (
    <>
      {!dismissed && (
        <noscript>
          <CookieNoticePanel />
        </noscript>
      )}
      {visible && (
        <CookieNoticePanel
          onDismiss={() => {
            storeDismissed();
            setVisible(false);
          }}
        />
      )}
    </>
  );
}
