import { answerArtworkRemoval, answerArtworkUpload } from "~/features/settings/settings.server";
import { methodNotAllowed } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import type { Route } from "./+types/settings-artwork";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  return methodNotAllowed();
}

/**
 * PUT /api/admin/settings/artwork: the multipart field `artwork` (a square JPEG or PNG of 1400 to 3000 px) becomes
 * the show's artwork. DELETE goes back to the bundled artwork.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  await requireOwnerForApi(app.db, request);
  if (request.method === "DELETE") return answerArtworkRemoval(app);
  if (request.method !== "PUT") return methodNotAllowed();
  return answerArtworkUpload(app, request);
}
