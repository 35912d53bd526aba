import { changeMembershipTier, sendUpgradeConfirmation } from "~/features/membership/membership.server";
import {
  type UpgradeMembershipResponse,
  UpgradeMembershipSchema,
  upgradeSuccessMessage,
} from "~/features/membership/schema";
import { apiError, methodNotAllowed, parseJsonBody } from "~/lib/api.server";
import { NOT_SIGNED_IN_MESSAGE, requireUserForApi } from "~/lib/auth.server";
import type { Route } from "./+types/membership";

export const loader = methodNotAllowed;

/** Upgrades the signed-in member: free to basic or premium, basic to premium; anything else is a 400. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const user = await requireUserForApi(context.db, request);
  const body = await parseJsonBody(request, UpgradeMembershipSchema);
  if (!body.ok) return body.response;

  const change = await changeMembershipTier(context.db, user.id, body.data.membershipTier);
  if (!change.ok) {
    return change.reason === "refused" ? apiError(400, change.message) : apiError(401, NOT_SIGNED_IN_MESSAGE);
  }
  await sendUpgradeConfirmation(context.mailer, context.env, user, change.membershipTier);
  return {
    success: true,
    message: upgradeSuccessMessage(change.membershipTier),
    data: { membershipTier: change.membershipTier },
  } satisfies UpgradeMembershipResponse;
}
