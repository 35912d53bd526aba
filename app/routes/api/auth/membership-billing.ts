import { applyBillingAction } from "~/features/membership/member-actions.server";
import { type BillingActionResponse, BillingActionSchema } from "~/features/membership/schema";
import { apiError } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";

export const calls = [
  /** The dashboard's membership actions for the signed-in member: cancel, downgrade to Basic, open Stripe's portal. */
  apiCall({
    method: "POST",
    path: "/api/auth/membership/billing",
    access: "member",
    refuseOtherMethodsBeforeAccess: true,
    body: BillingActionSchema,
    async handler({ context, user, body }) {
      const outcome = await applyBillingAction(context, user.id, body.action);
      if (!outcome.ok) return apiError(outcome.status, outcome.message);
      if ("portalUrl" in outcome) {
        return {
          success: true,
          message: "Opening billing",
          data: { url: outcome.portalUrl },
        } satisfies BillingActionResponse;
      }
      return { success: true, message: outcome.message, data: {} } satisfies BillingActionResponse;
    },
  }),
];
