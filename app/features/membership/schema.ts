import type { FormFlash } from "~/lib/form-flash";
import "~/lib/zod-without-eval";
import { z } from "zod";

/** Spec section 3: any stored value other than basic or premium counts as free. */
export const MEMBERSHIP_TIERS = ["free", "basic", "premium"] as const;
export type MembershipTier = (typeof MEMBERSHIP_TIERS)[number];

/** The tiers a member can upgrade to; free is where everyone starts. */
const PAID_TIERS = ["basic", "premium"] as const;
export type PaidTier = (typeof PAID_TIERS)[number];

export const INVALID_PLAN_MESSAGE = "Choose the basic or premium membership.";
export const PREMIUM_CANNOT_CHANGE_MESSAGE = "Premium membership cannot be changed.";

/** POST /api/auth/membership: the plan the member chose on the upgrade page. */
export const UpgradeMembershipSchema = z.object({
  membershipTier: z.enum(PAID_TIERS, { error: INVALID_PLAN_MESSAGE }),
});

const BILLING_ACTIONS = ["cancel", "downgrade", "portal"] as const;
export type BillingAction = (typeof BILLING_ACTIONS)[number];
export const INVALID_BILLING_ACTION_MESSAGE = "Choose cancel, downgrade or portal.";

/** POST /api/auth/membership/billing: the dashboard's Cancel, Downgrade and Manage billing buttons. */
export const BillingActionSchema = z.object({
  action: z.enum(BILLING_ACTIONS, { error: INVALID_BILLING_ACTION_MESSAGE }),
});

/** The toasts of the dashboard's membership actions, and of the upgrade page's plans (spec section 7). */
export const BILLING_UPDATED_TITLE = "Membership Updated";
export const BILLING_FAILED_TITLE = "Update Failed";
export const UPGRADED_TITLE = "Membership Upgraded!";
export const UPGRADE_FAILED_TITLE = "Upgrade Failed";
export const UPGRADE_FAILED_MESSAGE = "There was an error upgrading your membership. Please try again.";

/** The dashboard's Cancel and Downgrade ask first; posted before the scripts run, the page asks in its HTML. */
export const CONFIRMED_BILLING_ACTIONS = ["cancel", "downgrade"] as const;
export type ConfirmedBillingAction = (typeof CONFIRMED_BILLING_ACTIONS)[number];

/** What the dashboard shows after a membership button posted before (or without) the scripts. */
export type BillingFormAnswer = { confirming: ConfirmedBillingAction } | { flash: FormFlash };

/** What the upgrade page shows after a plan's button posted before (or without) the scripts. */
export type UpgradeFormAnswer = { flash: FormFlash };

export type BillingActionResponse =
  | { success: true; message: string; data: { url?: string } }
  | { success: false; message: string };

/** The dashboard's view of the member's paid period (dates as ISO strings). */
export type BillingState = {
  canManageBilling: boolean;
  complimentary: boolean;
  periodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  paymentFailed: boolean;
};

export type UpgradeMembershipResponse =
  | { success: true; message: string; data: { membershipTier: PaidTier } | { checkoutUrl: string } }
  | { success: false; message: string };

const TIER_RANK: Record<MembershipTier, number> = { free: 0, basic: 1, premium: 2 };

/** Spec section 4: free goes to basic or premium, basic to premium; premium never changes; no downgrade. */
export function canUpgrade(from: MembershipTier, to: MembershipTier): boolean {
  return from !== "premium" && TIER_RANK[to] > TIER_RANK[from];
}

/** Why `from` cannot become `to` (only called when `canUpgrade` is false). */
export function upgradeRefusalMessage(from: MembershipTier, to: MembershipTier): string {
  if (from === "premium") return PREMIUM_CANNOT_CHANGE_MESSAGE;
  if (from === to) return `You already have the ${planTitle(to)} membership.`;
  return "Memberships cannot be downgraded.";
}

export function upgradeSuccessMessage(tier: PaidTier) {
  return `Your account has been upgraded to ${tier} membership.`;
}

export const CHECKOUT_MESSAGE = "Continue to the secure payment page.";

export function planTitle(tier: MembershipTier) {
  return { free: "Free", basic: "Basic", premium: "Premium" }[tier];
}

/** The dashboard's membership card. */
export function membershipPlanName(tier: MembershipTier) {
  return `${planTitle(tier)} Membership`;
}

/** The profile's tier label. */
export function memberTierLabel(tier: MembershipTier) {
  return `${planTitle(tier)} Member`;
}
