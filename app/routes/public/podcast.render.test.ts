import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { EpisodeListItem, FeaturedEpisode } from "~/features/episodes/schema";
import { defaultArtwork, defaultSiteSettings } from "~/lib/site-config";
import type { Route } from "./+types/podcast";
import Podcast from "./podcast";

const trailer: FeaturedEpisode = {
  id: 1,
  guid: "trailer",
  slug: "trailer-welcome",
  title: "Trailer: Welcome",
  description: "A first listen.",
  audioUrl: "/media/episodes/audio/trailer0123456789abc.mp3",
  publishDate: "2025-09-04T09:00:00.000Z",
  episodeNumber: null,
  episodeType: "trailer",
  duration: "0:12",
  durationSeconds: 12,
  imageUrl: null,
  guestName: null,
  spotifyUrl: null,
  youtubeUrl: null,
  chapters: [],
};

const emptyList = { episodes: [], page: 1, hasPrevious: false, hasNext: false };

const listItem = (id: number, overrides: Partial<EpisodeListItem> = {}): EpisodeListItem => ({
  earlyAccess: false,
  id,
  slug: `episode-${id}`,
  title: `Episode ${id}`,
  description: `About episode ${id}.`,
  publishDate: "2025-09-11T09:00:00.000Z",
  durationSeconds: 65,
  seasonNumber: 1,
  episodeNumber: id,
  episodeType: "full",
  premium: false,
  ...overrides,
});

/** What the page reads from the root loader: the show's settings as a fresh site has them. */
const rootData = { settings: { ...defaultSiteSettings, artwork: defaultArtwork } };

/** The page as the server renders it for the given loader data, under a root route that answers `rootData`. */
function renderPage(loaderData: Route.ComponentProps["loaderData"]) {
  const props = { loaderData, params: {}, matches: [] } as unknown as Route.ComponentProps;
  const router = createMemoryRouter(
    [{ id: "root", path: "/", loader: () => rootData, element: createElement(Podcast, props) }],
    { hydrationData: { loaderData: { root: rootData } } },
  );
  return renderToStaticMarkup(createElement(RouterProvider, { router }));
}

describe("the podcast page", () => {
  it("shows the First Episode Coming Soon panel and no player when there is no episode", () => {
    const html = renderPage({ trailer: null, list: emptyList });
    expect(html).toContain("First Episode Coming Soon");
    expect(html).not.toContain("<audio");
  });

  it("shows the trailer card instead when there is one", () => {
    const html = renderPage({ trailer, list: emptyList });
    expect(html).not.toContain("First Episode Coming Soon");
    expect(html).toContain("Trailer: Welcome");
    expect(html).toMatch(/<audio[^>]*preload="none"[^>]*src="\/media\/episodes\/audio\/trailer0123456789abc.mp3"/);
    expect(html).toContain("Sep 4, 2025");
    expect(html).toContain("0:12");
  });

  it("lists the trailer's chapters under In this episode, and nothing when it has none", () => {
    const withChapters = renderPage({
      trailer: {
        ...trailer,
        chapters: [
          { startSeconds: 0, title: "Welcome" },
          { startSeconds: 65, title: "The call" },
        ],
      },
      list: emptyList,
    });
    expect(withChapters).toContain("In this episode");
    expect(withChapters).toContain('<time dateTime="PT0S" class="tabular-nums">0:00</time><span>Welcome</span>');
    expect(withChapters).toContain('<time dateTime="PT1M5S" class="tabular-nums">1:05</time><span>The call</span>');
    expect(renderPage({ trailer, list: emptyList })).not.toContain("In this episode");
  });

  it("links the trailer card's title to the episode page", () => {
    const html = renderPage({ trailer, list: emptyList });
    expect(html).toContain('href="/podcast/trailer-welcome"');
  });

  it("lists the episodes, each linking to its page, premium ones with a lock, and pages with plain links", () => {
    const list = {
      episodes: [listItem(3, { premium: true, title: "Members Only" }), listItem(2)],
      page: 2,
      hasPrevious: true,
      hasNext: true,
    };
    const html = renderPage({ trailer, list });
    expect(html).toContain('href="/podcast/episode-3"');
    expect(html).toContain('href="/podcast/episode-2"');
    expect(html).toMatch(/Members Only<\/a>.*Premium/s);
    expect(html.match(/Premium/g)).toHaveLength(1);
    expect(html).toContain("Season 1 · Episode 2");
    expect(html).toMatch(/<a[^>]*href="\/podcast"[^>]*>Newer episodes/);
    expect(html).toMatch(/<a[^>]*href="\/podcast\?page=3"[^>]*>Older episodes/);
  });
});
