/**
 * The one script a page that loads no React carries (docs/decisions/045-script-free-page-script.md): what the spec
 * asks of such a page that only a script can do, done without React. It reports to analytics when the site has a
 * measurement id (the page view, a social link's click, each load of a newsletter frame), shows the cookie notice
 * when cookies are blocked, and opens a page that asks for it at its top. The root layout has it loaded once the page
 * has painted and loaded (`loadAfterFirstPaint`); it reads its settings from its own element.
 */
import {
  MEASUREMENT_ID_ATTRIBUTE,
  NEWSLETTER_PLACEMENT_ATTRIBUTE,
  type NewsletterPlacement,
  SOCIAL_PLATFORM_ATTRIBUTE,
  startAnalytics,
  trackNewsletterLoad,
  trackPageView,
  trackSocialClick,
} from "~/lib/analytics";
import {
  COOKIE_NOTICE_TEMPLATE_ATTRIBUTE,
  shouldShowCookieNotice,
  storeCookieNoticeDismissed,
} from "~/lib/cookie-notice";
import { OPENS_AT_TOP_ATTRIBUTE } from "~/lib/page-scripts";

/** Whether the frame's page has loaded already: the browser records a frame's timing entry once it has. */
function hasLoaded(frame: HTMLIFrameElement): boolean {
  return performance
    .getEntriesByName(frame.src, "resource")
    .some((entry) => (entry as PerformanceResourceTiming).initiatorType === "iframe");
}

function reportToAnalytics(measurementId: string) {
  if (!startAnalytics(measurementId)) return;
  trackPageView({ path: `${location.pathname}${location.search}`, url: location.href, title: document.title });
  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest(`[${SOCIAL_PLATFORM_ATTRIBUTE}]`) : null;
    const platform = link?.getAttribute(SOCIAL_PLATFORM_ATTRIBUTE);
    if (platform) trackSocialClick(platform);
  });
  for (const frame of document.querySelectorAll<HTMLIFrameElement>(`iframe[${NEWSLETTER_PLACEMENT_ATTRIBUTE}]`)) {
    const placement = frame.getAttribute(NEWSLETTER_PLACEMENT_ATTRIBUTE) as NewsletterPlacement;
    // The script runs once the page has loaded, and an eager frame may have loaded before it.
    if (hasLoaded(frame)) trackNewsletterLoad(placement);
    frame.addEventListener("load", () => trackNewsletterLoad(placement));
  }
}

/**
 * With scripts running, the browser keeps a `<noscript>`'s content as text: the notice's markup as the server rendered
 * it, which is shown as it is. Got it then stores the dismissal in the page instead of posting it.
 */
function showCookieNotice() {
  const template = document.querySelector(`noscript[${COOKIE_NOTICE_TEMPLATE_ATTRIBUTE}]`);
  if (!template || !shouldShowCookieNotice()) return;
  const holder = document.createElement("div");
  holder.innerHTML = template.textContent ?? "";
  const notice = holder.firstElementChild;
  if (!notice) return;
  notice.querySelector("form")?.addEventListener("submit", (event) => {
    event.preventDefault();
    storeCookieNoticeDismissed();
    notice.remove();
  });
  template.after(notice);
}

/**
 * The browser would restore the position of a page opened by Back or a reload; a page kept whole in the back-forward
 * cache comes back without running its scripts again, so `pageshow` moves it too.
 */
function openAtTop() {
  history.scrollRestoration = "manual";
  window.scrollTo(0, 0);
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) window.scrollTo(0, 0);
  });
}

const script = document.currentScript;
const measurementId = script?.getAttribute(MEASUREMENT_ID_ATTRIBUTE);
if (measurementId) reportToAnalytics(measurementId);
showCookieNotice();
if (script?.hasAttribute(OPENS_AT_TOP_ATTRIBUTE)) openAtTop();
