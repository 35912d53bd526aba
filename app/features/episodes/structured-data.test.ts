import { describe, expect, it } from "vitest";
import type { EpisodePageData, FeaturedEpisode } from "./schema";
import { episodePageStructuredData, episodeStructuredData } from "./structured-data";

const episode: FeaturedEpisode = {
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
  chapters: [],
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

  it("adds the chapters the owner gave the episode as its segments", () => {
    const trailer = {
      ...episode,
      guestName: null,
      chapters: [
        { startSeconds: 0, title: "Welcome" },
        { startSeconds: 6, title: "What you will hear each week" },
      ],
    };
    expect(episodeStructuredData(trailer)).toMatchObject({
      guests: [],
      segments: [
        { title: "Welcome", startSeconds: 0 },
        { title: "What you will hear each week", startSeconds: 6 },
      ],
    });
    expect(episodeStructuredData(trailer)).not.toHaveProperty("keywords");
  });
});

describe("episodePageStructuredData", () => {
  const page: EpisodePageData = {
    earlyAccess: false,
    id: 2,
    guid: "pivot",
    slug: "the-pivot",
    title: "The Pivot",
    description: "A founder on a pivot.",
    publishDate: "2025-09-11T09:00:00.000Z",
    durationSeconds: 754,
    seasonNumber: 1,
    episodeNumber: 2,
    episodeType: "full",
    premium: false,
    showNotesHtml: "",
    audioUrl: "/media/episodes/audio/pivot0123456789abc.mp3",
    publicAudioUrl: "/media/episodes/audio/pivot0123456789abc.mp3",
    audioMimeType: "audio/mpeg",
    explicit: false,
    artwork: null,
    chapters: [
      { startSeconds: 0, title: "Welcome", url: null },
      { startSeconds: 65, title: "The call", url: "https://example.com/call" },
    ],
    guests: [
      { name: "Sam Rivera", role: "Founder", link: null },
      { name: "Priya", role: null, link: null },
    ],
    transcript: null,
    previous: null,
    next: null,
  };

  it("takes the page's public audio, season, every guest and the chapters as segments", () => {
    expect(episodePageStructuredData(page)).toEqual({
      title: "The Pivot",
      description: "A founder on a pivot.",
      audioUrl: "/media/episodes/audio/pivot0123456789abc.mp3",
      publishDate: "2025-09-11T09:00:00.000Z",
      episodeNumber: 2,
      seasonNumber: 1,
      durationSeconds: 754,
      guests: ["Sam Rivera", "Priya"],
      segments: [
        { title: "Welcome", startSeconds: 0 },
        { title: "The call", startSeconds: 65 },
      ],
    });
  });

  it("names no audio that not everyone may play, even on the page of a member who may", () => {
    expect(episodePageStructuredData({ ...page, premium: true, publicAudioUrl: null }).audioUrl).toBeNull();
  });
});
