import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import { episodeGuests, episodeSlugRedirects, guestApplications, podcastEpisodes } from "~/db/schema";
import { apiError } from "~/lib/api.server";
import { renderMarkdown } from "~/lib/markdown.server";
import type { MediaStorage } from "~/lib/media/media-storage.server";
import { listPageOf, type OwnerListPage } from "~/lib/owner-list";
import { type ListOrder, readListPage } from "~/lib/owner-list.server";
import { sanitizeRichHtml } from "~/lib/sanitize-html.server";
import {
  AUDIO_REQUIRED_MESSAGE,
  EARLY_ACCESS_BEFORE_PUBLISH_MESSAGE,
  EPISODE_CONFLICT_MESSAGE,
  type EpisodeEditorData,
  type EpisodeListQuery,
  type EpisodeSaveData,
  FUTURE_DATE_REQUIRED_MESSAGE,
  GUEST_APPLICATION_MESSAGE,
  type GuestChoice,
  type OwnerEpisodeDetail,
  type OwnerEpisodeRow,
  type OwnerEpisodeStatus,
  SLUG_FIXED_MESSAGE,
  SLUG_TAKEN_MESSAGE,
  slugFromTitle,
} from "./editor-schema";
import { episodeMediaInfo, renewPremiumMediaKeys } from "./episode-media.server";

/** Show notes as the pages draw them: Markdown rendered, then allow-list-sanitised. */
export const renderShowNotes = renderMarkdown;

/** A refusal the owner's call answers with its status and message (and the field it is about). */
export class EpisodeChangeRefused extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = "EpisodeChangeRefused";
  }
}

/** The API's answer to a refusal: its status, its message, and the message under its field. */
export const refusalResponse = (error: EpisodeChangeRefused) =>
  apiError(error.status, error.message, error.field ? { [error.field]: [error.message] } : undefined);

/** A scheduled episode whose date has come is shown to the owner as published. */
function effectiveStatus(status: string, publishDate: Date | null, now: Date): OwnerEpisodeStatus {
  if (status === "scheduled" && publishDate && publishDate <= now) return "published";
  return status as OwnerEpisodeStatus;
}

const listColumns = {
  id: podcastEpisodes.id,
  title: podcastEpisodes.title,
  slug: podcastEpisodes.slug,
  status: podcastEpisodes.status,
  premium: podcastEpisodes.premium,
  publishDate: podcastEpisodes.publishDate,
  durationSeconds: podcastEpisodes.durationSeconds,
  seasonNumber: podcastEpisodes.seasonNumber,
  episodeNumber: podcastEpisodes.episodeNumber,
  episodeType: podcastEpisodes.episodeType,
};

/** Newest first: by publish date, or by creation for a draft never dated (so a new draft is on top). */
const episodeOrder = (direction: ListOrder["direction"]): ListOrder => ({
  keys: [
    { sql: sql`coalesce(${podcastEpisodes.publishDate}, ${podcastEpisodes.createdAt})`, type: "timestamptz" },
    { sql: sql`${podcastEpisodes.id}`, type: "integer" },
  ],
  direction,
});

const titleSearch = (search: string): SQL | undefined =>
  search ? sql`strpos(lower(${podcastEpisodes.title}), lower(${search})) > 0` : undefined;

/** One page of the owner's Episodes list, with its counts. */
export async function listOwnerEpisodes(
  db: Database,
  query: EpisodeListQuery,
  now: Date,
): Promise<OwnerListPage<OwnerEpisodeRow>> {
  const { rows, counts } = await readListPage(
    db,
    { table: podcastEpisodes, columns: listColumns, search: titleSearch(query.q) },
    episodeOrder(query.sort === "oldest" ? "asc" : "desc"),
    { page: query.page, archived: "include" },
  );
  return listPageOf(
    rows.map((row) => ({
      ...row,
      status: effectiveStatus(row.status, row.publishDate, now),
      publishDate: row.publishDate?.toISOString() ?? null,
      episodeType: row.episodeType as OwnerEpisodeRow["episodeType"],
    })),
    counts,
    query.page,
    "episodes",
  );
}

export const FIRST_EPISODE_PAGE: EpisodeListQuery = { page: 1, q: "", sort: "newest" };

