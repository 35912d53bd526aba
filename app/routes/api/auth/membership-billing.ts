import {
  BILLING_UNAVAILABLE_MESSAGE,
  billingFor,
  billingPortalUrl,
  cancelMembership,
  downgradeToBasic,
} from "~/features/membership/billing.server";
import { type BillingActionResponse, BillingActionSchema } from "~/features/membership/schema";
import { apiError, methodNotAllowed, parseJsonBody } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireUserForApi } from "~/lib/auth.server";
import type { Route } from "./+types/membership-billing";

export const loader = methodNotAllowed;

export const NO_BILLING_ACCOUNT_MESSAGE = "There is no billing account to manage.";

/** The dashboard's membership actions for the signed-in member: cancel, downgrade to Basic, open Stripe's portal. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, env } = context.get(appContext);
  if (request.method !== "POST") return methodNotAllowed();
  const user = await requireUserForApi(db, request);
  const body = await parseJsonBody(request, BillingActionSchema);
  if (!body.ok) return body.response;
  const billing = billingFor(env);

  if (body.data.action === "portal") {
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
    body.data.action === "cancel"
      ? await cancelMembership(db, billing, user.id)
      : await downgradeToBasic(db, billing, user.id);
  if (!change.ok) return apiError(change.status, change.message);
  return { success: true, message: change.message, data: {} } satisfies BillingActionResponse;
}
