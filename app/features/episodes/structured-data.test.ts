import { describe, expect, it } from "vitest";
import type { PodcastEpisode } from "./schema";
import { episodeStructuredData } from "./structured-data";

const episode: PodcastEpisode = {
  id: 1,
  guid: "no-details-guid",
  slug: "episode-1",
  title: "Episode 1",
  description: "A founder on a pivot.",
  audioUrl: "/audio/1.mp3",
  publishDate: "2025-09-11T09:00:00.000Z",
  episodeNumber: 1,
  episodeType: "full",
  duration: "0:12",
  durationSeconds: 12,
  imageUrl: null,
  guestName: "Sam Rivera",
  spotifyUrl: null,
  youtubeUrl: null,
};

describe("episodeStructuredData", () => {
  it("takes what the card shows: title, description, audio, date, number, length and the guest", () => {
    expect(episodeStructuredData(episode)).toEqual({
      title: "Episode 1",
      description: "A founder on a pivot.",
      audioUrl: "/audio/1.mp3",
      publishDate: "2025-09-11T09:00:00.000Z",
      episodeNumber: 1,
      durationSeconds: 12,
      guests: ["Sam Rivera"],
    });
  });

  it("adds the chapters and topics the site config holds for the episode", () => {
    const trailer = { ...episode, guid: "c4d5a3d0-6a8e-4c41-9f0b-3c2a1e7b9d01", guestName: null };
    expect(episodeStructuredData(trailer)).toMatchObject({
      guests: [],
      keywords: ["innovation", "disruption", "founder stories"],
      segments: [
        { title: "Welcome", startSeconds: 0 },
        { title: "What you will hear each week", startSeconds: 6 },
      ],
    });
  });
});
