import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  audienceMails,
  type EpisodeChapter,
  episodeGuests,
  feedImportEpisodes,
  feedImports,
  podcastEpisodes,
} from "~/db/schema";
import type { Env } from "~/lib/env.server";
import { downloadFailureReason, guardedFetch, guardedFetchText } from "~/lib/guarded-fetch.server";
import { startIntervalWorker } from "~/lib/interval-worker.server";
import { renderMarkdown } from "~/lib/markdown.server";
import { ChaptersDocumentSchema } from "~/lib/media/checks/chapters";
import type { MediaStorage } from "~/lib/media/media-storage.server";
import {
  deleteStoredUpload,
  type MediaLimits,
  type MediaUploadSpec,
  type StoredUpload,
  storeUpload,
} from "~/lib/media/store-upload.server";
import { sanitizeRichHtml } from "~/lib/sanitize-html.server";
import { EPISODE_UPLOADS } from "./episode-media.server";
import { type ImportItem, type ReadFeed, readShowFeed } from "./feed-import-read.server";
import type { FeedImportProgress, FeedImportStatus, ImportedShow } from "./feed-import-schema";
import { freeSlugFor, lockSlugs } from "./owner-episodes.server";

/**
 * Importing a show's episodes from its feed, in the background: the import queues one row per new episode; workers
 * claim rows with a lease, download the files, and create the episode and finish the row in one transaction. A
 * process that dies mid-episode leaves its row `importing`; once the lease has run out another claim takes it again,
 * and the GUID's uniqueness makes sure the episode is made once. See decision 059.
 */

/** Longer than the slowest episode: its audio may take up to AUDIO_TIMEOUT_MS, its other files a minute each. */
export const IMPORT_LEASE_MS = 20 * 60 * 1000;
const AUDIO_TIMEOUT_MS = 15 * 60 * 1000;
const FILE_TIMEOUT_MS = 60_000;
/** A row whose worker died this many times is given up: something in it brings the process down. */
const MAX_ATTEMPTS = 3;
const ROWS_PER_INSERT = 200;

/** The one setting the import reads: whether it may fetch private addresses. */
type FetchSettings = Pick<Env, "ALLOW_PRIVATE_FETCH">;

/**
 * Reads the feed and queues its episodes that are not on the site yet (by GUID, also counting those queued by
 * another import still under way). Throws FeedRefused (a locked feed, one that cannot be fetched or read).
 */
export async function startFeedImport(db: Database, env: FetchSettings, feedUrl: string): Promise<{ id: number }> {
  const feed = await readShowFeed(env, feedUrl);
  return queueFeedImport(db, feedUrl, feed);
}

async function queueFeedImport(db: Database, feedUrl: string, feed: ReadFeed): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const guids = feed.items.map((item) => item.guid);
    const present = new Set<string>();
    for (let start = 0; start < guids.length; start += ROWS_PER_INSERT) {
      const some = guids.slice(start, start + ROWS_PER_INSERT);
      const onSite = await tx
        .select({ guid: podcastEpisodes.guid })
        .from(podcastEpisodes)
        .where(inArray(podcastEpisodes.guid, some));
      const queued = await tx
        .select({ guid: feedImportEpisodes.guid })
        .from(feedImportEpisodes)
        .where(
          and(inArray(feedImportEpisodes.guid, some), inArray(feedImportEpisodes.status, ["queued", "importing"])),
        );
      for (const row of [...onSite, ...queued]) present.add(row.guid);
    }
    const [created] = await tx
      .insert(feedImports)
      .values({ feedUrl, show: feed.show, alreadyHere: present.size })
      .returning({ id: feedImports.id });
    // Oldest first, so that episodes appear in the order they were published.
    const rows = feed.items
      .filter((item) => !present.has(item.guid))
      .reverse()
      .map((item) => ({
        importId: created.id,
        guid: item.guid,
        title: item.title,
        item,
        ...(item.audioUrl ? {} : { status: "failed", problem: "The item has no audio enclosure." }),
      }));
    for (let start = 0; start < rows.length; start += ROWS_PER_INSERT)
      await tx.insert(feedImportEpisodes).values(rows.slice(start, start + ROWS_PER_INSERT));
    return created;
  });
}

type Claimed = { id: number; importId: number; item: ImportItem; claimToken: string };

/**
 * Claims up to `limit` rows in one statement: queued rows, and `importing` rows whose lease has run out (their worker
 * died). A row that has been claimed MAX_ATTEMPTS times without finishing is given up first.
 */
