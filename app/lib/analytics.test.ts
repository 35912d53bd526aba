import { afterEach, describe, expect, it, vi } from "vitest";
import { trackEvent } from "./analytics";

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
