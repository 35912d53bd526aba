import { parseTranscript } from "~/lib/media/checks/transcript";
import type { MediaStorage } from "~/lib/media/media-storage.server";
import type { PublicEpisodeRow } from "./episodes.server";
import { type EpisodePageData, episodeMediaUrl } from "./schema";

/** A stored transcript's cues as text with their start times, or null when it cannot be read or parsed. */
async function readTranscript(media: MediaStorage, key: string): Promise<EpisodePageData["transcript"]> {
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of await media.read(key)) chunks.push(Buffer.from(chunk));
    return parseTranscript(Buffer.concat(chunks).toString("utf8")).cues.map(({ start, text }) => ({ start, text }));
  } catch (error) {
    // The page still shows the episode; the transcript stays available as a file through the feed.
    console.error(`[episodes] could not read the transcript ${key}:`, error);
    return null;
  }
}

/**
 * What the episode page shows of a public episode. `canPlay` is false for a premium episode and a visitor who is not
 * a premium member: the page then names no audio URL. `earlyAccess` marks an episode a paying member sees before its
 * publish date.
 */
export async function episodePageData(
  episode: PublicEpisodeRow,
  media: MediaStorage,
  { canPlay, now }: { canPlay: boolean; now: Date },
): Promise<EpisodePageData> {
  const { audioKey, artworkKey, artworkRenditions, transcriptKey, chapters, publishDate, ...rest } = episode;
  return {
    ...rest,
    episodeType: rest.episodeType as EpisodePageData["episodeType"],
    publishDate: (publishDate as Date).toISOString(),
    earlyAccess: (publishDate as Date) > now,
    audioUrl: canPlay && audioKey ? episodeMediaUrl(audioKey) : null,
    artwork: artworkKey
      ? {
          url: episodeMediaUrl(artworkKey),
          renditions: artworkRenditions.map(({ key, width, height }) => ({ url: episodeMediaUrl(key), width, height })),
        }
      : null,
    chapters: [...chapters]
      .sort((a, b) => a.startSeconds - b.startSeconds)
      .map(({ startSeconds, title, url }) => ({ startSeconds, title, url: url ?? null })),
    transcript: transcriptKey ? await readTranscript(media, transcriptKey) : null,
  };
}