export async function claimImportEpisodes(db: Database, now: Date, limit: number): Promise<Claimed[]> {
  await db
    .update(feedImportEpisodes)
    .set({
      status: "failed",
      problem: `The import stopped while importing this episode ${MAX_ATTEMPTS} times; it was given up.`,
      claimToken: null,
      leaseUntil: null,
    })
    .where(
      and(
        eq(feedImportEpisodes.status, "importing"),
        sql`${feedImportEpisodes.leaseUntil} < ${now.toISOString()}::timestamptz`,
        sql`${feedImportEpisodes.attempts} >= ${MAX_ATTEMPTS}`,
      ),
    );
  const claimToken = randomUUID();
  const leaseUntil = new Date(now.getTime() + IMPORT_LEASE_MS);
  const result = await db.execute(sql`
    update feed_import_episodes
    set status = 'importing', claim_token = ${claimToken}, lease_until = ${leaseUntil.toISOString()}::timestamptz,
        attempts = attempts + 1
    where id in (
      select id from feed_import_episodes
      where status = 'queued'
         or (status = 'importing' and lease_until < ${now.toISOString()}::timestamptz)
      order by id
      limit ${limit}
      for update skip locked
    )
    returning id, import_id, item`);
  // Both drivers answer { rows }; the shared Database type does not say so (as in owner-list.server.ts).
  type Row = { id: number; import_id: number; item: ImportItem };
  // UPDATE … RETURNING keeps no order; episodes are imported oldest first.
  return (result as unknown as { rows: Row[] }).rows
    .map((row) => ({ id: Number(row.id), importId: Number(row.import_id), item: row.item, claimToken }))
    .sort((a, b) => a.id - b.id);
}

type FileContext = {
  db: Database;
  media: MediaStorage;
  env: FetchSettings;
  limits: MediaLimits;
  /** Aborted when the server stops: the episode under way is handed back to the queue instead of failing. */
  signal?: AbortSignal;
};

/** Downloads a file and stores it as an upload of its kind is stored: streamed, checked by its content. */
async function downloadInto<Spec extends MediaUploadSpec>(
  { media, env, limits, signal }: FileContext,
  url: string,
  spec: Spec,
  timeoutMs: number,
): Promise<StoredUpload<Spec["kind"]>> {
  const response = await guardedFetch(url, {
    allowPrivate: env.ALLOW_PRIVATE_FETCH,
    timeoutMs,
    maxBytes: limits[spec.kind],
    signal,
  });
  return storeUpload(media, response.body, spec, limits);
}

const TRANSCRIPT_TYPES = ["text/vtt", "application/x-subrip", "application/srt", "text/srt"];

async function chaptersFrom(context: FileContext, url: string): Promise<EpisodeChapter[]> {
  const { text } = await guardedFetchText(url, {
    allowPrivate: context.env.ALLOW_PRIVATE_FETCH,
    timeoutMs: FILE_TIMEOUT_MS,
    maxBytes: context.limits.chapters,
    signal: context.signal,
  });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error("the chapters file is not valid JSON");
  }
  const parsed = ChaptersDocumentSchema.safeParse(json);
  if (!parsed.success)
    throw new Error(`the chapters file is not Podcasting 2.0 JSON chapters (${parsed.error.issues[0].message})`);
  // The site's chapters are navigation points with a title: untitled ones (images only) are left out.
  return parsed.data.chapters.slice(0, 500).flatMap((chapter) => {
    const title = chapter.title?.trim().slice(0, 200);
    if (!title) return [];
    return [
      chapter.url
        ? { startSeconds: chapter.startTime, title, url: chapter.url }
        : { startSeconds: chapter.startTime, title },
    ];
  });
}

/** Show notes as the editor keeps them: the feed's HTML, sanitised, is the Markdown source (Markdown passes HTML). */
function showNotesOf(html: string) {
  // Indented lines would become code blocks in Markdown.
  const markdown = sanitizeRichHtml(html).replace(/^[ \t]+/gm, "");
  return { showNotesMarkdown: markdown, showNotesHtml: renderMarkdown(markdown) };
}

/**
 * Imports one claimed episode: its audio (required), then its artwork, transcript and chapters (each kept if it can
 * be, else named in the row's problem), then the episode and the row's end in one transaction. Only the holder of the
 * row's claim finishes it; a worker that outlived its lease finds nothing to finish and removes what it stored.
 */
