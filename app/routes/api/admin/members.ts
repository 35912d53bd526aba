import { listMembers } from "~/features/members/member-list.server";
import { MemberListQuerySchema } from "~/features/members/schema";
import { methodNotAllowed } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import { parseListQuery } from "~/lib/owner-list.server";
import type { Route } from "./+types/members";

/** GET /api/admin/members[?page=&q=&sort=]: one page of members with the counts. Owner only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  const query = parseListQuery(request, MemberListQuerySchema);
  if (!query.ok) return query.response;
  return listMembers(db, query.data);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  return methodNotAllowed();
}
