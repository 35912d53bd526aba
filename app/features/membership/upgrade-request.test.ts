import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AnalyticsEvent } from "~/lib/analytics";
import { requestMembershipUpgrade, trackUpgradePageView } from "./upgrade-request";

const tracked = vi.hoisted(() => [] as AnalyticsEvent[]);
vi.mock("~/lib/analytics", () => ({ trackEvent: (event: AnalyticsEvent) => tracked.push(event) }));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  tracked.length = 0;
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ecommerce = (name: string, label: string) => ({ name, category: "ecommerce", label });

describe("upgrade page analytics (spec section 7)", () => {
  it("records the view with the current tier, or none", () => {
    trackUpgradePageView("basic");
    trackUpgradePageView(null);
    expect(tracked).toEqual([ecommerce("view", "basic"), ecommerce("view", "none")]);
  });

  it("posts the plan and records upgrade_attempt then upgrade on success", async () => {
    fetchMock.mockResolvedValue(Response.json({ success: true, data: { membershipTier: "premium" } }));
    expect(await requestMembershipUpgrade("premium")).toEqual({ status: "upgraded" });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/api/auth/membership");
    expect(init).toMatchObject({ method: "POST", credentials: "include", body: '{"membershipTier":"premium"}' });
    expect(tracked).toEqual([ecommerce("upgrade_attempt", "premium"), ecommerce("upgrade", "premium")]);
  });

  it("records upgrade_failed when the server refuses", async () => {
    fetchMock.mockResolvedValue(Response.json({ success: false, message: "no" }, { status: 400 }));
    expect(await requestMembershipUpgrade("basic")).toEqual({ status: "failed" });
    expect(tracked).toEqual([ecommerce("upgrade_attempt", "basic"), ecommerce("upgrade_failed", "basic")]);
    expect(console.error).toHaveBeenCalled();
  });

  it("hands over Stripe's Checkout address and records only the attempt, as payment is still to come", async () => {
    const checkoutUrl = "https://checkout.stripe.com/c/pay/cs_test_1";
    fetchMock.mockResolvedValue(Response.json({ success: true, data: { checkoutUrl } }));
    expect(await requestMembershipUpgrade("premium")).toEqual({ status: "checkout", checkoutUrl });
    expect(tracked).toEqual([ecommerce("upgrade_attempt", "premium")]);
  });

  it("records upgrade_failed when the server cannot be reached", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    expect(await requestMembershipUpgrade("basic")).toEqual({ status: "failed" });
    expect(tracked).toEqual([ecommerce("upgrade_attempt", "basic"), ecommerce("upgrade_failed", "basic")]);
  });
});
