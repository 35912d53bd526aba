import { billingFor, handleStripeWebhook } from "~/features/membership/billing.server";
import { apiError, readTextWithin, tooLarge } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";

/** Stripe's events are far smaller; anything larger is not from Stripe. */
const WEBHOOK_BODY_LIMIT_BYTES = 512 * 1024;

export const calls = [
  /**
   * Stripe's webhook. The signature covers the exact bytes sent, so the body is read as raw text here (no body schema,
   * no body parser runs before the router) and verified before anything is parsed or stored.
   */
  apiCall({
    method: "POST",
    path: "/api/stripe/webhook",
    access: "public",
    async handler({ db, context, request }) {
      const billing = billingFor(context.env);
      if (!billing) return apiError(404, "Payments are not set up");
      const body = await readTextWithin(request, WEBHOOK_BODY_LIMIT_BYTES);
      if (body === null) return tooLarge();
      const outcome = await handleStripeWebhook(db, billing, body, request.headers.get("stripe-signature"));
      if (outcome.status !== 200) return apiError(outcome.status, outcome.message);
      return { success: true, message: outcome.message };
    },
  }),
];