async function importEpisode(context: FileContext, row: Claimed, now: () => Date): Promise<void> {
  const { db, media } = context;
  const mine = and(eq(feedImportEpisodes.id, row.id), eq(feedImportEpisodes.claimToken, row.claimToken));
  const item = row.item;
  const stored: Pick<StoredUpload, "key" | "renditions">[] = [];
  const removeStored = () =>
    Promise.allSettled(stored.map((upload) => deleteStoredUpload(media, upload))).then(() => undefined);
  const stopping = () => context.signal?.aborted === true;
  // A stop is not the episode's failure: the row goes back to the queue, as if it had not been claimed.
  const handBack = async () => {
    await removeStored();
    await db
      .update(feedImportEpisodes)
      .set({
        status: "queued",
        attempts: sql`${feedImportEpisodes.attempts} - 1`,
        claimToken: null,
        leaseUntil: null,
      })
      .where(mine);
  };
  const fail = async (problem: string) => {
    if (stopping()) return handBack();
    await removeStored();
    await db
      .update(feedImportEpisodes)
      .set({ status: "failed", problem, claimToken: null, leaseUntil: null })
      .where(mine);
  };
  if (!item.audioUrl) return fail("The item has no audio enclosure.");
  let audio: StoredUpload<"audio">;
  try {
    audio = await downloadInto(context, item.audioUrl, EPISODE_UPLOADS.audio, AUDIO_TIMEOUT_MS);
    stored.push(audio);
  } catch (error) {
    return fail(`The audio could not be imported: ${downloadFailureReason(error)}`);
  }
  const problems: string[] = [];
  let artwork: StoredUpload<"image"> | null = null;
  if (item.artworkUrl) {
    try {
      artwork = await downloadInto(context, item.artworkUrl, EPISODE_UPLOADS.artwork, FILE_TIMEOUT_MS);
      stored.push(artwork);
    } catch (error) {
      problems.push(`The artwork was not kept: ${downloadFailureReason(error)}`);
    }
  }
  let transcript: StoredUpload<"transcript"> | null = null;
  const transcriptSource = item.transcripts.find((each) => TRANSCRIPT_TYPES.includes(each.type.toLowerCase()));
  if (transcriptSource) {
    try {
      transcript = await downloadInto(context, transcriptSource.url, EPISODE_UPLOADS.transcript, FILE_TIMEOUT_MS);
      stored.push(transcript);
    } catch (error) {
      problems.push(`The transcript was not kept: ${downloadFailureReason(error)}`);
    }
  } else if (item.transcripts.length > 0) {
    const types = [...new Set(item.transcripts.map((each) => each.type || "of no type"))].join(", ");
    problems.push(`The transcript was not kept: the site holds WebVTT or SRT transcripts, the feed offers ${types}.`);
  }
  let chapters: EpisodeChapter[] = [];
  if (item.chaptersUrl) {
    try {
      chapters = await chaptersFrom(context, item.chaptersUrl);
    } catch (error) {
      problems.push(`The chapters were not kept: ${downloadFailureReason(error)}.`);
    }
  }
  if (stopping()) return handBack();
  const at = now();
  const publishDate = item.publishDate ? new Date(item.publishDate) : at;
  let outcome: "imported" | "taken" | "lost";
  try {
    outcome = await db.transaction(async (tx) => {
      const [still] = await tx.select({ id: feedImportEpisodes.id }).from(feedImportEpisodes).where(mine).for("update");
      if (!still) return "lost";
      await lockSlugs(tx);
      const slug = await freeSlugFor(tx, item.title, null);
      const status = publishDate > at ? "scheduled" : "published";
      const [episode] = await tx
        .insert(podcastEpisodes)
        .values({
          guid: item.guid,
          slug,
          title: item.title,
          description: item.summary,
          ...showNotesOf(item.showNotesHtml),
          status,
          publishDate,
          firstPublishedAt: publishDate,
          seasonNumber: item.seasonNumber,
          episodeNumber: item.episodeNumber,
          episodeType: item.episodeType,
          explicit: item.explicit,
          audioKey: audio.key,
          audioLengthBytes: audio.size,
          audioMimeType: audio.contentType,
          durationSeconds: Math.round(audio.details.durationSeconds),
          artworkKey: artwork?.key ?? null,
          artworkRenditions: artwork?.renditions.map(({ key, width, height }) => ({ key, width, height })) ?? [],
          transcriptKey: transcript?.key ?? null,
          transcriptMimeType: transcript ? transcript.contentType.split(";")[0] : null,
          chapters,
          importedLink: item.link,
        })
        .onConflictDoNothing({ target: podcastEpisodes.guid })
        .returning({ id: podcastEpisodes.id });
      if (!episode) return "taken";
      if (item.guests.length > 0)
        await tx
          .insert(episodeGuests)
          .values(item.guests.map((guest, position) => ({ episodeId: episode.id, position, ...guest })));
      // Recorded as announced with nobody to mail: an episode the listeners had for years is not news.
      await tx
        .insert(audienceMails)
        .values({ itemKey: `episode:${episode.id}`, subject: item.title, text: "" })
        .onConflictDoNothing();
      await tx
        .update(feedImportEpisodes)
        .set({
          status: "imported",
          episodeId: episode.id,
          problem: problems.length > 0 ? problems.join(" ") : null,
          claimToken: null,
          leaseUntil: null,
        })
        .where(mine);
      return "imported";
    });
  } catch (error) {
    return fail(`The episode could not be saved: ${downloadFailureReason(error)}`);
  }
  if (outcome === "lost") await removeStored();
  if (outcome === "taken") await fail("An episode with this GUID is on the site already.");
}

