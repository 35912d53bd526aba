import { premiumFileFor } from "~/features/premium/premium-access.server";
import { findResourceFile } from "~/features/premium/premium-files.server";
import { appContext } from "~/lib/app-context.server";
import { requireUserForPage } from "~/lib/auth.server";
import type { Route } from "./+types/resource-download";

/** A resource library file, as an attachment, for premium members only. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const user = await requireUserForPage(db, request);
  return premiumFileFor(user, findResourceFile(params.fileId), request);
}