/** Everything the editor shows for one episode, or null when there is none. */
export async function readOwnerEpisode(db: Database, id: number, now: Date): Promise<OwnerEpisodeDetail | null> {
  const [row] = await db.select().from(podcastEpisodes).where(eq(podcastEpisodes.id, id));
  if (!row) return null;
  const guests = await db
    .select({
      name: episodeGuests.name,
      role: episodeGuests.role,
      link: episodeGuests.link,
      guestApplicationId: episodeGuests.guestApplicationId,
    })
    .from(episodeGuests)
    .where(eq(episodeGuests.episodeId, id))
    .orderBy(asc(episodeGuests.position));
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    slugFixed: isSlugFixed(row.firstPublishedAt, now),
    summary: row.description,
    showNotesMarkdown: row.showNotesMarkdown,
    // Sanitised again when read, as when saved: HTML stored by other means (an import, a hand edit) is not trusted.
    showNotesHtml: sanitizeRichHtml(row.showNotesHtml),
    status: effectiveStatus(row.status, row.publishDate, now),
    publishDate: row.publishDate?.toISOString() ?? null,
    seasonNumber: row.seasonNumber,
    episodeNumber: row.episodeNumber,
    episodeType: row.episodeType as OwnerEpisodeDetail["episodeType"],
    explicit: row.explicit,
    premium: row.premium,
    skipMail: row.skipMail,
    earlyAccessAt: row.earlyAccessAt?.toISOString() ?? null,
    chapters: row.chapters.map((chapter) => ({ ...chapter, url: chapter.url ?? null })),
    guests,
    version: row.version,
    ...episodeMediaInfo(row),
  };
}

/** Every episode by title, for choosing one elsewhere (the content calendar's link). */
export function listEpisodeTitles(db: Database): Promise<{ id: number; title: string }[]> {
  return db
    .select({ id: podcastEpisodes.id, title: podcastEpisodes.title })
    .from(podcastEpisodes)
    .orderBy(asc(podcastEpisodes.title), asc(podcastEpisodes.id));
}

/** The guest applications the editor offers: approved or scheduled ones, by name. */
export function listGuestChoices(db: Database): Promise<GuestChoice[]> {
  return db
    .select({
      id: guestApplications.id,
      name: guestApplications.name,
      jobTitle: guestApplications.jobTitle,
      company: guestApplications.company,
    })
    .from(guestApplications)
    .where(inArray(guestApplications.status, ["approved", "scheduled"]))
    .orderBy(asc(guestApplications.name), asc(guestApplications.id));
}

const isSlugFixed = (firstPublishedAt: Date | null, now: Date) => firstPublishedAt !== null && firstPublishedAt <= now;

/**
 * Slugs change one save at a time: a slug lives in two tables (episodes and old slugs), which no single unique index
 * covers, so each change holds this lock while it checks both and writes.
 */
const SLUG_LOCK_KEY = 727_202_516;

export async function lockSlugs(tx: Transaction) {
  await tx.execute(sql`select pg_advisory_xact_lock(${SLUG_LOCK_KEY})`);
}

async function isSlugTaken(tx: Transaction, slug: string, episodeId: number | null): Promise<boolean> {
  const inEpisodes = await tx
    .select({ id: podcastEpisodes.id })
    .from(podcastEpisodes)
    .where(and(eq(podcastEpisodes.slug, slug), episodeId === null ? undefined : ne(podcastEpisodes.id, episodeId)));
  if (inEpisodes.length > 0) return true;
  const inRedirects = await tx
    .select({ episodeId: episodeSlugRedirects.episodeId })
    .from(episodeSlugRedirects)
    .where(eq(episodeSlugRedirects.slug, slug));
  return inRedirects.some((redirect) => redirect.episodeId !== episodeId);
}

/** The title's slug, or the first of slug-2, slug-3 … that no episode uses or used. */
export async function freeSlugFor(tx: Transaction, title: string, episodeId: number | null): Promise<string> {
  const base = slugFromTitle(title);
  for (let suffix = 1; ; suffix++) {
    const candidate = suffix === 1 ? base : `${base}-${suffix}`;
    if (!(await isSlugTaken(tx, candidate, episodeId))) return candidate;
  }
}

