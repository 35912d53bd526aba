import { BILLING_UNAVAILABLE_MESSAGE, billingFor, startPaidUpgrade } from "~/features/membership/billing.server";
import { changeMembershipTier, sendUpgradeConfirmation } from "~/features/membership/membership.server";
import {
  CHECKOUT_MESSAGE,
  type UpgradeMembershipResponse,
  UpgradeMembershipSchema,
  upgradeSuccessMessage,
} from "~/features/membership/schema";
import { apiError, methodNotAllowed, parseJsonBody } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { NOT_SIGNED_IN_MESSAGE, requireUserForApi } from "~/lib/auth.server";
import type { Route } from "./+types/membership";

export const loader = methodNotAllowed;

/**
 * Upgrades the signed-in member: free to basic or premium, basic to premium; anything else is a 400. With Stripe set
 * up, a first paid plan answers with the Checkout address instead, and the tier changes when Stripe reports payment.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, env, mailer } = context.get(appContext);
  if (request.method !== "POST") return methodNotAllowed();
  const user = await requireUserForApi(db, request);
  const body = await parseJsonBody(request, UpgradeMembershipSchema);
  if (!body.ok) return body.response;

  const billing = billingFor(env);
  const change = billing
    ? await startPaidUpgrade(db, billing, user.id, body.data.membershipTier, env.SITE_URL)
    : await changeMembershipTier(db, user.id, body.data.membershipTier);
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
}
