import type { AppContext } from "~/lib/app-context.server";
import { NOT_SIGNED_IN_MESSAGE } from "~/lib/auth.server";
import type { CurrentUser } from "~/lib/current-user";
import {
  BILLING_UNAVAILABLE_MESSAGE,
  billingFor,
  billingPortalUrl,
  cancelMembership,
  downgradeToBasic,
  startPaidUpgrade,
} from "./billing.server";
import { changeMembershipTier, sendUpgradeConfirmation } from "./membership.server";
import type { BillingAction, PaidTier } from "./schema";

const NO_BILLING_ACCOUNT_MESSAGE = "There is no billing account to manage.";

type Refused = { ok: false; status: number; message: string };

/**
 * A member's Cancel, Downgrade or Manage billing, whether sent to the API or posted by the dashboard's form: what
 * changed, or the address of Stripe's portal, or why not with the status the API answers.
 */
export async function applyBillingAction(
  { db, env }: AppContext,
  userId: string,
  action: BillingAction,
): Promise<{ ok: true; message: string } | { ok: true; portalUrl: string } | Refused> {
  const billing = billingFor(env);
  if (action === "portal") {
    if (!billing) return { ok: false, status: 400, message: NO_BILLING_ACCOUNT_MESSAGE };
    try {
      const url = await billingPortalUrl(db, billing, userId, `${env.SITE_URL}/members/dashboard`);
      return url ? { ok: true, portalUrl: url } : { ok: false, status: 400, message: NO_BILLING_ACCOUNT_MESSAGE };
    } catch (error) {
      console.error("[stripe] could not open the billing portal:", error);
      return { ok: false, status: 502, message: BILLING_UNAVAILABLE_MESSAGE };
    }
  }
  const change =
    action === "cancel" ? await cancelMembership(db, billing, userId) : await downgradeToBasic(db, billing, userId);
  return change.ok
    ? { ok: true, message: change.message }
    : { ok: false, status: change.status, message: change.message };
}

/**
 * A member's upgrade, whether sent to the API or posted by the upgrade page's form: with Stripe set up, a first paid
 * plan is the Checkout address (the tier changes when Stripe reports payment); otherwise the tier changes now and the
 * confirmation mail goes out.
 */
export async function applyUpgrade(
  { db, env, mailer }: AppContext,
  user: CurrentUser,
  tier: PaidTier,
): Promise<{ ok: true; checkoutUrl: string } | { ok: true; membershipTier: PaidTier } | Refused> {
  const billing = billingFor(env);
  const change = billing
    ? await startPaidUpgrade(db, billing, user.id, tier, env.SITE_URL)
    : await changeMembershipTier(db, user.id, tier);
  if (change.ok && "checkoutUrl" in change) return { ok: true, checkoutUrl: change.checkoutUrl };
  if (!change.ok) {
    if (change.reason === "billing-unavailable")
      return { ok: false, status: 502, message: BILLING_UNAVAILABLE_MESSAGE };
    if (change.reason === "refused") return { ok: false, status: 400, message: change.message };
    return { ok: false, status: 401, message: NOT_SIGNED_IN_MESSAGE };
  }
  await sendUpgradeConfirmation(mailer, env, user, change.membershipTier);
  return { ok: true, membershipTier: change.membershipTier };
}
