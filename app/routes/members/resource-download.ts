import { resourceDownloadFor } from "~/features/premium/resources.server";
import { appContext } from "~/lib/app-context.server";
import { requireUserForPage } from "~/lib/auth.server";
import type { Route } from "./+types/resource-download";

/** A resource library file, as an attachment, for members whose tier reaches the resource's. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, media } = context.get(appContext);
  const user = await requireUserForPage(db, request);
  return resourceDownloadFor(db, media, user, params.fileId, request);
}
