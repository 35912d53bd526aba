import { updateMemberNames } from "~/features/members/member-account.server";
import { MemberNamesSchema } from "~/features/members/schema";
import { methodNotAllowed, parseJsonBody } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { findCurrentUser, requireUserForApi } from "~/lib/auth.server";
import type { Route } from "./+types/profile";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireUserForApi(db, request);
  return methodNotAllowed();
}

/** PUT /api/members/profile { firstName, lastName }: the member's own names; answers the member as saved. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(appContext);
  const user = await requireUserForApi(db, request);
  if (request.method !== "PUT") return methodNotAllowed();
  const body = await parseJsonBody(request, MemberNamesSchema);
  if (!body.ok) return body.response;
  await updateMemberNames(db, user.id, body.data);
  return { success: true, message: "Profile Updated", data: await findCurrentUser(db, user.id) };
}
