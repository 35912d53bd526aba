import { and, asc, desc, eq, gt, inArray, isNotNull, lt, lte, ne, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { type EpisodeChapter, episodeGuests, episodeSlugRedirects, podcastEpisodes } from "~/db/schema";
import type { MembershipTier } from "~/lib/current-user";
import {
  EPISODES_PER_PAGE,
  type EpisodeGuest,
  type EpisodeListItem,
  type EpisodeNeighbour,
  episodeMediaUrl,
  type FeaturedEpisode,
  formatDuration,
  type PodcastEpisode,
} from "./schema";

/**
 * Whether an episode is public at `now`: scheduled or published, its date come, its audio uploaded. `now` comes from
 * the caller (never SQL's now()), so that one clock decides for the pages, the feed and the page cache alike.
 */
export const isPublicAt = (now: Date) =>
  and(
    inArray(podcastEpisodes.status, ["scheduled", "published"]),
    lte(podcastEpisodes.publishDate, now),
    isNotNull(podcastEpisodes.audioKey),
  ) as SQL;

/**
 * Whether a scheduled episode is in its early access at `now`: its early-access time come, its publish date not yet,
 * its audio uploaded. Only Basic and Premium members may hear it then.
 */
const isEarlyAccessAt = (now: Date) =>
  and(
    eq(podcastEpisodes.status, "scheduled"),
    lte(podcastEpisodes.earlyAccessAt, now),
    gt(podcastEpisodes.publishDate, now),
    isNotNull(podcastEpisodes.audioKey),
  ) as SQL;

/** Tiers that hear early-access episodes. */
export const hasEarlyAccess = (tier: MembershipTier | null) => tier === "basic" || tier === "premium";

/** The episodes a listener of `tier` may have at `now`: the public ones, and those in early access for paying tiers. */
const isListedFor = (now: Date, tier: MembershipTier | null) =>
  (hasEarlyAccess(tier) ? or(isPublicAt(now), isEarlyAccessAt(now)) : isPublicAt(now)) as SQL;

const isFreeAt = (now: Date) => and(isPublicAt(now), eq(podcastEpisodes.premium, false)) as SQL;

const firstGuestName = sql<string | null>`(
  select ${episodeGuests.name} from ${episodeGuests}
  where ${episodeGuests.episodeId} = ${podcastEpisodes.id}
  order by ${episodeGuests.position} limit 1
)`;

const newestFirst = [desc(podcastEpisodes.publishDate), desc(podcastEpisodes.id)];
const trailerFirst = sql`case when ${podcastEpisodes.episodeType} = 'trailer' then 0 else 1 end`;

const apiColumns = {
  id: podcastEpisodes.id,
  guid: podcastEpisodes.guid,
  slug: podcastEpisodes.slug,
  title: podcastEpisodes.title,
  description: podcastEpisodes.description,
  audioKey: podcastEpisodes.audioKey,
  publishDate: podcastEpisodes.publishDate,
  episodeNumber: podcastEpisodes.episodeNumber,
  episodeType: podcastEpisodes.episodeType,
  durationSeconds: podcastEpisodes.durationSeconds,
  artworkKey: podcastEpisodes.artworkKey,
  guestName: firstGuestName,
  spotifyUrl: podcastEpisodes.spotifyUrl,
  youtubeUrl: podcastEpisodes.youtubeUrl,
};

function toPodcastEpisode(row: Awaited<ReturnType<typeof selectApiRows>>[number]): PodcastEpisode {
  const { audioKey, artworkKey, publishDate, ...rest } = row;
  return {
    ...rest,
    audioUrl: episodeMediaUrl(audioKey as string),
    imageUrl: artworkKey ? episodeMediaUrl(artworkKey) : null,
    episodeType: rest.episodeType as PodcastEpisode["episodeType"],
    publishDate: (publishDate as Date).toISOString(),
    duration: rest.durationSeconds === null ? null : formatDuration(rest.durationSeconds),
  };
}

function selectApiRows(db: Database, now: Date) {
  return db
    .select(apiColumns)
    .from(podcastEpisodes)
    .where(isFreeAt(now))
    .orderBy(trailerFirst, ...newestFirst);
}

/**
 * The public free episodes as `GET /api/podcast/episodes` lists them: the trailer first (the spec's trailer card is
 * the first one), then the newest first. Premium episodes are left out: their audio is for members only.
 */
export async function listApiEpisodes(db: Database, now: Date): Promise<PodcastEpisode[]> {
  return (await selectApiRows(db, now)).map(toPodcastEpisode);
}

/** The trailer card's episode, with its chapters: the first of listApiEpisodes, or null while none is public. */
export async function featuredEpisode(db: Database, now: Date): Promise<FeaturedEpisode | null> {
  const [row] = await db
    .select({ ...apiColumns, chapters: podcastEpisodes.chapters })
    .from(podcastEpisodes)
    .where(isFreeAt(now))
    .orderBy(trailerFirst, ...newestFirst)
    .limit(1);
  if (!row) return null;
  const { chapters, ...episode } = row;
  return {
    ...toPodcastEpisode(episode),
    chapters: chapters.map(({ startSeconds, title }) => ({ startSeconds, title })),
  };
}

/** The newest public free episode, for the links page's LATEST EPISODE button. */
export async function latestEpisode(db: Database, now: Date): Promise<EpisodeNeighbour | null> {
  const [row] = await db
    .select({ slug: podcastEpisodes.slug, title: podcastEpisodes.title })
    .from(podcastEpisodes)
    .where(isFreeAt(now))
    .orderBy(...newestFirst)
    .limit(1);
  return row ?? null;
}

const listColumns = {
  id: podcastEpisodes.id,
  slug: podcastEpisodes.slug,
  title: podcastEpisodes.title,
  description: podcastEpisodes.description,
  publishDate: podcastEpisodes.publishDate,
  durationSeconds: podcastEpisodes.durationSeconds,
  seasonNumber: podcastEpisodes.seasonNumber,
  episodeNumber: podcastEpisodes.episodeNumber,
  episodeType: podcastEpisodes.episodeType,
  premium: podcastEpisodes.premium,
};

type ListRow = { publishDate: Date | null; episodeType: string } & Omit<
  EpisodeListItem,
  "publishDate" | "episodeType" | "earlyAccess"
>;

const toListItem = ({ publishDate, episodeType, ...row }: ListRow, now: Date): EpisodeListItem => ({
  ...row,
  episodeType: episodeType as EpisodeListItem["episodeType"],
  publishDate: (publishDate as Date).toISOString(),
  earlyAccess: (publishDate as Date) > now,
});

export type EpisodeListPage = { episodes: EpisodeListItem[]; page: number; hasPrevious: boolean; hasNext: boolean };

/**
 * One page of the public episodes, premium ones included (the page shows them with a lock), newest first, leaving
 * out the episode the trailer card already shows. A Basic or Premium member also sees those in early access.
 */
export async function listPublicEpisodes(
  db: Database,
  now: Date,
  { page, exceptId, tier = null }: { page: number; exceptId?: number; tier?: MembershipTier | null },
): Promise<EpisodeListPage> {
  const rows = await db
    .select(listColumns)
    .from(podcastEpisodes)
    .where(and(isListedFor(now, tier), exceptId === undefined ? undefined : ne(podcastEpisodes.id, exceptId)))
    .orderBy(...newestFirst)
    .limit(EPISODES_PER_PAGE + 1)
    .offset((page - 1) * EPISODES_PER_PAGE);
  return {
    episodes: rows.slice(0, EPISODES_PER_PAGE).map((row) => toListItem(row, now)),
    page,
    hasPrevious: page > 1,
    hasNext: rows.length > EPISODES_PER_PAGE,
  };
}

/** A public episode with everything its page shows, straight from its row; media keys are the caller's to turn. */
export type PublicEpisodeRow = ListRow & {
  guid: string;
  showNotesHtml: string;
  audioKey: string | null;
  audioMimeType: string;
  explicit: boolean;
  artworkKey: string | null;
  artworkRenditions: { key: string; width: number; height: number }[];
  transcriptKey: string | null;
  chapters: EpisodeChapter[];
  guests: EpisodeGuest[];
  previous: EpisodeNeighbour | null;
  next: EpisodeNeighbour | null;
};

export type EpisodeLookup = { kind: "episode"; episode: PublicEpisodeRow } | { kind: "moved"; slug: string } | null;

async function guestsOf(db: Database, episodeIds: number[]): Promise<Map<number, EpisodeGuest[]>> {
  const byEpisode = new Map<number, EpisodeGuest[]>();
  if (episodeIds.length === 0) return byEpisode;
  const rows = await db
    .select({
      episodeId: episodeGuests.episodeId,
      name: episodeGuests.name,
      role: episodeGuests.role,
      link: episodeGuests.link,
    })
    .from(episodeGuests)
    .where(inArray(episodeGuests.episodeId, episodeIds))
    .orderBy(asc(episodeGuests.episodeId), asc(episodeGuests.position));
  for (const { episodeId, ...guest } of rows) {
    byEpisode.set(episodeId, [...(byEpisode.get(episodeId) ?? []), guest]);
  }
  return byEpisode;
}

async function neighbour(db: Database, now: Date, episode: { id: number; publishDate: Date }, older: boolean) {
  const before = or(
    lt(podcastEpisodes.publishDate, episode.publishDate),
    and(eq(podcastEpisodes.publishDate, episode.publishDate), lt(podcastEpisodes.id, episode.id)),
  );
  const after = or(
    gt(podcastEpisodes.publishDate, episode.publishDate),
    and(eq(podcastEpisodes.publishDate, episode.publishDate), gt(podcastEpisodes.id, episode.id)),
  );
  const [row] = await db
    .select({ slug: podcastEpisodes.slug, title: podcastEpisodes.title })
    .from(podcastEpisodes)
    .where(and(isPublicAt(now), older ? before : after))
    .orderBy(...(older ? newestFirst : [asc(podcastEpisodes.publishDate), asc(podcastEpisodes.id)]))
    .limit(1);
  return row ?? null;
}

/**
 * The public episode at `/podcast/{slug}`; `moved` with the current slug when `slug` is one it had before; null for
 * an unknown slug or an episode that is not public at `now` (a draft, unpublished, or scheduled for later). A viewer
 * of a paying tier also finds an episode in its early access.
 */
export async function findPublicEpisode(
  db: Database,
  slug: string,
  now: Date,
  tier: MembershipTier | null = null,
): Promise<EpisodeLookup> {
  const [row] = await db
    .select({
      ...listColumns,
      guid: podcastEpisodes.guid,
      showNotesHtml: podcastEpisodes.showNotesHtml,
      audioKey: podcastEpisodes.audioKey,
      audioMimeType: podcastEpisodes.audioMimeType,
      explicit: podcastEpisodes.explicit,
      artworkKey: podcastEpisodes.artworkKey,
      artworkRenditions: podcastEpisodes.artworkRenditions,
      transcriptKey: podcastEpisodes.transcriptKey,
      chapters: podcastEpisodes.chapters,
    })
    .from(podcastEpisodes)
    .where(and(eq(podcastEpisodes.slug, slug), isListedFor(now, tier)));
  if (!row) {
    const [moved] = await db
      .select({ slug: podcastEpisodes.slug })
      .from(episodeSlugRedirects)
      .innerJoin(podcastEpisodes, eq(podcastEpisodes.id, episodeSlugRedirects.episodeId))
      .where(and(eq(episodeSlugRedirects.slug, slug), isListedFor(now, tier)));
    return moved ? { kind: "moved", slug: moved.slug } : null;
  }
  const publishDate = row.publishDate as Date;
  const [guests, previous, next] = await Promise.all([
    guestsOf(db, [row.id]),
    neighbour(db, now, { id: row.id, publishDate }, true),
    neighbour(db, now, { id: row.id, publishDate }, false),
  ]);
  return { kind: "episode", episode: { ...row, guests: guests.get(row.id) ?? [], previous, next } };
}

/** The chapters of the public episode at `/podcast/{slug}`, or null when there is no such episode. */
export async function findPublicEpisodeChapters(
  db: Database,
  slug: string,
  now: Date,
): Promise<EpisodeChapter[] | null> {
  const [row] = await db
    .select({ chapters: podcastEpisodes.chapters })
    .from(podcastEpisodes)
    .where(and(eq(podcastEpisodes.slug, slug), isPublicAt(now)));
  return row?.chapters ?? null;
}

/**
 * What a media request needs to know about the episode naming a key: may anyone have it, may paying members have it
 * early, and is it premium audio.
 */
export type EpisodeMediaOwner = { isPublic: boolean; isEarlyAccess: boolean; isPremiumAudio: boolean };

/**
 * The episode whose audio, artwork (or one of its renditions) or transcript is stored under `key`, or null when no
 * episode names it. Media is served only after this finds a row.
 */
export async function findEpisodeMediaOwner(db: Database, key: string, now: Date): Promise<EpisodeMediaOwner | null> {
  const [row] = await db
    .select({
      isPublic: sql<boolean>`coalesce(${isPublicAt(now)}, false)`,
      isEarlyAccess: sql<boolean>`coalesce(${isEarlyAccessAt(now)}, false)`,
      isPremiumAudio: sql<boolean>`${podcastEpisodes.premium} and ${podcastEpisodes.audioKey} = ${key}`,
    })
    .from(podcastEpisodes)
    .where(
      or(
        eq(podcastEpisodes.audioKey, key),
        eq(podcastEpisodes.artworkKey, key),
        eq(podcastEpisodes.transcriptKey, key),
        sql`${podcastEpisodes.artworkRenditions} @> ${JSON.stringify([{ key }])}::jsonb`,
      ),
    )
    .limit(1);
  return row ?? null;
}

export type FeedEpisode = {
  id: number;
  guid: string;
  slug: string;
  title: string;
  description: string;
  audioKey: string;
  audioLengthBytes: number | null;
  audioMimeType: string;
  publishDate: Date;
  seasonNumber: number | null;
  episodeNumber: number | null;
  episodeType: PodcastEpisode["episodeType"];
  durationSeconds: number | null;
  explicit: boolean;
  artworkKey: string | null;
  guests: EpisodeGuest[];
  transcriptKey: string | null;
  transcriptMimeType: string | null;
  hasChapters: boolean;
  updatedAt: Date;
};

/**
 * What a feed may carry at `now` for a member of `tier`, or for the public feed (null): public episodes, then those in
 * early access for paying tiers; premium ones only for Premium.
 */
function feedCondition(now: Date, tier: MembershipTier | null): SQL {
  if (tier === null) return isFreeAt(now);
  return and(isListedFor(now, tier), tier === "premium" ? undefined : eq(podcastEpisodes.premium, false)) as SQL;
}

/**
 * What a podcast feed carries, newest first, with their guests: the public feed's free episodes public at `now`
 * (no tier), or what a member's private feed carries for their tier.
 */
export async function listFeedEpisodes(
  db: Database,
  now: Date,
  tier: MembershipTier | null = null,
): Promise<FeedEpisode[]> {
  const rows = await db
    .select({
      id: podcastEpisodes.id,
      guid: podcastEpisodes.guid,
      slug: podcastEpisodes.slug,
      title: podcastEpisodes.title,
      description: podcastEpisodes.description,
      audioKey: podcastEpisodes.audioKey,
      audioLengthBytes: podcastEpisodes.audioLengthBytes,
      audioMimeType: podcastEpisodes.audioMimeType,
      publishDate: podcastEpisodes.publishDate,
      seasonNumber: podcastEpisodes.seasonNumber,
      episodeNumber: podcastEpisodes.episodeNumber,
      episodeType: podcastEpisodes.episodeType,
      durationSeconds: podcastEpisodes.durationSeconds,
      explicit: podcastEpisodes.explicit,
      artworkKey: podcastEpisodes.artworkKey,
      transcriptKey: podcastEpisodes.transcriptKey,
      transcriptMimeType: podcastEpisodes.transcriptMimeType,
      hasChapters: sql<boolean>`jsonb_array_length(${podcastEpisodes.chapters}) > 0`,
      updatedAt: podcastEpisodes.updatedAt,
    })
    .from(podcastEpisodes)
    .where(feedCondition(now, tier))
    .orderBy(...newestFirst);
  const guests = await guestsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map(({ id, publishDate, audioKey, ...row }) => ({
    ...row,
    id,
    publishDate: publishDate as Date,
    audioKey: audioKey as string,
    episodeType: row.episodeType as FeedEpisode["episodeType"],
    guests: guests.get(id) ?? [],
  }));
}

/** Every public episode page with the time it last changed (its edit, or its publication), for the sitemap. */
export async function listPublicEpisodeRevisions(
  db: Database,
  now: Date,
): Promise<{ slug: string; updatedAt: Date }[]> {
  const rows = await db
    .select({
      slug: podcastEpisodes.slug,
      updatedAt: podcastEpisodes.updatedAt,
      publishDate: podcastEpisodes.publishDate,
    })
    .from(podcastEpisodes)
    .where(isPublicAt(now))
    .orderBy(...newestFirst);
  return rows.map(({ slug, updatedAt, publishDate }) => ({
    slug,
    updatedAt: new Date(Math.max(updatedAt.getTime(), (publishDate as Date).getTime())),
  }));
}

export type MemberFeedAudio = { kind: "audio"; key: string } | { kind: "premium-required" } | null;

/**
 * The audio behind a private feed's enclosure for a member of `tier`, checked at `now`: the key when their feed may
 * carry the episode, "premium-required" for a premium episode a lower tier may not hear (after a downgrade), null for
 * an episode no feed carries now.
 */
export async function findMemberFeedAudio(
  db: Database,
  episodeId: number,
  now: Date,
  tier: MembershipTier,
): Promise<MemberFeedAudio> {
  const [row] = await db
    .select({ audioKey: podcastEpisodes.audioKey, premium: podcastEpisodes.premium })
    .from(podcastEpisodes)
    .where(and(eq(podcastEpisodes.id, episodeId), feedCondition(now, "premium")));
  if (!row?.audioKey) return null;
  if (row.premium && tier !== "premium") return { kind: "premium-required" };
  return { kind: "audio", key: row.audioKey };
}