/** Claims and imports a batch, one episode after another; returns how many rows it claimed. */
export async function importDueEpisodes(
  context: FileContext,
  options: { now?: () => Date; limit: number },
): Promise<number> {
  const now = options.now ?? (() => new Date());
  const claimed = await claimImportEpisodes(context.db, now(), options.limit);
  for (const row of claimed) await importEpisode(context, row, now);
  return claimed.length;
}

const TICK_MS = 2000;

/**
 * The import worker beside the web server: every two seconds it imports what is queued, one episode at a time, until
 * nothing is left. `stop` ends the downloads under way and waits while their episode goes back to the queue.
 */
export function startFeedImportWorker(context: FileContext): { stop(): Promise<void> } {
  return startIntervalWorker(TICK_MS, async (signal) => {
    try {
      while (!signal.aborted && (await importDueEpisodes({ ...context, signal }, { limit: 1 })) > 0) {
        // One episode per claim, so that a stop waits for one episode at most.
      }
    } catch (error) {
      console.error("[import] the feed import could not run:", error);
    }
  });
}

function statusOf(counts: { total: number; imported: number; failed: number }): FeedImportStatus {
  if (counts.imported + counts.failed < counts.total) return "running";
  return counts.total > 0 && counts.imported === 0 ? "failed" : "done";
}

function messageOf(
  status: FeedImportStatus,
  counts: { total: number; imported: number; failed: number },
  alreadyHere: number,
) {
  const already = alreadyHere > 0 ? ` ${alreadyHere} ${alreadyHere === 1 ? "was" : "were"} on the site already.` : "";
  if (status === "running")
    return `Importing: ${counts.imported + counts.failed} of ${counts.total} episodes done, ${counts.failed} failed.${already}`;
  if (status === "failed") return `None of the ${counts.total} episodes could be imported.${already}`;
  const failed = counts.failed > 0 ? `; ${counts.failed} failed` : "";
  return `Imported ${counts.imported} of ${counts.total} episodes${failed}.${already}`;
}

/** One import's progress, or null when there is none with this id. */
export async function readFeedImport(db: Database, id: number): Promise<FeedImportProgress | null> {
  const [row] = await db.select().from(feedImports).where(eq(feedImports.id, id));
  if (!row) return null;
  const [counts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      imported: sql<number>`(count(*) filter (where ${feedImportEpisodes.status} = 'imported'))::int`,
      failed: sql<number>`(count(*) filter (where ${feedImportEpisodes.status} = 'failed'))::int`,
    })
    .from(feedImportEpisodes)
    .where(eq(feedImportEpisodes.importId, id));
  const episodes = { total: Number(counts.total), imported: Number(counts.imported), failed: Number(counts.failed) };
  const problems = await db
    .select({
      guid: feedImportEpisodes.guid,
      title: feedImportEpisodes.title,
      status: feedImportEpisodes.status,
      problem: feedImportEpisodes.problem,
    })
    .from(feedImportEpisodes)
    .where(and(eq(feedImportEpisodes.importId, id), isNotNull(feedImportEpisodes.problem)))
    .orderBy(asc(feedImportEpisodes.id))
    .limit(200);
  const status = statusOf(episodes);
  return {
    id: row.id,
    feedUrl: row.feedUrl,
    status,
    message: messageOf(status, episodes, row.alreadyHere),
    episodes,
    alreadyHere: row.alreadyHere,
    show: row.show as ImportedShow,
    showSettled: row.showSettledAt !== null,
    problems: problems.map((each) => ({
      guid: each.guid,
      title: each.title,
      status: each.status === "imported" ? "imported" : "failed",
      problem: each.problem ?? "",
    })),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The most recent import, for the Settings screen; null before the first. */
export async function readLatestFeedImport(db: Database): Promise<FeedImportProgress | null> {
  const [latest] = await db.select({ id: feedImports.id }).from(feedImports).orderBy(desc(feedImports.id)).limit(1);
  return latest ? readFeedImport(db, latest.id) : null;
}

/** Records that the owner chose which of the show's details to keep; false when there is no such import. */
export async function settleImportedShow(db: Database, id: number, now: Date): Promise<boolean> {
  const settled = await db
    .update(feedImports)
    .set({ showSettledAt: now })
    .where(eq(feedImports.id, id))
    .returning({ id: feedImports.id });
  return settled.length > 0;
}
