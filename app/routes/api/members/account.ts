import { deleteMemberAccount } from "~/features/members/member-account.server";
import {
  billingFor,
  endSubscriptionBeforeDeletion,
  SUBSCRIPTION_NOT_ENDED_MESSAGE,
} from "~/features/membership/billing.server";
import { apiError } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";
import { endSession } from "~/lib/session.server";

export const calls = [
  /** Deletes the member's account and everything tied to it, and signs them out. */
  apiCall({
    method: "DELETE",
    path: "/api/members/account",
    access: "member",
    async handler({ db, context, request, user }) {
      const { env } = context;
      const memberId = user.id;
      if (!(await endSubscriptionBeforeDeletion(db, billingFor(env), memberId))) {
        return apiError(502, SUBSCRIPTION_NOT_ENDED_MESSAGE);
      }
      await deleteMemberAccount(db, memberId);
      const clearCookie = await endSession(db, env, request);
      return Response.json(
        { success: true, message: "Account Deleted" },
        { headers: { "Set-Cookie": clearCookie, "Cache-Control": "no-store" } },
      );
    },
  }),
];
