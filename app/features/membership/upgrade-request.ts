import { trackEvent } from "~/lib/analytics";
import { sendJson } from "~/lib/api-client";
import type { PaidTier, UpgradeMembershipResponse } from "./schema";

const ANALYTICS_CATEGORY = "ecommerce";

/** The upgrade page's "view" event (spec section 7): the member's current tier, or "none". */
export function trackUpgradePageView(currentTier: string | null) {
  trackEvent({ name: "view", category: ANALYTICS_CATEGORY, label: currentTier ?? "none" });
}

/** Applied at once, or continued on Stripe's Checkout page at `checkoutUrl`, or failed. */
export type UpgradeOutcome =
  | { status: "upgraded" }
  | { status: "checkout"; checkoutUrl: string }
  | { status: "failed" };

/**
 * Asks the server to upgrade the signed-in member to `plan`, recording upgrade_attempt and then upgrade or
 * upgrade_failed. A refusal and a network failure both count as failed.
 */
export async function requestMembershipUpgrade(plan: PaidTier): Promise<UpgradeOutcome> {
  trackEvent({ name: "upgrade_attempt", category: ANALYTICS_CATEGORY, label: plan });
  try {
    const reply = await sendJson<UpgradeMembershipResponse>("POST", "/api/auth/membership", { membershipTier: plan });
    if (reply.ok && reply.body?.success) {
      if ("checkoutUrl" in reply.body.data) return { status: "checkout", checkoutUrl: reply.body.data.checkoutUrl };
      trackEvent({ name: "upgrade", category: ANALYTICS_CATEGORY, label: plan });
      return { status: "upgraded" };
    }
    console.error(`Membership upgrade to ${plan} failed: ${reply.status} ${reply.body?.message ?? ""}`);
  } catch (error) {
    console.error(`Membership upgrade to ${plan} failed:`, error);
  }
  trackEvent({ name: "upgrade_failed", category: ANALYTICS_CATEGORY, label: plan });
  return { status: "failed" };
}
