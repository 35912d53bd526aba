import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { EpisodePageData } from "~/features/episodes/schema";
import type { Route } from "./+types/episode";
import EpisodePage from "./episode";

const episode: EpisodePageData = {
  id: 7,
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
  earlyAccess: false,
  showNotesHtml: "<p>Links from the show.</p>",
  audioUrl: "/media/episodes/audio/pivot0123456789abc.mp3",
  publicAudioUrl: "/media/episodes/audio/pivot0123456789abc.mp3",
  audioMimeType: "audio/mpeg",
  explicit: false,
  artwork: {
    url: "/media/episodes/artwork/pivot0123456789abc.png",
    renditions: [
      { url: "/media/episodes/artwork/pivot0123456789abc.w384.webp", width: 384, height: 384 },
      { url: "/media/episodes/artwork/pivot0123456789abc.w768.webp", width: 768, height: 768 },
    ],
  },
  chapters: [
    { startSeconds: 0, title: "Welcome", url: null },
    { startSeconds: 65, title: "The call", url: "https://example.com/call" },
  ],
  guests: [{ name: "Sam Rivera", role: "Founder", link: "https://example.com/sam" }],
  transcript: [{ start: 4, text: "Today: pivots." }],
  previous: { slug: "first", title: "First" },
  next: null,
};

function renderPage(loaderData: Route.ComponentProps["loaderData"]) {
  const props = { loaderData, params: {}, matches: [] } as unknown as Route.ComponentProps;
  return renderToStaticMarkup(createElement(MemoryRouter, null, createElement(EpisodePage, props)));
}

describe("the episode page", () => {
  const html = renderPage({ episode, pageUrl: "https://site.example/podcast/the-pivot" });

  it("has a player that loads nothing until played, and chapters that open the audio at their time without scripts", () => {
    expect(html).toMatch(
      /<audio[^>]*controls=""[^>]*preload="none"[^>]*src="\/media\/episodes\/audio\/pivot0123456789abc.mp3"/,
    );
    expect(html).toMatch(/<a href="\/media\/episodes\/audio\/pivot0123456789abc.mp3#t=0"[^>]*>Welcome<\/a>/);
    expect(html).toMatch(/<a href="\/media\/episodes\/audio\/pivot0123456789abc.mp3#t=65"[^>]*>The call<\/a>/);
  });

  it("shows numbering, date, duration, notes, guests with links, the transcript, share links and the previous episode", () => {
    expect(html).toContain("Season 1 · Episode 2");
    expect(html).toContain("Sep 11, 2025");
    expect(html).toContain("12:34");
    expect(html).toContain("<p>Links from the show.</p>");
    expect(html).toMatch(/<a href="https:\/\/example.com\/sam"[^>]*>Sam Rivera<\/a>/);
    expect(html).toContain("Today: pivots.");
    expect(html).toContain(
      "https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fsite.example%2Fpodcast%2Fthe-pivot",
    );
    expect(html).toMatch(/href="\/podcast\/first"[^>]*>Previous episode: First/);
    expect(html).toContain('srcSet="/media/episodes/artwork/pivot0123456789abc.w384.webp 384w');
  });

  it("shows a lock and an upgrade link instead of the player when the visitor may not play a premium episode", () => {
    const locked = renderPage({
      episode: { ...episode, premium: true, audioUrl: null, publicAudioUrl: null, transcript: null },
      pageUrl: "https://site.example/podcast/the-pivot",
    });
    expect(locked).not.toContain("<audio");
    expect(locked).toContain("Premium episode");
    expect(locked).toMatch(/href="\/members\/upgrade"/);
    expect(locked).not.toContain("#t=");
  });

  it("tells a member an early-access episode's public date, and says nothing of it otherwise", () => {
    const early = renderPage({
      episode: { ...episode, earlyAccess: true },
      pageUrl: "https://site.example/podcast/the-pivot",
    });
    expect(early).toContain("Early access for members: public on Sep 11, 2025");
    expect(html).not.toContain("Early access");
  });

  it("says the episode is not found when there is none", () => {
    expect(renderPage({ episode: null, pageUrl: null })).toContain("Episode Not Found");
  });
});
