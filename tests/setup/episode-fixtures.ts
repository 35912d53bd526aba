import type { Database } from "~/db/client.server";
import { sampleEpisodeGuests, samplePodcastEpisodes } from "~/db/sample-content";
import { episodeGuests, podcastEpisodes } from "~/db/schema";

export type EpisodeRow = typeof podcastEpisodes.$inferInsert;
type GuestRow = { name: string; role?: string | null; link?: string | null };
export type EpisodeFixture = EpisodeRow & { guests?: GuestRow[] };

/** A well-formed media key that names no stored file, for rows whose media the test does not serve. */
export function fakeMediaKey(prefix: string, name: string, extension: string): string {
  const id = name
    .replace(/[^A-Za-z0-9_-]/g, "-")
    .padEnd(16, "0")
    .slice(0, 64);
  return `${prefix}/${id}.${extension}`;
}

/** A published episode with uploaded audio (a fake key unless given), public from its date. */
export function publicEpisode(overrides: Partial<EpisodeFixture> & Pick<EpisodeRow, "guid" | "title">): EpisodeFixture {
  return {
    slug: overrides.guid,
    description: `About ${overrides.title}`,
    status: "published",
    audioKey: fakeMediaKey("episodes/audio", overrides.guid, "mp3"),
    publishDate: new Date("2025-09-11T09:00:00Z"),
    firstPublishedAt: overrides.publishDate ?? new Date("2025-09-11T09:00:00Z"),
    ...overrides,
  };
}

/** The sample episodes as start-up leaves them (audio stored, episode 1's transcript and chapters), with fake keys. */
export function sampleEpisodeFixtures(): EpisodeFixture[] {
  return samplePodcastEpisodes.map((episode) => ({
    ...episode,
    audioKey: fakeMediaKey("episodes/audio", episode.slug, "mp3"),
    guests: (sampleEpisodeGuests[episode.guid] ?? []).map((name) => ({ name })),
    ...(episode.slug === "episode-1-the-pivot-that-almost-sank-us" && {
      transcriptKey: fakeMediaKey("episodes/transcripts", episode.slug, "vtt"),
      transcriptMimeType: "text/vtt",
      chapters: [
        { startSeconds: 0, title: "Welcome" },
        { startSeconds: 4, title: "The customer call" },
        { startSeconds: 8, title: "What comes next" },
      ],
    }),
  }));
}

/** Inserts episodes with their guests; returns the rows' ids in order. */
export async function insertEpisodes(db: Database, fixtures: EpisodeFixture[]): Promise<number[]> {
  const ids: number[] = [];
  for (const { guests = [], ...row } of fixtures) {
    const [inserted] = await db.insert(podcastEpisodes).values(row).returning({ id: podcastEpisodes.id });
    if (guests.length > 0) {
      await db
        .insert(episodeGuests)
        .values(guests.map((guest, position) => ({ episodeId: inserted.id, position, ...guest })));
    }
    ids.push(inserted.id);
  }
  return ids;
}
