import { and, eq, gt, inArray, isNotNull, lte, or, type SQL, sql } from "drizzle-orm";
import { podcastEpisodes } from "~/db/schema";
import type { Viewer } from "~/lib/auth.server";
import type { MembershipTier } from "~/lib/current-user";
import { hasRole, ROLES } from "~/lib/staff-roles";

/**
 * The one rule for what an episode gives to whom. Every page, file and feed that carries something of an episode asks
 * it: the episode page (player, transcript text, head tags), `/media/{key}` for each of the episode's keys, the
 * chapters document, the public and private feeds and their enclosures, the sitemap and the members' premium audio.
 * The list queries use its SQL form (`listedFor`, `contentFor`), which a test holds to the same answers.
 */

/** Who asks: a visitor without a session, a member of a tier, or the owner (whose role outranks a tier). */
export type EpisodeViewer = { kind: "anonymous" } | { kind: "member"; tier: MembershipTier } | { kind: "owner" };

export const ANONYMOUS: EpisodeViewer = { kind: "anonymous" };

/** Staff who edit the show (owner, editor) see what the owner sees; support is a member like any other here. */
export function episodeViewerOf({ user, staff }: Pick<Viewer, "user" | "staff">): EpisodeViewer {
  if (hasRole(staff, ROLES.content)) return { kind: "owner" };
  return user ? { kind: "member", tier: user.membershipTier } : ANONYMOUS;
}

/** What the rule reads of an episode. */
export type EpisodeAccessFacts = {
  status: string;
  publishDate: Date | null;
  earlyAccessAt: Date | null;
  premium: boolean;
  audioKey: string | null;
};

/**
 * The parts that sell an episode: whoever may see the episode gets them, premium or not. Any other part is the
 * episode itself and goes only to those who may hear it: the audio, the transcript (the episode in words), and
 * anything an episode carries later unless it is added here.
 */
export const TEASER_PARTS = ["title", "summary", "showNotes", "artwork", "chapters"] as const;
type TeaserPart = (typeof TEASER_PARTS)[number];
export type EpisodePart = TeaserPart | "audio" | "transcript";

const isTeaser = (part: EpisodePart) => (TEASER_PARTS as readonly string[]).includes(part);

/**
 * The answer for one part: `everyone` (anonymous visitors too, so shared caches may keep it), `viewer` (this viewer
 * only: never cached), `locked` (the viewer sees the episode but not this part: 403 with an upgrade), `hidden` (the
 * viewer may not know the episode: 404).
 */
export type EpisodeGrant = "everyone" | "viewer" | "locked" | "hidden";

export const isGranted = (grant: EpisodeGrant) => grant === "everyone" || grant === "viewer";

const isPublic = (episode: EpisodeAccessFacts, now: Date) =>
  (episode.status === "scheduled" || episode.status === "published") &&
  episode.publishDate !== null &&
  episode.publishDate <= now &&
  episode.audioKey !== null;

/** A scheduled episode between its early-access time and its publish date, with its audio. */
const isInEarlyAccess = (episode: EpisodeAccessFacts, now: Date) =>
  episode.status === "scheduled" &&
  episode.earlyAccessAt !== null &&
  episode.earlyAccessAt <= now &&
  episode.publishDate !== null &&
  episode.publishDate > now &&
  episode.audioKey !== null;

const hearsEarly = (viewer: EpisodeViewer) =>
  viewer.kind === "owner" || (viewer.kind === "member" && (viewer.tier === "basic" || viewer.tier === "premium"));

const hearsPremium = (viewer: EpisodeViewer) =>
  viewer.kind === "owner" || (viewer.kind === "member" && viewer.tier === "premium");

const isListedFor = (viewer: EpisodeViewer, episode: EpisodeAccessFacts, now: Date) =>
  isPublic(episode, now) || (isInEarlyAccess(episode, now) && hearsEarly(viewer));

function mayHave(viewer: EpisodeViewer, episode: EpisodeAccessFacts, part: EpisodePart, now: Date): boolean {
  // The editor previews every file of every episode, drafts included.
  if (viewer.kind === "owner") return true;
  if (!isListedFor(viewer, episode, now)) return false;
  return isTeaser(part) || !episode.premium || hearsPremium(viewer);
}

export type EpisodeAccess = {
  /** Whether the episode has a page for the viewer and appears in their lists (the owner's: as a Premium member's). */
  listing: EpisodeGrant;
  part(part: EpisodePart): EpisodeGrant;
};

/** What `viewer` gets of `episode` at `now`. */
export function episodeAccess(viewer: EpisodeViewer, episode: EpisodeAccessFacts, now: Date): EpisodeAccess {
  const listed = isListedFor(viewer, episode, now);
  const grant = (allows: (someone: EpisodeViewer) => boolean): EpisodeGrant => {
    if (allows(ANONYMOUS)) return "everyone";
    if (allows(viewer)) return "viewer";
    return listed ? "locked" : "hidden";
  };
  return {
    listing: grant((someone) => isListedFor(someone, episode, now)),
    part: (part) => grant((someone) => mayHave(someone, episode, part, now)),
  };
}

/**
 * The grant of one part, reading the viewer (a session lookup) only when the part is not for everyone, so that public
 * media and pages cost no session read.
 */
export async function grantOf(
  episode: EpisodeAccessFacts,
  part: EpisodePart,
  now: Date,
  readViewer: () => Promise<EpisodeViewer>,
): Promise<EpisodeGrant> {
  const forAnyone = episodeAccess(ANONYMOUS, episode, now).part(part);
  if (forAnyone === "everyone") return forAnyone;
  return episodeAccess(await readViewer(), episode, now).part(part);
}

/**
 * A published premium episode with its audio, as the rule sees any such episode: the members' premium audio asks it
 * first, so that a member who may not hear premium episodes is told so before any slug is looked up.
 */
export const PREMIUM_EPISODE: EpisodeAccessFacts = {
  status: "published",
  publishDate: new Date(0),
  earlyAccessAt: null,
  premium: true,
  audioKey: "any",
};

// The rule in SQL, for the queries that list episodes. `now` comes from the caller (never SQL's now()), so that one
// clock decides for the pages, the feeds and the page cache alike.

const isPublicSql = (now: Date) =>
  and(
    inArray(podcastEpisodes.status, ["scheduled", "published"]),
    lte(podcastEpisodes.publishDate, now),
    isNotNull(podcastEpisodes.audioKey),
  ) as SQL;

const isInEarlyAccessSql = (now: Date) =>
  and(
    eq(podcastEpisodes.status, "scheduled"),
    lte(podcastEpisodes.earlyAccessAt, now),
    gt(podcastEpisodes.publishDate, now),
    isNotNull(podcastEpisodes.audioKey),
  ) as SQL;

/** The episodes listed for `viewer` at `now`: `episodeAccess(...).listing` is granted. */
export const listedFor = (viewer: EpisodeViewer, now: Date): SQL =>
  (hearsEarly(viewer) ? or(isPublicSql(now), isInEarlyAccessSql(now)) : isPublicSql(now)) as SQL;

/** The episodes whose audio (and transcript, and every part that is not a teaser) `viewer` may have at `now`. */
export function contentFor(viewer: EpisodeViewer, now: Date): SQL {
  if (viewer.kind === "owner") return sql`true`;
  return and(listedFor(viewer, now), hearsPremium(viewer) ? undefined : eq(podcastEpisodes.premium, false)) as SQL;
}
