export type AnalyticsEvent = {
  name: string;
  category: string;
  label?: string;
  value?: number;
  nonInteraction?: boolean;
};

/** Records a marketing analytics event. A no-op until the analytics work sends events to Google Analytics. */
export function trackEvent(_event: AnalyticsEvent): void {}
