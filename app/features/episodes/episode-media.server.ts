import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { podcastEpisodes } from "~/db/schema";
import { notFound } from "~/lib/api.server";
import type { AppContext } from "~/lib/app-context.server";
import { PODCAST_ARTWORK_RULES } from "~/lib/media/checks/image.server";
import { contentTypeForKey, newKeyLike, renditionKey } from "~/lib/media/media-key";
import type { MediaStorage } from "~/lib/media/media-storage.server";
import { receiveOwnerFile } from "~/lib/media/receive-owner-file.server";
import type { StoredUpload } from "~/lib/media/store-upload.server";
import type { EpisodeMediaInfo } from "./editor-schema";
import { EPISODE_MEDIA_REMOVED, EPISODE_MEDIA_UPLOADED, type EpisodeMediaField } from "./episode-media";
import { episodeMediaUrl } from "./schema";

/** How each of an episode's files is uploaded: the form field's name is the media's name. */
export const EPISODE_UPLOADS = {
  audio: { kind: "audio", prefix: "episodes/audio" },
  // The widths the episode page and the lists draw the artwork at (as the show's artwork: 384 and 768).
  artwork: { kind: "image", prefix: "episodes/artwork", rules: PODCAST_ARTWORK_RULES, renditionWidths: [384, 768] },
  transcript: { kind: "transcript", prefix: "episodes/transcripts" },
} as const;

const NO_FILE: Record<EpisodeMediaField, string> = {
  audio: "Choose an audio file to upload.",
  artwork: "Choose an artwork image to upload.",
  transcript: "Choose a transcript file to upload.",
};

const EPISODE_NOT_FOUND = "Episode not found";

/** The URL a stored key is served at (the public media route checks who may have it). */

const mediaColumns = {
  audioKey: podcastEpisodes.audioKey,
  audioLengthBytes: podcastEpisodes.audioLengthBytes,
  audioMimeType: podcastEpisodes.audioMimeType,
  durationSeconds: podcastEpisodes.durationSeconds,
  artworkKey: podcastEpisodes.artworkKey,
  artworkRenditions: podcastEpisodes.artworkRenditions,
  transcriptKey: podcastEpisodes.transcriptKey,
  transcriptMimeType: podcastEpisodes.transcriptMimeType,
};

type EpisodeMediaColumns = {
  audioKey: string | null;
  audioLengthBytes: number | null;
  audioMimeType: string;
  durationSeconds: number | null;
  artworkKey: string | null;
  artworkRenditions: { key: string; width: number; height: number }[];
  transcriptKey: string | null;
  transcriptMimeType: string | null;
};

/** An episode's media columns as the editor shows them, with the URLs they are served at. */
export function episodeMediaInfo(row: EpisodeMediaColumns): EpisodeMediaInfo {
  return {
    audio: row.audioKey
      ? {
          bytes: row.audioLengthBytes,
          durationSeconds: row.durationSeconds,
          mimeType: row.audioMimeType,
          url: episodeMediaUrl(row.audioKey),
        }
      : null,
    artwork: row.artworkKey
      ? {
          url: episodeMediaUrl(row.artworkKey),
          renditions: row.artworkRenditions.map(({ key, width, height }) => ({
            url: episodeMediaUrl(key),
            width,
            height,
          })),
        }
      : null,
    transcript: row.transcriptKey
      ? {
          url: episodeMediaUrl(row.transcriptKey),
          mimeType: row.transcriptMimeType ?? contentTypeForKey(row.transcriptKey).split(";")[0],
        }
      : null,
  };
}

/** The episode's media, or null when there is no episode with this id. */
async function findEpisodeMedia(db: Database, id: number): Promise<EpisodeMediaInfo | null> {
  const [row] = await db.select(mediaColumns).from(podcastEpisodes).where(eq(podcastEpisodes.id, id));
  return row ? episodeMediaInfo(row) : null;
}

type MediaChange = {
  values: Partial<EpisodeMediaColumns>;
  /** The files the change makes unreferenced, from the row as it was. */
  replacedKeys(previous: EpisodeMediaColumns): (string | null)[];
  /** The files the change stored for the row; removed when the row is gone. */
  newKeys: string[];
};

async function deleteKeys(media: MediaStorage, keys: (string | null)[], what: string) {
  const results = await Promise.allSettled(keys.flatMap((key) => (key ? [media.delete(key)] : [])));
  for (const result of results)
    if (result.status === "rejected") console.error(`[media] could not remove ${what}:`, result.reason);
}

/**
 * Sets some of the episode's media columns and then removes the files they named before. The row is locked while it
 * is read and changed, so that two uploads at once each remove exactly the file they replaced. `version` is not
 * raised: an upload does not make the editor's next save of its fields conflict. When the episode is gone (deleted
 * meanwhile), the new files are removed and null is returned.
 */
