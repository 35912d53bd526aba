import { parseTranscript } from "~/lib/media/checks/transcript";
import type { MediaStorage } from "~/lib/media/media-storage.server";
import { sanitizeRichHtml } from "~/lib/sanitize-html.server";
import { type EpisodeAccess, isGranted } from "./episode-access.server";
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
 * What the episode page shows of an episode, as the access rule grants it to the viewer: the teaser always; the audio
 * URL and the transcript's text only to a viewer who may hear the episode (the page then says it is locked), so that a
 * page rendered for an anonymous visitor, which may be cached and shared, carries nothing of a premium episode's
 * content. `publicAudioUrl`, which the head's tags name, is the audio only when everyone may have it. The show notes
 * are sanitised again here, as they were when saved, so that HTML stored by other means never reaches the page.
 */
export async function episodePageData(
  episode: PublicEpisodeRow,
  media: MediaStorage,
  { access, now }: { access: EpisodeAccess; now: Date },
): Promise<EpisodePageData> {
  const {
    audioKey,
    artworkKey,
    artworkRenditions,
    transcriptKey,
    chapters,
    publishDate,
    showNotesHtml,
    status: _status,
    earlyAccessAt: _earlyAccessAt,
    ...rest
  } = episode;
  const audio = access.part("audio");
  const mayHaveTranscript = transcriptKey !== null && isGranted(access.part("transcript"));
  return {
    ...rest,
    episodeType: rest.episodeType as EpisodePageData["episodeType"],
    publishDate: (publishDate as Date).toISOString(),
    earlyAccess: (publishDate as Date) > now,
    showNotesHtml: sanitizeRichHtml(showNotesHtml),
    audioUrl: audioKey && isGranted(audio) ? episodeMediaUrl(audioKey) : null,
    publicAudioUrl: audioKey && audio === "everyone" ? episodeMediaUrl(audioKey) : null,
    artwork:
      artworkKey && isGranted(access.part("artwork"))
        ? {
            url: episodeMediaUrl(artworkKey),
            renditions: artworkRenditions.map(({ key, width, height }) => ({
              url: episodeMediaUrl(key),
              width,
              height,
            })),
          }
        : null,
    chapters: isGranted(access.part("chapters"))
      ? [...chapters]
          .sort((a, b) => a.startSeconds - b.startSeconds)
          .map(({ startSeconds, title, url }) => ({ startSeconds, title, url: url ?? null }))
      : [],
    transcript: mayHaveTranscript ? await readTranscript(media, transcriptKey) : null,
  };
}
