import { findPublicEpisodeChapters } from "~/features/episodes/episodes.server";
import { CHAPTERS_MIME_TYPE } from "~/features/episodes/podcast-feed.server";
import { appContext } from "~/lib/app-context.server";
import { buildChaptersDocument } from "~/lib/media/checks/chapters";
import type { Route } from "./+types/episode-chapters";

/** A public episode's chapters as a Podcasting 2.0 JSON chapters document, which the feed's podcast:chapters names. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const chapters = await findPublicEpisodeChapters(db, params.slug, new Date());
  if (!chapters || chapters.length === 0) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const document = buildChaptersDocument(
    chapters.map((chapter) => ({ startTime: chapter.startSeconds, title: chapter.title, url: chapter.url })),
  );
  return new Response(JSON.stringify(document), {
    headers: { "Content-Type": CHAPTERS_MIME_TYPE, "Cache-Control": "public, max-age=300" },
  });
}
