import { and, desc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { podcastEpisodes } from "~/db/schema";
import { contentFor, type EpisodeGrant, type EpisodeViewer, episodeAccess } from "./episode-access.server";

/** A premium episode as the members' Premium Content page lists it. */
export type PremiumEpisodeItem = {
  id: string;
  title: string;
  description: string;
  durationMinutes: number;
  /** ISO date (YYYY-MM-DD). */
  publishedOn: string;
  audioUrl: string;
};

const premiumAudioPath = (slug: string) => `/members/premium-content/audio/${slug}`;

/** The premium episodes whose audio `viewer` may hear at `now`, newest first. */
export async function listPremiumEpisodes(
  db: Database,
  viewer: EpisodeViewer,
  now: Date,
): Promise<PremiumEpisodeItem[]> {
  const rows = await db
    .select({
      slug: podcastEpisodes.slug,
      title: podcastEpisodes.title,
      description: podcastEpisodes.description,
      durationSeconds: podcastEpisodes.durationSeconds,
      publishDate: podcastEpisodes.publishDate,
    })
    .from(podcastEpisodes)
    .where(and(eq(podcastEpisodes.premium, true), contentFor(viewer, now)))
    .orderBy(desc(podcastEpisodes.publishDate), desc(podcastEpisodes.id));
  return rows.map((row) => ({
    id: row.slug,
    title: row.title,
    description: row.description,
    durationMinutes: Math.round((row.durationSeconds ?? 0) / 60),
    publishedOn: (row.publishDate ?? now).toISOString().slice(0, 10),
    audioUrl: premiumAudioPath(row.slug),
  }));
}

/**
 * A premium episode's audio as the access rule answers for `viewer`: its key when granted, else the grant (`locked`
 * or `hidden`); `hidden` too when no premium episode has the slug or it has no audio.
 */
export async function findPremiumEpisodeAudio(
  db: Database,
  slug: string,
  viewer: EpisodeViewer,
  now: Date,
): Promise<{ audioKey: string } | { refused: Exclude<EpisodeGrant, "everyone" | "viewer"> }> {
  const [row] = await db
    .select({
      status: podcastEpisodes.status,
      publishDate: podcastEpisodes.publishDate,
      earlyAccessAt: podcastEpisodes.earlyAccessAt,
      premium: podcastEpisodes.premium,
      audioKey: podcastEpisodes.audioKey,
    })
    .from(podcastEpisodes)
    .where(and(eq(podcastEpisodes.slug, slug), eq(podcastEpisodes.premium, true)));
  if (!row?.audioKey) return { refused: "hidden" };
  const grant = episodeAccess(viewer, row, now).part("audio");
  if (grant === "locked" || grant === "hidden") return { refused: grant };
  return { audioKey: row.audioKey };
}
