import { asc, desc, eq, like, or } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { contentEpisodes, contentSeries } from "~/db/schema";
import {
  type ContentEpisodeData,
  type ContentEpisodeView,
  type ContentSeriesData,
  type ContentSeriesView,
  type EpisodeStatus,
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

function toEpisodeView(
  row: Pick<typeof contentEpisodes.$inferSelect, keyof typeof episodeColumns>,
): ContentEpisodeView {
  return {
    ...row,
    status: row.status as EpisodeStatus,
    scheduledDate: row.scheduledDate?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
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

function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Object; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
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

/** A series' episodes in episode order. */
export async function listSeriesEpisodes(db: Database, seriesId: number): Promise<ContentEpisodeView[]> {
  const rows = await db
    .select(episodeColumns)
    .from(contentEpisodes)
    .where(eq(contentEpisodes.seriesId, seriesId))
    .orderBy(asc(contentEpisodes.seasonNumber), asc(contentEpisodes.episodeNumber), asc(contentEpisodes.id));
  return rows.map(toEpisodeView);
}

/** Adds an episode; null when the series does not exist. */
export async function createContentEpisode(
  db: Database,
  input: NewContentEpisodeData,
): Promise<ContentEpisodeView | null> {
  if (!(await findContentSeries(db, input.seriesId))) return null;
  const [row] = await db.insert(contentEpisodes).values(input).returning(episodeColumns);
  return toEpisodeView(row);
}

export async function updateContentEpisode(
  db: Database,
  id: number,
  input: ContentEpisodeData,
): Promise<ContentEpisodeView | null> {
  const [row] = await db
    .update(contentEpisodes)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(contentEpisodes.id, id))
    .returning(episodeColumns);
  return row ? toEpisodeView(row) : null;
}

export async function deleteContentEpisode(db: Database, id: number): Promise<boolean> {
  const deleted = await db
    .delete(contentEpisodes)
    .where(eq(contentEpisodes.id, id))
    .returning({ id: contentEpisodes.id });
  return deleted.length > 0;
}
