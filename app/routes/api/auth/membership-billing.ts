import {
  BILLING_UNAVAILABLE_MESSAGE,
  billingFor,
  billingPortalUrl,
  cancelMembership,
  downgradeToBasic,
} from "~/features/membership/billing.server";
import { type BillingActionResponse, BillingActionSchema } from "~/features/membership/schema";
import { apiError } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";

const NO_BILLING_ACCOUNT_MESSAGE = "There is no billing account to manage.";

export const calls = [
  /** The dashboard's membership actions for the signed-in member: cancel, downgrade to Basic, open Stripe's portal. */
  apiCall({
    method: "POST",
    path: "/api/auth/membership/billing",
    access: "member",
    refuseOtherMethodsBeforeAccess: true,
    body: BillingActionSchema,
    async handler({ db, context, user, body }) {
      const { env } = context;
      const billing = billingFor(env);
      if (body.action === "portal") {
        if (!billing) return apiError(400, NO_BILLING_ACCOUNT_MESSAGE);
        try {
          const url = await billingPortalUrl(db, billing, user.id, `${env.SITE_URL}/members/dashboard`);
          if (!url) return apiError(400, NO_BILLING_ACCOUNT_MESSAGE);
          return { success: true, message: "Opening billing", data: { url } } satisfies BillingActionResponse;
        } catch (error) {
          console.error("[stripe] could not open the billing portal:", error);
          return apiError(502, BILLING_UNAVAILABLE_MESSAGE);
        }
      }
      const change =
        body.action === "cancel"
          ? await cancelMembership(db, billing, user.id)
          : await downgradeToBasic(db, billing, user.id);
      if (!change.ok) return apiError(change.status, change.message);
      return { success: true, message: change.message, data: {} } satisfies BillingActionResponse;
    },
  }),
];
