import { afterEach, describe, expect, it, vi } from "vitest";
import { startAnalytics, trackEvent, trackPageView } from "./analytics";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("trackEvent", () => {
  it("does nothing when no analytics tag is loaded", () => {
    vi.stubGlobal("window", {});
    expect(() => trackEvent({ name: "login", category: "membership", label: "account_menu" })).not.toThrow();
  });

  it("sends the event's name, category, label, value and non-interaction flag to the tag", () => {
    const gtag = vi.fn();
    vi.stubGlobal("window", { gtag });
    trackEvent({ name: "logout", category: "membership", label: "account_menu" });
    trackEvent({ name: "view", category: "ecommerce", label: "premium", value: 12, nonInteraction: true });
    expect(gtag.mock.calls).toEqual([
      ["event", "logout", { event_category: "membership", event_label: "account_menu" }],
      ["event", "view", { event_category: "ecommerce", event_label: "premium", value: 12, non_interaction: true }],
    ]);
  });
});

describe("startAnalytics", () => {
  it("loads and queues nothing without a measurement id", () => {
    const browserWindow: Record<string, unknown> = {};
    vi.stubGlobal("window", browserWindow);
    expect(startAnalytics(null)).toBe(false);
    trackPageView({ path: "/", url: "https://show.example/", title: "Home" });
    expect(browserWindow).toEqual({});
  });

  it("stays off for a visitor whose browser sends Global Privacy Control", () => {
    const browserWindow: Record<string, unknown> = {};
    vi.stubGlobal("window", browserWindow);
    vi.stubGlobal("navigator", { globalPrivacyControl: true });
    expect(startAnalytics("G-ABC123")).toBe(false);
    expect(browserWindow).toEqual({});
  });
});
