import { useEffect, useId, useState } from "react";
import { useLocation } from "react-router";
import {
  COOKIE_NOTICE_PATH,
  COOKIE_NOTICE_TEMPLATE_ATTRIBUTE,
  shouldShowCookieNotice,
  storeCookieNoticeDismissed,
} from "~/lib/cookie-notice";
import { Button } from "./ui/button";

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
    if (!dismissed && shouldShowCookieNotice()) setVisible(true);
  }, [dismissed]);

  return (
    <>
      {!dismissed && (
        <noscript {...{ [COOKIE_NOTICE_TEMPLATE_ATTRIBUTE]: "" }}>
          <CookieNoticePanel />
        </noscript>
      )}
      {visible && (
        <CookieNoticePanel
          onDismiss={() => {
            storeCookieNoticeDismissed();
            setVisible(false);
          }}
        />
      )}
    </>
  );
}
