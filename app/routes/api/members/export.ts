import { exportMemberData } from "~/features/members/member-account.server";
import { methodNotAllowed, notFound } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireUserForApi } from "~/lib/auth.server";
import type { Route } from "./+types/export";

/** GET /api/members/export: everything stored about the member, as a JSON file to keep. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const user = await requireUserForApi(db, request);
  const data = await exportMemberData(db, user.id);
  if (!data) return notFound("Member not found");
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="my-data-${data.exportedAt.slice(0, 10)}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(appContext);
  await requireUserForApi(db, request);
  return methodNotAllowed();
}
