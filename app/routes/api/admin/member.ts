import { deleteMemberAccount } from "~/features/members/member-account.server";
import { setMemberTier } from "~/features/members/member-list.server";
import { MemberTierChangeSchema, parseMemberId } from "~/features/members/schema";
import {
  billingFor,
  endSubscriptionBeforeDeletion,
  SUBSCRIPTION_NOT_ENDED_MESSAGE,
} from "~/features/membership/billing.server";
import { apiError, methodNotAllowed, notFound, parseJsonBody } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import type { Route } from "./+types/member";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  return methodNotAllowed();
}

/**
 * PATCH /api/admin/members/{id} { membershipTier }: a tier given by hand (complimentary; Free ends it). DELETE: removes
 * the member's account, as the member's own deletion does.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { db, env } = context.get(appContext);
  await requireOwnerForApi(db, request);
  if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed();
  const id = parseMemberId(params.id);
  if (id === null) return apiError(400, "Invalid id");
  if (request.method === "DELETE") {
    if (!(await endSubscriptionBeforeDeletion(db, billingFor(env), id))) {
      return apiError(502, SUBSCRIPTION_NOT_ENDED_MESSAGE);
    }
    if (!(await deleteMemberAccount(db, id))) return notFound("Member not found");
    return { success: true, message: "Member Removed" };
  }
  const body = await parseJsonBody(request, MemberTierChangeSchema);
  if (!body.ok) return body.response;
  const data = await setMemberTier(db, id, body.data.membershipTier);
  if (!data) return notFound("Member not found");
  return { success: true, message: "Membership Updated", data };
}
