import { episodeViewerOf, isGranted } from "~/features/episodes/episode-access.server";
import { findEpisodeChapters } from "~/features/episodes/episodes.server";
import { chaptersResponse } from "~/features/episodes/podcast-feed.server";
import { appContext } from "~/lib/app-context.server";
import { getViewer } from "~/lib/auth.server";
import type { Route } from "./+types/episode-chapters";

const notFound = () =>
  new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * An episode's chapters as a Podcasting 2.0 JSON chapters document, which the feed's podcast:chapters names. Chapter
 * titles sell the episode, so they go to whoever may see it: cached for everyone's episodes, private for an early
 * access that is the requester's.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const readViewer = async () => episodeViewerOf(await getViewer(db, request));
  const found = await findEpisodeChapters(db, params.slug, new Date(), readViewer);
  if (!found || found.chapters.length === 0 || !isGranted(found.grant)) return notFound();
  return chaptersResponse(found.chapters, found.grant === "everyone" ? "public" : "private");
}
