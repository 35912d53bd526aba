import { deleteMemberAccount } from "~/features/members/member-account.server";
import {
  billingFor,
  endSubscriptionBeforeDeletion,
  SUBSCRIPTION_NOT_ENDED_MESSAGE,
} from "~/features/membership/billing.server";
import { apiError, methodNotAllowed } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireUserForApi } from "~/lib/auth.server";
import { endSession } from "~/lib/session.server";
import type { Route } from "./+types/account";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireUserForApi(db, request);
  return methodNotAllowed();
}

/** DELETE /api/members/account: deletes the member's account and everything tied to it, and signs them out. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, env } = context.get(appContext);
  const user = await requireUserForApi(db, request);
  if (request.method !== "DELETE") return methodNotAllowed();
  if (!(await endSubscriptionBeforeDeletion(db, billingFor(env), user.id))) {
    return apiError(502, SUBSCRIPTION_NOT_ENDED_MESSAGE);
  }
  await deleteMemberAccount(db, user.id);
  const clearCookie = await endSession(db, env, request);
  return Response.json(
    { success: true, message: "Account Deleted" },
    { headers: { "Set-Cookie": clearCookie, "Cache-Control": "no-store" } },
  );
}