async function changeEpisodeMedia(
  db: Database,
  media: MediaStorage,
  id: number,
  change: MediaChange,
): Promise<EpisodeMediaInfo | null> {
  let outcome: { previous: EpisodeMediaColumns; current: EpisodeMediaColumns } | null;
  try {
    outcome = await db.transaction(async (tx) => {
      const [previous] = await tx
        .select(mediaColumns)
        .from(podcastEpisodes)
        .where(eq(podcastEpisodes.id, id))
        .for("update");
      if (!previous) return null;
      const [current] = await tx
        .update(podcastEpisodes)
        .set({ ...change.values, updatedAt: new Date() })
        .where(eq(podcastEpisodes.id, id))
        .returning(mediaColumns);
      return { previous, current };
    });
  } catch (error) {
    await deleteKeys(media, change.newKeys, "the files of an upload whose episode could not be saved");
    throw error;
  }
  if (!outcome) {
    await deleteKeys(media, change.newKeys, "the files of an upload whose episode was deleted");
    return null;
  }
  await deleteKeys(media, change.replacedKeys(outcome.previous), "an episode's replaced file");
  return episodeMediaInfo(outcome.current);
}

const uploadKeys = (upload: Pick<StoredUpload, "key" | "renditions">) => [
  upload.key,
  ...upload.renditions.map((rendition) => rendition.key),
];
const artworkKeys = (row: EpisodeMediaColumns) => [row.artworkKey, ...row.artworkRenditions.map(({ key }) => key)];
const bareType = (contentType: string) => contentType.split(";")[0];

/** Makes a stored audio upload the episode's audio: its bytes, type and duration, rounded to the second. */
export function replaceEpisodeAudio(db: Database, media: MediaStorage, id: number, upload: StoredUpload<"audio">) {
  return changeEpisodeMedia(db, media, id, {
    values: {
      audioKey: upload.key,
      audioLengthBytes: upload.size,
      audioMimeType: upload.contentType,
      durationSeconds: Math.round(upload.details.durationSeconds),
    },
    replacedKeys: (previous) => [previous.audioKey],
    newKeys: uploadKeys(upload),
  });
}

/** Makes a stored image upload (with its WebP renditions) the episode's artwork. */
function replaceEpisodeArtwork(db: Database, media: MediaStorage, id: number, upload: StoredUpload<"image">) {
  return changeEpisodeMedia(db, media, id, {
    values: {
      artworkKey: upload.key,
      artworkRenditions: upload.renditions.map(({ key, width, height }) => ({ key, width, height })),
    },
    replacedKeys: artworkKeys,
    newKeys: uploadKeys(upload),
  });
}

/** Makes a stored WebVTT or SRT upload the episode's transcript. */
function replaceEpisodeTranscript(db: Database, media: MediaStorage, id: number, upload: StoredUpload<"transcript">) {
  return changeEpisodeMedia(db, media, id, {
    values: { transcriptKey: upload.key, transcriptMimeType: bareType(upload.contentType) },
    replacedKeys: (previous) => [previous.transcriptKey],
    newKeys: uploadKeys(upload),
  });
}

/** The episode goes back to the show's artwork; its own files are removed. */
function removeEpisodeArtwork(db: Database, media: MediaStorage, id: number) {
  return changeEpisodeMedia(db, media, id, {
    values: { artworkKey: null, artworkRenditions: [] },
    replacedKeys: artworkKeys,
    newKeys: [],
  });
}

function removeEpisodeTranscript(db: Database, media: MediaStorage, id: number) {
  return changeEpisodeMedia(db, media, id, {
    values: { transcriptKey: null, transcriptMimeType: null },
    replacedKeys: (previous) => [previous.transcriptKey],
    newKeys: [],
  });
}

/**
 * `PUT /api/admin/episodes/{id}/audio|artwork|transcript` after the owner check: streams the form's one file to
 * storage (checked by its content), makes it the episode's, and answers the episode's media. A refused, oversized,
 * truncated or interrupted file answers its MediaUploadError's status and message, and nothing of it is kept.
 */
export async function answerEpisodeMediaUpload(
  { db, media, env }: Pick<AppContext, "db" | "media" | "env">,
  request: Request,
  id: number,
  field: EpisodeMediaField,
) {
  if (!(await findEpisodeMedia(db, id))) return notFound(EPISODE_NOT_FOUND);
  const received = await receiveOwnerFile({ media, env }, request, field, EPISODE_UPLOADS[field], NO_FILE[field]);
  if ("refusal" in received) return received.refusal;
  const { upload } = received;

  const data =
    field === "audio"
      ? await replaceEpisodeAudio(db, media, id, upload as StoredUpload<"audio">)
      : field === "artwork"
        ? await replaceEpisodeArtwork(db, media, id, upload as StoredUpload<"image">)
        : await replaceEpisodeTranscript(db, media, id, upload as StoredUpload<"transcript">);
  if (!data) return notFound(EPISODE_NOT_FOUND);
  return { success: true as const, message: EPISODE_MEDIA_UPLOADED[field], data };
}

/** `DELETE /api/admin/episodes/{id}/artwork|transcript` after the owner check. */
export async function answerEpisodeMediaRemoval(
  { db, media }: Pick<AppContext, "db" | "media">,
  id: number,
  field: "artwork" | "transcript",
) {
  const data =
    field === "artwork" ? await removeEpisodeArtwork(db, media, id) : await removeEpisodeTranscript(db, media, id);
  if (!data) return notFound(EPISODE_NOT_FOUND);
  return { success: true as const, message: EPISODE_MEDIA_REMOVED[field], data };
}

