import { and, asc, eq, max, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { hostStories } from "~/db/schema";
import { notFound } from "~/lib/api.server";
import type { AppContext } from "~/lib/app-context.server";
import type { MediaStorage } from "~/lib/media/media-storage.server";
import { receiveOwnerFile } from "~/lib/media/receive-owner-file.server";
import { deleteStoredUpload, type StoredUpload } from "~/lib/media/store-upload.server";
import type { VersionedSave } from "~/lib/versioned-row-route.server";
import { confessionStories } from "./confession-stories";
import type { OwnerStory, StoryEditorData, StoryMediaField, StorySaveData } from "./editor-schema";
import type { ConfessionStory } from "./schema";

export const STORY_NOT_FOUND = "Story not found";
export const STORY_CONFLICT_MESSAGE =
  "This story was changed in another tab or by another save since you opened it. Reload to see the latest version.";
export const STORY_ORDER_MISMATCH = "The order must name every story exactly once. Reload and try again.";

/** The width the About page draws a story's video at (and its poster's WebP rendition). */
const POSTER_WIDTHS = [480] as const;

/** How each of a story's files is uploaded: the form field's name is the media's name. */
const STORY_UPLOADS = {
  video: { kind: "video", prefix: "stories/video" },
  poster: { kind: "image", prefix: "stories/poster", renditionWidths: POSTER_WIDTHS },
} as const;

const NO_FILE: Record<StoryMediaField, string> = {
  video: "Choose a video to upload.",
  poster: "Choose a poster image to upload.",
};

const STORY_MEDIA_UPLOADED: Record<StoryMediaField, string> = {
  video: "Video uploaded",
  poster: "Poster uploaded",
};

type StoryRow = typeof hostStories.$inferSelect;

/** The URL the public media route serves a stored key at. */
const mediaUrl = (key: string) => `/media/${key}`;

const posterUrlOf = (row: StoryRow) => {
  const rendition = row.posterRenditions[0];
  if (rendition) return mediaUrl(rendition.key);
  if (row.posterKey) return mediaUrl(row.posterKey);
  return row.builtInPosterPath;
};
const videoUrlOf = (row: StoryRow) => (row.videoKey ? mediaUrl(row.videoKey) : row.builtInVideoPath);

function ownerStory(row: StoryRow): OwnerStory {
  return {
    id: row.id,
    position: row.position,
    title: row.title,
    excerpt: row.excerpt,
    fullStory: row.fullStory,
    version: row.version,
    videoUrl: videoUrlOf(row),
    posterUrl: posterUrlOf(row),
    videoUploaded: row.videoKey !== null,
    posterUploaded: row.posterKey !== null,
  };
}

const storyOrder = [asc(hostStories.position), asc(hostStories.id)];

/** The About page's stories, in the owner's order. */
export async function listPublicStories(db: Database): Promise<ConfessionStory[]> {
  const rows = await db
    .select()
    .from(hostStories)
    .orderBy(...storyOrder);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.excerpt,
    fullStory: row.fullStory,
    videoFile: videoUrlOf(row),
    posterFile: posterUrlOf(row),
    captionsFile: row.videoKey ? null : row.builtInCaptionsPath,
  }));
}

/** When a host story last changed (the sitemap's date of the About page), or null when there are none. */
export async function storiesLastChanged(db: Database): Promise<Date | null> {
  const [row] = await db.select({ changed: max(hostStories.updatedAt) }).from(hostStories);
  return row?.changed ?? null;
}

export async function listOwnerStories(db: Database): Promise<OwnerStory[]> {
  const rows = await db
    .select()
    .from(hostStories)
    .orderBy(...storyOrder);
  return rows.map(ownerStory);
}

export async function readOwnerStory(db: Database, id: number): Promise<OwnerStory | null> {
  const [row] = await db.select().from(hostStories).where(eq(hostStories.id, id));
  return row ? ownerStory(row) : null;
}

/** A new story, last in the order. */
export async function createStory(db: Database, input: StoryEditorData): Promise<OwnerStory> {
  const [row] = await db
    .insert(hostStories)
    .values({
      ...input,
      position: sql`coalesce((select ${max(hostStories.position)} from ${hostStories}), 0) + 1`,
    })
    .returning();
  return ownerStory(row);
}

/** Saves the fields if the story is still at the version the editor opened; raises the version. */
export async function saveStory(db: Database, id: number, input: StorySaveData): Promise<VersionedSave<OwnerStory>> {
  const { version, ...fields } = input;
  const [row] = await db
    .update(hostStories)
    .set({ ...fields, version: sql`${hostStories.version} + 1`, updatedAt: new Date() })
    .where(and(eq(hostStories.id, id), eq(hostStories.version, version)))
    .returning();
  if (row) return { saved: ownerStory(row) };
  const [exists] = await db.select({ id: hostStories.id }).from(hostStories).where(eq(hostStories.id, id));
  return { refused: exists ? 409 : 404 };
}

const storyKeys = (row: Pick<StoryRow, "videoKey" | "posterKey" | "posterRenditions">) => [
  row.videoKey,
  row.posterKey,
  ...row.posterRenditions.map(({ key }) => key),
];

