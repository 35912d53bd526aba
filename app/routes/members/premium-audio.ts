import { premiumFileFor } from "~/features/premium/premium-access.server";
import { findEpisodeAudio } from "~/features/premium/premium-files.server";
import { appContext } from "~/lib/app-context.server";
import { requireUserForPage } from "~/lib/auth.server";
import type { Route } from "./+types/premium-audio";

/** A premium episode's audio, for premium members only. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const user = await requireUserForPage(db, request);
  return premiumFileFor(user, findEpisodeAudio(params.episodeId), request);
}
