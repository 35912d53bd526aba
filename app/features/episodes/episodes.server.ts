import { and, asc, desc, eq, gt, inArray, isNotNull, lt, ne, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { type EpisodeChapter, episodeGuests, episodeSlugRedirects, podcastEpisodes } from "~/db/schema";
import {
  ANONYMOUS,
  contentFor,
  type EpisodeAccess,
  type EpisodeAccessFacts,
  type EpisodeGrant,
  type EpisodePart,
  type EpisodeViewer,
  episodeAccess,
  grantOf,
  isGranted,
  listedFor,
} from "./episode-access.server";
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
    .where(contentFor(ANONYMOUS, now))
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
    .where(contentFor(ANONYMOUS, now))
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
    .where(contentFor(ANONYMOUS, now))
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
 * One page of the episodes listed for `viewer`, premium ones included (the page shows them with a lock), newest
 * first, leaving out the episode the trailer card already shows. Basic and Premium members (and the owner) also see
 * those in early access.
 */
export async function listPublicEpisodes(
  db: Database,
  now: Date,
  { page, exceptId, viewer = ANONYMOUS }: { page: number; exceptId?: number; viewer?: EpisodeViewer },
): Promise<EpisodeListPage> {
  const rows = await db
    .select(listColumns)
    .from(podcastEpisodes)
    .where(and(listedFor(viewer, now), exceptId === undefined ? undefined : ne(podcastEpisodes.id, exceptId)))
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

/** The columns the access rule reads (episode-access.server.ts). */
const accessColumns = {
  status: podcastEpisodes.status,
  publishDate: podcastEpisodes.publishDate,
  earlyAccessAt: podcastEpisodes.earlyAccessAt,
  premium: podcastEpisodes.premium,
  audioKey: podcastEpisodes.audioKey,
};

/** An episode with everything its page may show, straight from its row; the page shows what the access rule grants. */
export type PublicEpisodeRow = ListRow &
  EpisodeAccessFacts & {
    guid: string;
    showNotesHtml: string;
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

export type EpisodeLookup =
  | { kind: "episode"; episode: PublicEpisodeRow; access: EpisodeAccess }
  | { kind: "moved"; slug: string }
  | null;

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

/** The public episode before or after this one, as anyone's list orders them. */
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
    .where(and(listedFor(ANONYMOUS, now), older ? before : after))
    .orderBy(...(older ? newestFirst : [asc(podcastEpisodes.publishDate), asc(podcastEpisodes.id)]))
    .limit(1);
  return row ?? null;
}

/**
 * The episode at `/podcast/{slug}` when it is listed for `viewer` at `now`, with what the viewer gets of it; `moved`
 * with the current slug when `slug` is one it had before; null for an unknown slug or an episode the viewer may not
 * see (a draft, unpublished, scheduled for later, or in an early access that is not theirs).
 */
export async function findPublicEpisode(
  db: Database,
  slug: string,
  now: Date,
  viewer: EpisodeViewer = ANONYMOUS,
): Promise<EpisodeLookup> {
  const [row] = await db
    .select({
      ...listColumns,
      ...accessColumns,
      guid: podcastEpisodes.guid,
      showNotesHtml: podcastEpisodes.showNotesHtml,
      audioMimeType: podcastEpisodes.audioMimeType,
      explicit: podcastEpisodes.explicit,
      artworkKey: podcastEpisodes.artworkKey,
      artworkRenditions: podcastEpisodes.artworkRenditions,
      transcriptKey: podcastEpisodes.transcriptKey,
      chapters: podcastEpisodes.chapters,
    })
    .from(podcastEpisodes)
    .where(eq(podcastEpisodes.slug, slug));
  const access = row ? episodeAccess(viewer, row, now) : null;
  if (!row || !access || !isGranted(access.listing)) {
    const [moved] = await db
      .select({ slug: podcastEpisodes.slug, ...accessColumns })
      .from(episodeSlugRedirects)
      .innerJoin(podcastEpisodes, eq(podcastEpisodes.id, episodeSlugRedirects.episodeId))
      .where(eq(episodeSlugRedirects.slug, slug));
    return moved && isGranted(episodeAccess(viewer, moved, now).listing) ? { kind: "moved", slug: moved.slug } : null;
  }
  const publishDate = row.publishDate as Date;
  const [guests, previous, next] = await Promise.all([
    guestsOf(db, [row.id]),
    neighbour(db, now, { id: row.id, publishDate }, true),
    neighbour(db, now, { id: row.id, publishDate }, false),
  ]);
  return { kind: "episode", episode: { ...row, guests: guests.get(row.id) ?? [], previous, next }, access };
}

/** The chapters of the episode at `/podcast/{slug}` with what the viewer gets of them; null for no such episode. */
export async function findEpisodeChapters(
  db: Database,
  slug: string,
  now: Date,
  readViewer: () => Promise<EpisodeViewer>,
): Promise<{ grant: EpisodeGrant; chapters: EpisodeChapter[] } | null> {
  const [row] = await db
    .select({ ...accessColumns, chapters: podcastEpisodes.chapters })
    .from(podcastEpisodes)
    .where(eq(podcastEpisodes.slug, slug));
  if (!row) return null;
  return { grant: await grantOf(row, "chapters", now, readViewer), chapters: row.chapters };
}

/** Which part of the episode a stored key is: its artwork (or a rendition of it) sells it; anything else is content. */
function partNamedBy(
  row: { artworkKey: string | null; artworkRenditions: { key: string }[]; audioKey: string | null },
  key: string,
): EpisodePart {
  if (key === row.artworkKey || row.artworkRenditions.some((rendition) => rendition.key === key)) return "artwork";
  return key === row.audioKey ? "audio" : "transcript";
}

/**
 * What the viewer gets of the file stored under `key`, as the access rule answers for the episode naming it (its
 * audio, transcript, artwork or one of the artwork's renditions) and which part it is; null when no episode names the
 * key. Media is served only after this.
 */
export async function findEpisodeMediaGrant(
  db: Database,
  key: string,
  now: Date,
  readViewer: () => Promise<EpisodeViewer>,
): Promise<{ grant: EpisodeGrant; part: EpisodePart } | null> {
  const [row] = await db
    .select({
      ...accessColumns,
      artworkKey: podcastEpisodes.artworkKey,
      artworkRenditions: podcastEpisodes.artworkRenditions,
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
  if (!row) return null;
  const part = partNamedBy(row, key);
  return { grant: await grantOf(row, part, now, readViewer), part };
}

/**
 * The audio keys everyone may have at `now`, by the same access rule as `findEpisodeMediaGrant`: what the server's
 * front door streams without asking the app. It changes only when the public content version does (an episode's row,
 * or a publish date coming).
 */
export async function listPublicAudioKeys(db: Database, now: Date): Promise<Set<string>> {
  const rows = await db.select(accessColumns).from(podcastEpisodes).where(isNotNull(podcastEpisodes.audioKey));
  const keys = new Set<string>();
  for (const row of rows)
    if (row.audioKey && episodeAccess(ANONYMOUS, row, now).part("audio") === "everyone") keys.add(row.audioKey);
  return keys;
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
  /** Null when there is none, or when the access rule does not give it to the feed's reader. */
  transcriptKey: string | null;
  transcriptMimeType: string | null;
  hasChapters: boolean;
  updatedAt: Date;
};

/**
 * What a podcast feed carries for `viewer`, newest first, with their guests: the episodes whose audio the access rule
 * gives them at `now` (the public feed: anonymous; a private feed: its member).
 */
export async function listFeedEpisodes(
  db: Database,
  now: Date,
  viewer: EpisodeViewer = ANONYMOUS,
): Promise<FeedEpisode[]> {
  const rows = await db
    .select({
      ...accessColumns,
      id: podcastEpisodes.id,
      guid: podcastEpisodes.guid,
      slug: podcastEpisodes.slug,
      title: podcastEpisodes.title,
      description: podcastEpisodes.description,
      audioLengthBytes: podcastEpisodes.audioLengthBytes,
      audioMimeType: podcastEpisodes.audioMimeType,
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
    .where(contentFor(viewer, now))
    .orderBy(...newestFirst);
  const guests = await guestsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map(({ id, publishDate, audioKey, status, earlyAccessAt, premium, ...row }) => {
    const access = episodeAccess(viewer, { status, publishDate, earlyAccessAt, premium, audioKey }, now);
    return {
      ...row,
      id,
      publishDate: publishDate as Date,
      audioKey: audioKey as string,
      episodeType: row.episodeType as FeedEpisode["episodeType"],
      transcriptKey: isGranted(access.part("transcript")) ? row.transcriptKey : null,
      guests: guests.get(id) ?? [],
    };
  });
}

/** Every episode page anyone may see, with the time it last changed (its edit, or its publication), for the sitemap. */
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
    .where(listedFor(ANONYMOUS, now))
    .orderBy(...newestFirst);
  return rows.map(({ slug, updatedAt, publishDate }) => ({
    slug,
    updatedAt: new Date(Math.max(updatedAt.getTime(), (publishDate as Date).getTime())),
  }));
}

/** The parts of an episode a private feed names, each at an address of its own under the feed's token. */
export const FEED_EPISODE_PARTS = ["audio", "transcript", "artwork", "chapters"] as const;
export type FeedEpisodePart = (typeof FEED_EPISODE_PARTS)[number];

export type FeedEpisodePartAnswer =
  | { grant: EpisodeGrant; kind: "file"; key: string | null }
  | { grant: EpisodeGrant; kind: "chapters"; chapters: EpisodeChapter[] };

/**
 * One part of an episode as a member's private feed serves it, with what the access rule gives the member at `now`
 * (the tier is read on every request, so a downgrade stops premium audio at once); null for no such episode.
 */
export async function findFeedEpisodePart(
  db: Database,
  episodeId: number,
  part: FeedEpisodePart,
  now: Date,
  viewer: EpisodeViewer,
): Promise<FeedEpisodePartAnswer | null> {
  const [row] = await db
    .select({
      ...accessColumns,
      transcriptKey: podcastEpisodes.transcriptKey,
      artworkKey: podcastEpisodes.artworkKey,
      chapters: podcastEpisodes.chapters,
    })
    .from(podcastEpisodes)
    .where(eq(podcastEpisodes.id, episodeId));
  if (!row) return null;
  const grant = episodeAccess(viewer, row, now).part(part);
  if (part === "chapters") return { grant, kind: "chapters", chapters: row.chapters };
  const key = part === "audio" ? row.audioKey : part === "transcript" ? row.transcriptKey : row.artworkKey;
  return { grant, kind: "file", key };
}
