import { and, asc, desc, eq, isNull, like, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { contentEpisodes, contentSeries, podcastEpisodes } from "~/db/schema";
import {
  type ContentEpisodeData,
  type ContentEpisodeView,
  type ContentSeriesData,
  type ContentSeriesView,
  EPISODE_ALREADY_LINKED_MESSAGE,
  type EpisodeStatus,
  LINKED_EPISODE_MESSAGE,
  type NewContentEpisodeData,
  type SeriesStatus,
  slugFromTitle,
} from "./schema";

const seriesColumns = {
  id: contentSeries.id,
  title: contentSeries.title,
  description: contentSeries.description,
  slug: contentSeries.slug,
  status: contentSeries.status,
  active: contentSeries.active,
  createdAt: contentSeries.createdAt,
};

const episodeColumns = {
  id: contentEpisodes.id,
  seriesId: contentEpisodes.seriesId,
  title: contentEpisodes.title,
  description: contentEpisodes.description,
  episodeNumber: contentEpisodes.episodeNumber,
  seasonNumber: contentEpisodes.seasonNumber,
  status: contentEpisodes.status,
  guestName: contentEpisodes.guestName,
  scheduledDate: contentEpisodes.scheduledDate,
  createdAt: contentEpisodes.createdAt,
};

function toSeriesView(row: Pick<typeof contentSeries.$inferSelect, keyof typeof seriesColumns>): ContentSeriesView {
  return { ...row, status: row.status as SeriesStatus, createdAt: row.createdAt.toISOString() };
}

type EpisodeRow = Pick<typeof contentEpisodes.$inferSelect, keyof typeof episodeColumns> & {
  /** Null when no episode is linked (a left join's missing row). */
  podcastEpisode:
    | (Omit<NonNullable<ContentEpisodeView["podcastEpisode"]>, "public"> & { public: boolean | null })
    | null;
};

/** An entry whose podcast episode is public shows Published, whatever stage it was planned at. */
function toEpisodeView({ podcastEpisode, ...row }: EpisodeRow): ContentEpisodeView {
  const linked = podcastEpisode ? { ...podcastEpisode, public: podcastEpisode.public === true } : null;
  return {
    ...row,
    status: linked?.public ? "published" : (row.status as EpisodeStatus),
    scheduledDate: row.scheduledDate?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    podcastEpisode: linked,
  };
}

/**
 * The linked podcast episode, read with the entry (its fields are null when none is linked); public as the site
 * decides it: scheduled or published, dated by `now`, with stored audio.
 */
const linkedEpisodeColumns = (now: Date) => ({
  id: podcastEpisodes.id,
  title: podcastEpisodes.title,
  slug: podcastEpisodes.slug,
  public: sql<
    boolean | null
  >`(${podcastEpisodes.status} in ('scheduled', 'published') and ${podcastEpisodes.publishDate} <= ${now} and ${podcastEpisodes.audioKey} is not null)`,
});

async function readEpisodeViews(db: Database, where: SQL, now: Date) {
  const rows = await db
    .select({ ...episodeColumns, podcastEpisode: linkedEpisodeColumns(now) })
    .from(contentEpisodes)
    .leftJoin(podcastEpisodes, eq(podcastEpisodes.id, contentEpisodes.podcastEpisodeId))
    .where(where)
    .orderBy(asc(contentEpisodes.seasonNumber), asc(contentEpisodes.episodeNumber), asc(contentEpisodes.id));
  return rows.map(toEpisodeView);
}

/** Every series, newest first. */
export async function listContentSeries(db: Database): Promise<ContentSeriesView[]> {
  const rows = await db.select(seriesColumns).from(contentSeries).orderBy(desc(contentSeries.createdAt));
  return rows.map(toSeriesView);
}

export async function findContentSeries(db: Database, id: number): Promise<ContentSeriesView | null> {
  const [row] = await db.select(seriesColumns).from(contentSeries).where(eq(contentSeries.id, id)).limit(1);
  return row ? toSeriesView(row) : null;
}

/** The title's slug, or the slug with the lowest free "-n" suffix when series already use it. */
async function freeSlugFor(db: Database, title: string): Promise<string> {
  const base = slugFromTitle(title);
  const taken = await db
    .select({ slug: contentSeries.slug })
    .from(contentSeries)
    .where(or(eq(contentSeries.slug, base), like(contentSeries.slug, `${base}-%`)));
  const slugs = new Set(taken.map((row) => row.slug));
  if (!slugs.has(base)) return base;
  for (let suffix = 2; ; suffix++) if (!slugs.has(`${base}-${suffix}`)) return `${base}-${suffix}`;
}

const UNIQUE_VIOLATION = "23505";
const FOREIGN_KEY_VIOLATION = "23503";

function violates(error: unknown, code: string): boolean {
  for (let current = error; current instanceof Object; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === code) return true;
  }
  return false;
}