/** The status, publish date and first-publication moment a save asks for, or the refusal. */
function publication(
  input: Pick<EpisodeEditorData, "status" | "publishDate" | "earlyAccessAt">,
  current: { audioKey: string | null; firstPublishedAt: Date | null },
  now: Date,
) {
  const goesPublic = input.status === "published" || input.status === "scheduled";
  if (goesPublic && !current.audioKey) throw new EpisodeChangeRefused(400, AUDIO_REQUIRED_MESSAGE, "status");
  let publishDate = input.publishDate;
  if (input.status === "scheduled" && (!publishDate || publishDate <= now)) {
    throw new EpisodeChangeRefused(400, FUTURE_DATE_REQUIRED_MESSAGE, "publishDate");
  }
  // Publish now: a date already past is kept (a back-dated episode), any other becomes this moment.
  if (input.status === "published" && (!publishDate || publishDate > now)) publishDate = now;
  if (input.earlyAccessAt && (!publishDate || input.earlyAccessAt >= publishDate)) {
    throw new EpisodeChangeRefused(400, EARLY_ACCESS_BEFORE_PUBLISH_MESSAGE, "earlyAccessAt");
  }
  const alreadyPublic = isSlugFixed(current.firstPublishedAt, now);
  const firstPublishedAt = alreadyPublic
    ? current.firstPublishedAt
    : goesPublic
      ? publishDate
      : current.firstPublishedAt;
  return { status: input.status, publishDate, firstPublishedAt };
}

async function checkGuestApplications(tx: Transaction, guests: EpisodeEditorData["guests"]) {
  const ids = [...new Set(guests.flatMap((guest) => (guest.guestApplicationId ? [guest.guestApplicationId] : [])))];
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: guestApplications.id })
    .from(guestApplications)
    .where(and(inArray(guestApplications.id, ids), inArray(guestApplications.status, ["approved", "scheduled"])));
  if (found.length !== ids.length) throw new EpisodeChangeRefused(400, GUEST_APPLICATION_MESSAGE, "guests");
}

async function replaceGuests(tx: Transaction, episodeId: number, guests: EpisodeEditorData["guests"]) {
  await tx.delete(episodeGuests).where(eq(episodeGuests.episodeId, episodeId));
  if (guests.length === 0) return;
  await tx.insert(episodeGuests).values(guests.map((guest, position) => ({ episodeId, position, ...guest })));
}

const editorColumns = (input: EpisodeEditorData) => ({
  title: input.title,
  description: input.summary,
  showNotesMarkdown: input.showNotesMarkdown,
  showNotesHtml: renderShowNotes(input.showNotesMarkdown),
  seasonNumber: input.seasonNumber,
  episodeNumber: input.episodeNumber,
  episodeType: input.episodeType,
  explicit: input.explicit,
  premium: input.premium,
  skipMail: input.skipMail,
  earlyAccessAt: input.earlyAccessAt,
  chapters: input.chapters.map(({ startTime, title, url }) =>
    url ? { startSeconds: startTime, title, url } : { startSeconds: startTime, title },
  ),
});

/** PostgreSQL's unique_violation: another save took the slug between the check and the write. */
function isUniqueViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: string }).code === "23505") return true;
  }
  return false;
}

