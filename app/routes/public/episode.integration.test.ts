import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeContext } from "#tests/setup/call-route";
import { insertEpisodes, publicEpisode } from "#tests/setup/episode-fixtures";
import { openTestMediaStorage, type TestMediaStorage } from "#tests/setup/media-storages";
import { signInMember } from "#tests/setup/sessions";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { episodeSlugRedirects } from "~/db/schema";
import type { EpisodePageData } from "~/features/episodes/schema";
import { newMediaKey, renditionKey } from "~/lib/media/media-key";
import { getSiteSettings } from "~/lib/site-settings.server";
import { loader, meta } from "./episode";
import { loader as chaptersLoader } from "./episode-chapters";
import { loader as feedLoader } from "./podcast-feed";

const SITE_URL = "https://www.disruptionconfessional.example";

/** Show notes stored by other means than the editor (an import, a hand edit), which the save never sanitised. */
const UNSAFE_SHOW_NOTES =
  '<p onclick="steal()">Links <script>steal()</script><a href="javascript:steal()">here</a></p>' +
  '<img src="x" onerror="steal()"><iframe src="https://evil.example"></iframe><style>p{}</style>';

let database: TestDatabase;
let media: TestMediaStorage;
const transcriptKey = newMediaKey("episodes/transcripts", "vtt");
const artworkKey = newMediaKey("episodes/artwork", "png");

beforeAll(async () => {
  database = await createTestDatabase();
  media = await openTestMediaStorage("disk");
  await media.storage.put(
    transcriptKey,
    Readable.from([
      Buffer.from(
        "WEBVTT\n\n00:00.000 --> 00:04.000\n<v Alex>Welcome back.\n\n00:04.000 --> 00:08.500\nToday: pivots.\n",
      ),
    ]),
  );
  const [, pivotId] = await insertEpisodes(database.db, [
    publicEpisode({ guid: "first", title: "First", publishDate: new Date("2025-09-04T09:00:00Z") }),
    publicEpisode({
      guid: "pivot",
      slug: "the-pivot",
      title: "The Pivot",
      description: "A founder on a pivot.",
      publishDate: new Date("2025-09-11T09:00:00Z"),
      seasonNumber: 1,
      episodeNumber: 2,
      durationSeconds: 754,
      showNotesHtml: "<p>Links from the show.</p>",
      transcriptKey,
      artworkKey,
      artworkRenditions: [
        { key: renditionKey(artworkKey, 384), width: 384, height: 384 },
        { key: renditionKey(artworkKey, 768), width: 768, height: 768 },
      ],
      chapters: [
        { startSeconds: 65, title: "The call", url: "https://example.com/call" },
        { startSeconds: 0, title: "Welcome" },
      ],
      guests: [{ name: "Sam Rivera", role: "Founder", link: "https://example.com/sam" }, { name: "Priya" }],
    }),
    publicEpisode({ guid: "draft", title: "Draft", status: "draft", publishDate: new Date("2025-09-12T09:00:00Z") }),
    publicEpisode({ guid: "premium", title: "Members", premium: true, publishDate: new Date("2025-09-18T09:00:00Z") }),
    publicEpisode({
      guid: "later",
      title: "Later",
      status: "scheduled",
      publishDate: new Date(Date.now() + 3_600_000),
      chapters: [{ startSeconds: 0, title: "Soon" }],
    }),
    publicEpisode({ guid: "gone", title: "Gone", status: "unpublished" }),
    publicEpisode({
      guid: "unsafe-notes",
      title: "Unsafe Notes",
      publishDate: new Date("2025-08-01T09:00:00Z"),
      showNotesHtml: UNSAFE_SHOW_NOTES,
    }),
  ]);
  await database.db.insert(episodeSlugRedirects).values({ slug: "the-old-pivot", episodeId: pivotId });
}, 30_000);
afterAll(async () => {
  await media?.close();
  await database?.close();
});

async function load(slug: string, headers: Record<string, string> = {}) {
  try {
    const result = await loader({
      request: new Request(`http://localhost/podcast/${slug}`, { headers }),
      params: { slug },
      context: routeContext(database.db, { media: media.storage, env: { SITE_URL } }),
    } as never);
    if ("init" in result && "data" in result) {
      return { status: result.init?.status ?? 200, data: result.data as { episode: EpisodePageData | null } };
    }
    return { status: 200, data: result as { episode: EpisodePageData; pageUrl: string } };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") };
    throw thrown;
  }
}

const audioUrlOf = (reply: Awaited<ReturnType<typeof load>>) =>
  (reply.data?.episode as EpisodePageData | undefined)?.audioUrl;

async function getChapters(slug: string) {
  const response: Response = await chaptersLoader({
    request: new Request(`http://localhost/podcast/${slug}/chapters.json`),
    params: { slug },
    context: routeContext(database.db),
  } as never);
  return { status: response.status, type: response.headers.get("Content-Type"), text: await response.text() };
}

