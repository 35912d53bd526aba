import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { PodcastEpisode } from "~/features/episodes/schema";
import type { Route } from "./+types/podcast";
import Podcast from "./podcast";

const trailer: PodcastEpisode = {
  id: 1,
  guid: "trailer",
  title: "Trailer: Welcome",
  description: "A first listen.",
  audioUrl: "/attached_assets/audio/trailer.mp3",
  publishDate: "2025-09-04T09:00:00.000Z",
  episodeNumber: null,
  episodeType: "trailer",
  duration: "0:12",
  durationSeconds: 12,
  imageUrl: null,
  guestName: null,
  spotifyUrl: null,
  youtubeUrl: null,
};

/** The page as the server renders it for the given loader data. */
function renderPage(loaderData: Route.ComponentProps["loaderData"]) {
  const props = { loaderData, params: {}, matches: [] } as unknown as Route.ComponentProps;
  return renderToStaticMarkup(createElement(MemoryRouter, null, createElement(Podcast, props)));
}

describe("the podcast page", () => {
  it("shows the First Episode Coming Soon panel and no player when there is no episode", () => {
    const html = renderPage({ trailer: null });
    expect(html).toContain("First Episode Coming Soon");
    expect(html).not.toContain("<audio");
  });

  it("shows the trailer card instead when there is one", () => {
    const html = renderPage({ trailer });
    expect(html).not.toContain("First Episode Coming Soon");
    expect(html).toContain("Trailer: Welcome");
    expect(html).toMatch(/<audio[^>]*preload="none"[^>]*src="\/attached_assets\/audio\/trailer.mp3"/);
    expect(html).toContain("Sep 4, 2025");
    expect(html).toContain("0:12");
  });
});