/** Creates an episode (a draft unless the input asks otherwise; a new episode has no audio, so it stays one). */
export async function createEpisode(
  db: Database,
  input: EpisodeEditorData,
  now: Date,
): Promise<{ id: number; slug: string; version: number }> {
  const { status, publishDate, firstPublishedAt } = publication(input, { audioKey: null, firstPublishedAt: null }, now);
  try {
    return await db.transaction(async (tx) => {
      await lockSlugs(tx);
      await checkGuestApplications(tx, input.guests);
      let slug = input.slug;
      if (!slug) slug = await freeSlugFor(tx, input.title, null);
      else if (await isSlugTaken(tx, slug, null)) throw new EpisodeChangeRefused(409, SLUG_TAKEN_MESSAGE, "slug");
      const [created] = await tx
        .insert(podcastEpisodes)
        .values({
          guid: randomUUID(),
          slug,
          status,
          publishDate,
          firstPublishedAt,
          // A new episode has no files yet: whatever is uploaded while it is premium was never anyone's.
          premiumMediaKeys: input.premium,
          ...editorColumns(input),
        })
        .returning({ id: podcastEpisodes.id, slug: podcastEpisodes.slug, version: podcastEpisodes.version });
      await replaceGuests(tx, created.id, input.guests);
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new EpisodeChangeRefused(409, SLUG_TAKEN_MESSAGE, "slug");
    throw error;
  }
}

/**
 * Saves the editor's fields if the episode is still at the version the editor opened; raises the version. A slug that
 * changes keeps the old one as a redirect. An episode saved as free has its keys counted as public; one saved as
 * premium whose keys are (it was free) then gets new ones, before the answer: its page and editor show the new
 * addresses. Should that fail, the episode is premium already and the start-up and hourly sweeps try again.
 */
export async function saveEpisode(
  db: Database,
  media: MediaStorage,
  id: number,
  input: EpisodeSaveData,
  now: Date,
): Promise<{ id: number; slug: string; version: number }> {
  const saved = await saveEpisodeFields(db, id, input, now);
  if (input.premium) {
    await renewPremiumMediaKeys(db, media, id).catch((error) => {
      console.error(`[media] could not give premium episode ${id} new media keys:`, error);
    });
  }
  return saved;
}

async function saveEpisodeFields(
  db: Database,
  id: number,
  input: EpisodeSaveData,
  now: Date,
): Promise<{ id: number; slug: string; version: number }> {
  try {
    return await db.transaction(async (tx) => {
      await lockSlugs(tx);
      const [current] = await tx
        .select({
          slug: podcastEpisodes.slug,
          version: podcastEpisodes.version,
          audioKey: podcastEpisodes.audioKey,
          firstPublishedAt: podcastEpisodes.firstPublishedAt,
        })
        .from(podcastEpisodes)
        .where(eq(podcastEpisodes.id, id));
      if (!current) throw new EpisodeChangeRefused(404, "Episode not found");
      if (current.version !== input.version) throw new EpisodeChangeRefused(409, EPISODE_CONFLICT_MESSAGE);
      const slug = input.slug || current.slug;
      if (slug !== current.slug) {
        if (isSlugFixed(current.firstPublishedAt, now)) throw new EpisodeChangeRefused(400, SLUG_FIXED_MESSAGE, "slug");
        if (await isSlugTaken(tx, slug, id)) throw new EpisodeChangeRefused(409, SLUG_TAKEN_MESSAGE, "slug");
      }
      await checkGuestApplications(tx, input.guests);
      const [saved] = await tx
        .update(podcastEpisodes)
        .set({
          ...editorColumns(input),
          ...(input.premium ? {} : { premiumMediaKeys: false }),
          ...publication(input, current, now),
          slug,
          version: sql`${podcastEpisodes.version} + 1`,
          updatedAt: now,
        })
        .where(and(eq(podcastEpisodes.id, id), eq(podcastEpisodes.version, input.version)))
        .returning({ id: podcastEpisodes.id, slug: podcastEpisodes.slug, version: podcastEpisodes.version });
      if (!saved) throw new EpisodeChangeRefused(409, EPISODE_CONFLICT_MESSAGE);
      if (slug !== current.slug) {
        // Renaming back to an earlier slug takes it out of the redirects; the slug left behind becomes one.
        await tx.delete(episodeSlugRedirects).where(eq(episodeSlugRedirects.slug, slug));
        await tx.insert(episodeSlugRedirects).values({ slug: current.slug, episodeId: id });
      }
      await replaceGuests(tx, id, input.guests);
      return saved;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new EpisodeChangeRefused(409, SLUG_TAKEN_MESSAGE, "slug");
    throw error;
  }
}

/** Deletes the episode and then its files (a file left by a failed removal is harmless; a row naming none is not). */
export async function deleteEpisode(db: Database, media: MediaStorage, id: number): Promise<boolean> {
  const [deleted] = await db.delete(podcastEpisodes).where(eq(podcastEpisodes.id, id)).returning({
    audioKey: podcastEpisodes.audioKey,
    artworkKey: podcastEpisodes.artworkKey,
    artworkRenditions: podcastEpisodes.artworkRenditions,
    transcriptKey: podcastEpisodes.transcriptKey,
  });
  if (!deleted) return false;
  const keys = [
    deleted.audioKey,
    deleted.artworkKey,
    ...deleted.artworkRenditions.map((rendition) => rendition.key),
    deleted.transcriptKey,
  ];
  await Promise.all(keys.flatMap((key) => (key ? [media.delete(key)] : [])));
  return true;
}