const renewableColumns = {
  premium: podcastEpisodes.premium,
  premiumMediaKeys: podcastEpisodes.premiumMediaKeys,
  audioKey: podcastEpisodes.audioKey,
  transcriptKey: podcastEpisodes.transcriptKey,
  artworkKey: podcastEpisodes.artworkKey,
  artworkRenditions: podcastEpisodes.artworkRenditions,
};

type RenewableRow = {
  premium: boolean;
  premiumMediaKeys: boolean;
  audioKey: string | null;
  transcriptKey: string | null;
  artworkKey: string | null;
  artworkRenditions: { key: string; width: number; height: number }[];
};

const keysOf = (row: Omit<RenewableRow, "premium" | "premiumMediaKeys">) =>
  [row.audioKey, row.transcriptKey, ...artworkKeys(row as EpisodeMediaColumns)].filter((key) => key !== null);

/** Whether the row still names exactly the files of the snapshot (an upload or a removal meanwhile changes them). */
const namesSameFiles = (row: RenewableRow, snapshot: RenewableRow) =>
  JSON.stringify(keysOf(row)) === JSON.stringify(keysOf(snapshot));

export type PremiumMediaRenewal = "renewed" | "not needed" | "changed meanwhile";

/**
 * Gives a premium episode whose media keys may have been served to everyone (made while it was free, or stored
 * before premium episodes had keys of their own) new keys for its audio, transcript and artwork with its renditions, so that what public caches hold for a
 * year under the old addresses is not the premium episode's: each file is copied to a new key, the row is switched to
 * the new keys in one transaction (only if the episode is still premium, still waiting, and names the same files),
 * then the old files are deleted. A crash before the switch leaves unused copies; after it, files no episode names;
 * never a row naming a missing file. An episode that changed meanwhile keeps its keys and waits for the next try.
 */
export async function renewPremiumMediaKeys(
  db: Database,
  media: MediaStorage,
  id: number,
): Promise<PremiumMediaRenewal> {
  const [snapshot] = await db.select(renewableColumns).from(podcastEpisodes).where(eq(podcastEpisodes.id, id));
  if (!snapshot?.premium || snapshot.premiumMediaKeys) return "not needed";

  const newArtworkKey = snapshot.artworkKey ? newKeyLike(snapshot.artworkKey) : null;
  const renewed = {
    audioKey: snapshot.audioKey ? newKeyLike(snapshot.audioKey) : null,
    transcriptKey: snapshot.transcriptKey ? newKeyLike(snapshot.transcriptKey) : null,
    artworkKey: newArtworkKey,
    artworkRenditions: newArtworkKey
      ? snapshot.artworkRenditions.map((rendition) => ({
          ...rendition,
          key: renditionKey(newArtworkKey, rendition.width),
        }))
      : [],
  };
  const oldKeys = keysOf(snapshot);
  const newKeys = keysOf(renewed);
  const copies: string[] = [];
  try {
    for (const [index, key] of oldKeys.entries()) {
      await media.copy(key, newKeys[index]);
      copies.push(newKeys[index]);
    }
  } catch (error) {
    await deleteKeys(media, copies, "the copies of a premium episode's files whose renewal failed");
    throw error;
  }

  let switched: boolean;
  try {
    switched = await db.transaction(async (tx) => {
      const [current] = await tx
        .select(renewableColumns)
        .from(podcastEpisodes)
        .where(eq(podcastEpisodes.id, id))
        .for("update");
      if (!current?.premium || current.premiumMediaKeys || !namesSameFiles(current, snapshot)) return false;
      await tx
        .update(podcastEpisodes)
        .set({ ...renewed, premiumMediaKeys: true, updatedAt: new Date() })
        .where(eq(podcastEpisodes.id, id));
      return true;
    });
  } catch (error) {
    await deleteKeys(media, copies, "the copies of a premium episode's files whose renewal failed");
    throw error;
  }
  if (!switched) {
    await deleteKeys(media, copies, "the copies of a premium episode's files that changed meanwhile");
    return "changed meanwhile";
  }
  await deleteKeys(media, oldKeys, "a premium episode's files at their old keys");
  return "renewed";
}

/**
 * Renews the keys of every premium episode still waiting (its premium flag turned on by any means, or a renewal that
 * failed or was cut short); returns how many were renewed. A failure is logged and left for the next sweep.
 */
export async function renewWaitingPremiumMediaKeys(db: Database, media: MediaStorage): Promise<number> {
  const waiting = await db
    .select({ id: podcastEpisodes.id })
    .from(podcastEpisodes)
    .where(and(eq(podcastEpisodes.premium, true), eq(podcastEpisodes.premiumMediaKeys, false)));
  let renewed = 0;
  for (const { id } of waiting) {
    try {
      if ((await renewPremiumMediaKeys(db, media, id)) === "renewed") renewed += 1;
    } catch (error) {
      console.error(`[media] could not give premium episode ${id} new media keys:`, error);
    }
  }
  return renewed;
}
