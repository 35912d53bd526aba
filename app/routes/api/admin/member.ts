import { recordsChange } from "~/features/activity/changes.server";
import { deleteMemberAccount } from "~/features/members/member-account.server";
import { setMemberTier } from "~/features/members/member-list.server";
import { MemberTierChangeSchema, parseMemberId } from "~/features/members/schema";
import {
  billingFor,
  endSubscriptionBeforeDeletion,
  SUBSCRIPTION_NOT_ENDED_MESSAGE,
} from "~/features/membership/billing.server";
import { apiError, notFound } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";
import { ROLES } from "~/lib/staff-roles";

export const calls = [
  /** { membershipTier }: a tier given by hand (complimentary; Free ends it). */
  apiCall({
    method: "PATCH",
    path: "/api/admin/members/:id",
    access: { staff: ROLES.owner },
    activity: recordsChange("member", ({ body }) => ({
      verb: "tier_changed",
      detail: (body as { membershipTier: string }).membershipTier,
    })),
    parseId: parseMemberId,
    body: MemberTierChangeSchema,
    async handler({ db, id, body }) {
      const data = await setMemberTier(db, id, body.membershipTier);
      if (!data) return notFound("Member not found");
      return { success: true, message: "Membership Updated", data };
    },
  }),
  /** Removes the member's account, as the member's own deletion does. */
  apiCall({
    method: "DELETE",
    path: "/api/admin/members/:id",
    access: { staff: ROLES.owner },
    activity: recordsChange("member", "deleted"),
    parseId: parseMemberId,
    async handler({ db, context, id }) {
      if (!(await endSubscriptionBeforeDeletion(db, billingFor(context.env), id))) {
        return apiError(502, SUBSCRIPTION_NOT_ENDED_MESSAGE);
      }
      if (!(await deleteMemberAccount(db, id))) return notFound("Member not found");
      return { success: true, message: "Member Removed" };
    },
  }),
];