async function deleteKeys(media: MediaStorage, keys: (string | null)[], what: string) {
  const results = await Promise.allSettled(keys.flatMap((key) => (key ? [media.delete(key)] : [])));
  for (const result of results)
    if (result.status === "rejected") console.error(`[media] could not remove ${what}:`, result.reason);
}

/** Deletes the story and then its uploaded files (a file left by a failed removal is harmless). */
export async function deleteStory(db: Database, media: MediaStorage, id: number): Promise<boolean> {
  const [deleted] = await db.delete(hostStories).where(eq(hostStories.id, id)).returning();
  if (!deleted) return false;
  await deleteKeys(media, storyKeys(deleted), "a deleted story's file");
  return true;
}

/**
 * Puts the stories in the given order. The list must name every story once, so that an order made in a tab that
 * did not know of a story added or removed since is refused rather than half applied.
 */
export async function reorderStories(db: Database, ids: number[]): Promise<OwnerStory[] | null> {
  return db.transaction(async (tx) => {
    const rows = await tx.select({ id: hostStories.id }).from(hostStories).for("update");
    const known = new Set(rows.map((row) => row.id));
    if (ids.length !== known.size || !ids.every((id) => known.has(id))) return null;
    for (const [index, id] of ids.entries()) {
      await tx
        .update(hostStories)
        .set({ position: index + 1 })
        .where(eq(hostStories.id, id));
    }
    const ordered = await tx
      .select()
      .from(hostStories)
      .orderBy(...storyOrder);
    return ordered.map(ownerStory);
  });
}

/**
 * Makes a stored upload the story's video or poster and then removes the file it replaced. The row is locked while
 * it is read and changed, so that two uploads at once each remove exactly the file they replaced; `version` is not
 * raised, so an upload does not make the editor's next save conflict. When the story is gone, the new files go too.
 */
async function replaceStoryMedia(
  db: Database,
  media: MediaStorage,
  id: number,
  field: StoryMediaField,
  upload: StoredUpload,
): Promise<OwnerStory | null> {
  const values =
    field === "video"
      ? { videoKey: upload.key }
      : {
          posterKey: upload.key,
          posterRenditions: upload.renditions.map(({ key, width, height }) => ({ key, width, height })),
        };
  let outcome: { previous: StoryRow; current: StoryRow } | null;
  try {
    outcome = await db.transaction(async (tx) => {
      const [previous] = await tx.select().from(hostStories).where(eq(hostStories.id, id)).for("update");
      if (!previous) return null;
      const [current] = await tx
        .update(hostStories)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(hostStories.id, id))
        .returning();
      return { previous, current };
    });
  } catch (error) {
    await deleteStoredUpload(media, upload);
    throw error;
  }
  if (!outcome) {
    await deleteStoredUpload(media, upload);
    return null;
  }
  const { previous } = outcome;
  const replaced =
    field === "video" ? [previous.videoKey] : [previous.posterKey, ...previous.posterRenditions.map(({ key }) => key)];
  await deleteKeys(media, replaced, "a story's replaced file");
  return ownerStory(outcome.current);
}

/**
 * `PUT /api/admin/stories/{id}/video|poster` after the owner check: streams the form's one file to storage (checked
 * by its content: MP4 or WebM; JPEG or PNG, kept with its WebP rendition), makes it the story's and answers the
 * story. A refused, oversized or interrupted file answers its status and message, and nothing of it is kept.
 */
export async function answerStoryMediaUpload(
  { db, media, env }: Pick<AppContext, "db" | "media" | "env">,
  request: Request,
  id: number,
  field: StoryMediaField,
) {
  if (!(await readOwnerStory(db, id))) return notFound(STORY_NOT_FOUND);
  const received = await receiveOwnerFile({ media, env }, request, field, STORY_UPLOADS[field], NO_FILE[field]);
  if ("refusal" in received) return received.refusal;
  const data = await replaceStoryMedia(db, media, id, field, received.upload);
  if (!data) return notFound(STORY_NOT_FOUND);
  return { success: true as const, message: STORY_MEDIA_UPLOADED[field], data };
}

/** Whether a story uses this media key (its video, poster or a rendition): such files are public. */
export async function isStoryMediaKey(db: Database, key: string): Promise<boolean> {
  if (!key.startsWith("stories/")) return false;
  const [row] = await db
    .select({ id: hostStories.id })
    .from(hostStories)
    .where(
      or(
        eq(hostStories.videoKey, key),
        eq(hostStories.posterKey, key),
        sql`${hostStories.posterRenditions} @> ${JSON.stringify([{ key }])}::jsonb`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The built-in sample stories as rows, in their order, playing their files under /attached_assets. */
export const sampleStoryRows = () =>
  confessionStories.map((story, index) => ({
    position: index + 1,
    title: story.title,
    excerpt: story.description,
    fullStory: story.fullStory,
    builtInVideoPath: story.videoFile,
    builtInPosterPath: story.posterFile,
    builtInCaptionsPath: story.captionsFile,
  }));
