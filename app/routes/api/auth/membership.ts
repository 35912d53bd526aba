import { applyUpgrade } from "~/features/membership/member-actions.server";
import {
  CHECKOUT_MESSAGE,
  type UpgradeMembershipResponse,
  UpgradeMembershipSchema,
  upgradeSuccessMessage,
} from "~/features/membership/schema";
import { apiError } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";

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
    async handler({ context, user, body }) {
      const outcome = await applyUpgrade(context, user, body.membershipTier);
      if (!outcome.ok) return apiError(outcome.status, outcome.message);
      if ("checkoutUrl" in outcome) {
        return {
          success: true,
          message: CHECKOUT_MESSAGE,
          data: { checkoutUrl: outcome.checkoutUrl },
        } satisfies UpgradeMembershipResponse;
      }
      return {
        success: true,
        message: upgradeSuccessMessage(outcome.membershipTier),
        data: { membershipTier: outcome.membershipTier },
      } satisfies UpgradeMembershipResponse;
    },
  }),
];