const isUniqueViolation = (error: unknown) => violates(error, UNIQUE_VIOLATION);

/** Why a link to a podcast episode was refused, for the API's 400 or 409. */
export class EpisodeLinkRefused extends Error {
  constructor(
    readonly status: 400 | 409,
    message: string,
  ) {
    super(message);
    this.name = "EpisodeLinkRefused";
  }
}

/** Writes an entry; a link to an episode that does not exist, or that another entry has, is refused. */
async function writingLink<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (violates(error, FOREIGN_KEY_VIOLATION)) throw new EpisodeLinkRefused(400, LINKED_EPISODE_MESSAGE);
    if (isUniqueViolation(error)) throw new EpisodeLinkRefused(409, EPISODE_ALREADY_LINKED_MESSAGE);
    throw error;
  }
}

/** Creates a series with a unique slug derived from its title (retrying if another request took it meanwhile). */
export async function createContentSeries(db: Database, input: ContentSeriesData): Promise<ContentSeriesView> {
  for (let attempt = 0; ; attempt++) {
    try {
      const [row] = await db
        .insert(contentSeries)
        .values({ ...input, slug: await freeSlugFor(db, input.title) })
        .returning(seriesColumns);
      return toSeriesView(row);
    } catch (error) {
      if (attempt >= 4 || !isUniqueViolation(error)) throw error;
    }
  }
}

/** A series' episodes in episode order, with the podcast episode each is linked to. */
export function listSeriesEpisodes(db: Database, seriesId: number, now: Date): Promise<ContentEpisodeView[]> {
  return readEpisodeViews(db, eq(contentEpisodes.seriesId, seriesId), now);
}

export async function findContentEpisode(db: Database, id: number, now: Date): Promise<ContentEpisodeView | null> {
  const [view] = await readEpisodeViews(db, eq(contentEpisodes.id, id), now);
  return view ?? null;
}

/** Adds an episode; null when the series does not exist. Throws EpisodeLinkRefused for a link it cannot make. */
export async function createContentEpisode(
  db: Database,
  input: NewContentEpisodeData,
  now: Date,
): Promise<ContentEpisodeView | null> {
  if (!(await findContentSeries(db, input.seriesId))) return null;
  const [row] = await writingLink(() => db.insert(contentEpisodes).values(input).returning({ id: contentEpisodes.id }));
  return findContentEpisode(db, row.id, now);
}

export async function updateContentEpisode(
  db: Database,
  id: number,
  input: ContentEpisodeData,
  now: Date,
): Promise<ContentEpisodeView | null> {
  const [row] = await writingLink(() =>
    db
      .update(contentEpisodes)
      .set({ ...input, updatedAt: now })
      .where(eq(contentEpisodes.id, id))
      .returning({ id: contentEpisodes.id }),
  );
  return row ? findContentEpisode(db, row.id, now) : null;
}

/** Links an entry that has no podcast episode yet to `podcastEpisodeId`; false when it has one meanwhile. */
export async function linkPodcastEpisode(db: Database, id: number, podcastEpisodeId: number): Promise<boolean> {
  const linked = await writingLink(() =>
    db
      .update(contentEpisodes)
      .set({ podcastEpisodeId, updatedAt: new Date() })
      .where(and(eq(contentEpisodes.id, id), isNull(contentEpisodes.podcastEpisodeId)))
      .returning({ id: contentEpisodes.id }),
  );
  return linked.length > 0;
}

export async function deleteContentEpisode(db: Database, id: number): Promise<boolean> {
  const deleted = await db
    .delete(contentEpisodes)
    .where(eq(contentEpisodes.id, id))
    .returning({ id: contentEpisodes.id });
  return deleted.length > 0;
}
