/** Spec section 3: the analytics event categories. */
export type AnalyticsCategory =
  | "podcast"
  | "engagement"
  | "membership"
  | "newsletter"
  | "navigation"
  | "social"
  | "ecommerce";

export type AnalyticsEvent = {
  name: string;
  category: AnalyticsCategory;
  label: string;
  value?: number;
  nonInteraction?: boolean;
};

type Gtag = (command: "event", name: string, parameters: Record<string, unknown>) => void;

/** Sends an event to Google Analytics when its tag has loaded; without it (no id, blocked, server) nothing happens. */
export function trackEvent({ name, category, label, value, nonInteraction }: AnalyticsEvent): void {
  if (typeof window === "undefined") return;
  const gtag = (window as Window & { gtag?: Gtag }).gtag;
  if (typeof gtag !== "function") return;
  gtag("event", name, {
    event_category: category,
    event_label: label,
    ...(value !== undefined && { value }),
    ...(nonInteraction && { non_interaction: true }),
  });
}
