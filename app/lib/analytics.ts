/** Spec section 3: the analytics event categories. */
type AnalyticsCategory = "podcast" | "engagement" | "membership" | "newsletter" | "navigation" | "social" | "ecommerce";

export type AnalyticsEvent = {
  name: string;
  category: AnalyticsCategory;
  label: string;
  value?: number;
  nonInteraction?: boolean;
};

type Gtag = (...command: unknown[]) => void;
type AnalyticsWindow = Window & { dataLayer?: unknown[]; gtag?: Gtag };

/** The tag's script; the site's content security policy must allow it (see README, Analytics). */
export const GTAG_SCRIPT_URL = "https://www.googletagmanager.com/gtag/js";

/** A visitor whose browser asks not to be tracked (Global Privacy Control or Do Not Track) gets no analytics at all. */
function visitorOptedOut(): boolean {
  const browser = navigator as Navigator & { globalPrivacyControl?: boolean };
  return browser.globalPrivacyControl === true || browser.doNotTrack === "1";
}

/**
 * Starts Google Analytics (docs/decisions/021-structured-data-and-analytics.md): nothing is loaded or queued without a
 * measurement id. Advertising storage and signals stay denied; page views are sent by `trackPageView`. The tag's
 * script is added from here rather than from an inline script, so the policy needs no 'unsafe-inline'. Returns whether
 * analytics runs.
 */
export function startAnalytics(measurementId: string | null): boolean {
  if (!measurementId || visitorOptedOut()) return false;
  const analyticsWindow = window as AnalyticsWindow;
  if (analyticsWindow.gtag) return true;
  analyticsWindow.dataLayer ??= [];
  const dataLayer = analyticsWindow.dataLayer;
  // gtag.js reads only Arguments objects from the data layer, so this must be a plain function pushing `arguments`.
  analyticsWindow.gtag = function gtag() {
    // biome-ignore lint/complexity/noArguments: gtag.js ignores entries that are not Arguments objects
    dataLayer.push(arguments);
  };
  const gtag = analyticsWindow.gtag;
  gtag("consent", "default", {
    ad_storage: "denied",
    ad_user_data: "denied",
    ad_personalization: "denied",
    analytics_storage: "granted",
  });
  gtag("js", new Date());
  gtag("config", measurementId, {
    send_page_view: false,
    allow_google_signals: false,
    allow_ad_personalization_signals: false,
  });

  const script = document.createElement("script");
  script.async = true;
  script.src = `${GTAG_SCRIPT_URL}?id=${encodeURIComponent(measurementId)}`;
  script.addEventListener("error", () => {
    console.warn("Analytics could not be loaded (blocked or offline); the site works without it.");
  });
  document.head.append(script);
  return true;
}

/** One page view per navigation; the history's hash changes (home page sections) are not page views. */
export function trackPageView(page: { path: string; url: string; title: string }): void {
  if (typeof window === "undefined") return;
  const gtag = (window as AnalyticsWindow).gtag;
  if (typeof gtag !== "function") return;
  gtag("event", "page_view", { page_path: page.path, page_location: page.url, page_title: page.title });
}

/** Sends an event to Google Analytics when its tag has loaded; without it (no id, blocked, server) nothing happens. */
export function trackEvent({ name, category, label, value, nonInteraction }: AnalyticsEvent): void {
  if (typeof window === "undefined") return;
  const gtag = (window as AnalyticsWindow).gtag;
  if (typeof gtag !== "function") return;
  gtag("event", name, {
    event_category: category,
    event_label: label,
    ...(value !== undefined && { value }),
    ...(nonInteraction && { non_interaction: true }),
  });
}

/** Where a newsletter frame sits, as its load is reported. */
export type NewsletterPlacement = "footer" | "main_content";

/**
 * Attributes that give a page without React what it reports: the measurement id on its small script, and what a social
 * link or a newsletter frame reports, so that the script (app/script-free-page/script-free-page.ts) reports what a
 * hydrated page's handlers do.
 */
export const MEASUREMENT_ID_ATTRIBUTE = "data-measurement-id";
export const SOCIAL_PLATFORM_ATTRIBUTE = "data-social-platform";
export const NEWSLETTER_PLACEMENT_ATTRIBUTE = "data-newsletter-placement";

/** Spec section 7: a click on a social link, labelled with its platform. */
export function trackSocialClick(platform: string): void {
  trackEvent({ name: "social_click", category: "social", label: platform });
}

/** Spec section 7: each load of the newsletter's form, labelled with where it sits. */
export function trackNewsletterLoad(placement: NewsletterPlacement): void {
  trackEvent({ name: "newsletter_signup", category: "newsletter", label: placement });
}