describe("the episode page's loader", () => {
  it("gives everything the page shows: numbering, player, notes, chapters in order, guests, transcript, neighbours", async () => {
    const reply = await load("the-pivot");
    expect(reply.status).toBe(200);
    const { episode } = reply.data as { episode: EpisodePageData };
    expect(episode).toMatchObject({
      title: "The Pivot",
      seasonNumber: 1,
      episodeNumber: 2,
      durationSeconds: 754,
      publishDate: "2025-09-11T09:00:00.000Z",
      audioUrl: expect.stringMatching(/^\/media\/episodes\/audio\/.+\.mp3$/),
      showNotesHtml: "<p>Links from the show.</p>",
      chapters: [
        { startSeconds: 0, title: "Welcome", url: null },
        { startSeconds: 65, title: "The call", url: "https://example.com/call" },
      ],
      guests: [
        { name: "Sam Rivera", role: "Founder", link: "https://example.com/sam" },
        { name: "Priya", role: null, link: null },
      ],
      transcript: [
        { start: 0, text: "Welcome back." },
        { start: 4, text: "Today: pivots." },
      ],
      artwork: {
        url: `/media/${artworkKey}`,
        renditions: [
          { url: `/media/${renditionKey(artworkKey, 384)}`, width: 384, height: 384 },
          { url: `/media/${renditionKey(artworkKey, 768)}`, width: 768, height: 768 },
        ],
      },
      previous: { slug: "first", title: "First" },
      next: { slug: "premium", title: "Members" },
    });
  });

  it("answers 301 from a slug the episode had before to its current page", async () => {
    expect(await load("the-old-pivot")).toEqual({ status: 301, location: "/podcast/the-pivot" });
  });

  it("answers 404 for an unknown slug and for a draft, unpublished or future episode", async () => {
    for (const slug of ["no-such-episode", "draft", "gone", "later"]) {
      expect({ slug, status: (await load(slug)).status }).toEqual({ slug, status: 404 });
    }
  });

  it("shows a premium episode with a lock and no audio, and with its audio to a premium member", async () => {
    const anonymous = await load("premium");
    expect(anonymous.status).toBe(200);
    expect(audioUrlOf(anonymous)).toBeNull();
    const free = await signInMember(database.db, "free");
    expect(audioUrlOf(await load("premium", { cookie: free.cookie }))).toBeNull();
    const premium = await signInMember(database.db, "premium");
    const member = await load("premium", { cookie: premium.cookie });
    expect(audioUrlOf(member)).toMatch(/^\/media\/episodes\/audio\//);
  });
});

describe("show notes stored unsafe", () => {
  it("reach neither the page nor the feed: they are sanitised again when read", async () => {
    const reply = await load("unsafe-notes");
    const { episode } = reply.data as { episode: EpisodePageData };
    expect(episode.showNotesHtml).toBe('<p>Links <a rel="noopener noreferrer">here</a></p><img src="x" />');
    const feed = await (
      await feedLoader({
        request: new Request("http://localhost/podcast.xml"),
        params: {},
        context: routeContext(database.db),
      } as never)
    ).text();
    expect(feed).toContain("<title>Unsafe Notes</title>");
    for (const unsafe of ["steal()", "<script", "onclick", "onerror", "javascript:", "<iframe", "<style"]) {
      expect(JSON.stringify(reply.data)).not.toContain(unsafe);
      expect(feed).not.toContain(unsafe);
    }
  });
});

describe("the episode page's head", () => {
  it("has its title, description, canonical URL, og:audio and a PodcastEpisode with media, series and guests", async () => {
    const reply = await load("the-pivot");
    const tags = meta({
      loaderData: reply.data,
      location: { pathname: "/podcast/the-pivot" },
      // What the root loader gives every page: the address and the show's settings.
      matches: [{ id: "root", loaderData: { siteUrl: SITE_URL, settings: await getSiteSettings(database.db) } }],
    } as never) as Record<string, unknown>[];
    const episode = reply.data?.episode as EpisodePageData;
    expect(tags).toContainEqual({ title: "The Pivot | The Disruption Confessional" });
    expect(tags).toContainEqual({ name: "description", content: "A founder on a pivot." });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: `${SITE_URL}/podcast/the-pivot` });
    expect(tags).toContainEqual({ property: "og:audio", content: `${SITE_URL}${episode.audioUrl}` });
    expect(tags).toContainEqual({
      property: "og:image",
      content: `${SITE_URL}/media/${renditionKey(artworkKey, 768)}`,
    });
    const jsonLd = tags.flatMap((tag) => ("script:ld+json" in tag ? [tag["script:ld+json"]] : []));
    expect(jsonLd[0]).toMatchObject({
      "@type": "PodcastEpisode",
      name: "The Pivot",
      url: `${SITE_URL}/podcast/the-pivot`,
      timeRequired: "PT12M34S",
      associatedMedia: { "@type": "AudioObject", contentUrl: `${SITE_URL}${episode.audioUrl}` },
      partOfSeries: { "@type": "PodcastSeries", name: "The Disruption Confessional" },
      actor: [
        { "@type": "Person", name: "Sam Rivera" },
        { "@type": "Person", name: "Priya" },
      ],
    });
  });
});

describe("GET /podcast/{slug}/chapters.json", () => {
  it("answers the chapters as a Podcasting 2.0 JSON chapters document, in order", async () => {
    const reply = await getChapters("the-pivot");
    expect(reply.status).toBe(200);
    expect(reply.type).toBe("application/json+chapters");
    expect(JSON.parse(reply.text)).toEqual({
      version: "1.2.0",
      chapters: [
        { startTime: 0, title: "Welcome" },
        { startTime: 65, title: "The call", url: "https://example.com/call" },
      ],
    });
  });

  it("answers 404 for an episode without chapters, or one that is not public", async () => {
    for (const slug of ["first", "later", "no-such-episode"]) {
      expect({ slug, status: (await getChapters(slug)).status }).toEqual({ slug, status: 404 });
    }
  });
});
