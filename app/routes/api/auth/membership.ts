import { BILLING_UNAVAILABLE_MESSAGE, billingFor, startPaidUpgrade } from "~/features/membership/billing.server";
import { changeMembershipTier, sendUpgradeConfirmation } from "~/features/membership/membership.server";
import {
  CHECKOUT_MESSAGE,
  type UpgradeMembershipResponse,
  UpgradeMembershipSchema,
  upgradeSuccessMessage,
} from "~/features/membership/schema";
import { apiError } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";
import { NOT_SIGNED_IN_MESSAGE } from "~/lib/auth.server";

export const calls = [
  /**
   * Upgrades the signed-in member: free to basic or premium, basic to premium; anything else is a 400. With Stripe set
   * up, a first paid plan answers with the Checkout address instead, and the tier changes when Stripe reports payment.
   */
  apiCall({
    method: "POST",
    path: "/api/auth/membership",
    access: "member",
    refuseOtherMethodsBeforeAccess: true,
    body: UpgradeMembershipSchema,
    async handler({ db, context, user, body }) {
      const { env, mailer } = context;
      const billing = billingFor(env);
      const change = billing
        ? await startPaidUpgrade(db, billing, user.id, body.membershipTier, env.SITE_URL)
        : await changeMembershipTier(db, user.id, body.membershipTier);
      if (change.ok && "checkoutUrl" in change) {
        return {
          success: true,
          message: CHECKOUT_MESSAGE,
          data: { checkoutUrl: change.checkoutUrl },
        } satisfies UpgradeMembershipResponse;
      }
      if (!change.ok && change.reason === "billing-unavailable") return apiError(502, BILLING_UNAVAILABLE_MESSAGE);
      if (!change.ok) {
        return change.reason === "refused" ? apiError(400, change.message) : apiError(401, NOT_SIGNED_IN_MESSAGE);
      }
      await sendUpgradeConfirmation(mailer, env, user, change.membershipTier);
      return {
        success: true,
        message: upgradeSuccessMessage(change.membershipTier),
        data: { membershipTier: change.membershipTier },
      } satisfies UpgradeMembershipResponse;
    },
  }),
];
