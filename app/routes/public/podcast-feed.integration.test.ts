import fs, { createReadStream } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { parseRssFeed } from "feedsmith";
import { parseFeed } from "podcast-partytime";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { routeContext } from "#tests/setup/call-route";
import { fakeMediaKey, insertEpisodes, publicEpisode, sampleEpisodeFixtures } from "#tests/setup/episode-fixtures";
import { MEDIA_BACKENDS, openTestMediaStorage, type TestMediaStorage } from "#tests/setup/media-storages";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { samplePodcastEpisodes } from "~/db/sample-content";
import { podcastEpisodes } from "~/db/schema";
import { newMediaKey } from "~/lib/media/media-key";
import { mediaLimits, type StoredUpload, storeUpload } from "~/lib/media/store-upload.server";
import { defaultArtwork, defaultSiteSettings } from "~/lib/site-config";
import { loader as mediaLoader } from "./media";
import { loader } from "./podcast-feed";

const SITE_URL = "https://www.disruptionconfessional.example";
const UPDATED_AT = new Date("2025-10-02T08:30:15Z");

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function getFeed(headers: Record<string, string> = {}) {
  const request = new Request("http://localhost/podcast.xml", { headers });
  const response = await loader({
    request,
    params: {},
    context: routeContext(database.db, { env: { SITE_URL } }),
  } as never);
  return { status: response.status, headers: response.headers, xml: await response.text() };
}

const [trailer, episodeOne, episodeTwo, premiumEpisode] = samplePodcastEpisodes;
const audioUrlOf = (episode: { slug: string }) =>
  `${SITE_URL}/media/${fakeMediaKey("episodes/audio", episode.slug, "mp3")}`;
const pageUrlOf = (episode: { slug: string }) => `${SITE_URL}/podcast/${episode.slug}`;

/** Width and height of a PNG or baseline/progressive JPEG, read from the file's header. */
function imageSize(file: Buffer): { format: "png" | "jpeg"; width: number; height: number } {
  if (file.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { format: "png", width: file.readUInt32BE(16), height: file.readUInt32BE(20) };
  }
  if (file[0] !== 0xff || file[1] !== 0xd8) throw new Error("Neither PNG nor JPEG");
  let offset = 2;
  while (offset < file.length) {
    const marker = file[offset + 1];
    const isStartOfFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isStartOfFrame)
      return { format: "jpeg", height: file.readUInt16BE(offset + 5), width: file.readUInt16BE(offset + 7) };
    offset += 2 + file.readUInt16BE(offset + 2);
  }
  throw new Error("JPEG without a frame header");
}

describe("GET /podcast.xml with the sample episodes", () => {
  beforeAll(async () => {
    await database.db.delete(podcastEpisodes);
    await insertEpisodes(database.db, [
      ...sampleEpisodeFixtures().map((episode) => ({ ...episode, updatedAt: new Date("2025-09-20T00:00:00Z") })),
      publicEpisode({
        guid: "scheduled-episode",
        title: "Episode 3: Not Out Yet",
        status: "scheduled",
        publishDate: new Date(Date.now() + 7 * 24 * 3600 * 1000),
        updatedAt: new Date("2025-09-20T00:00:00Z"),
      }),
      publicEpisode({
        guid: "withdrawn-episode",
        title: "Withdrawn Episode",
        status: "unpublished",
        publishDate: new Date("2025-09-01T09:00:00Z"),
      }),
      publicEpisode({ guid: "draft-episode", title: "Draft Episode", status: "draft" }),
    ]);
    await database.db
      .update(podcastEpisodes)
      .set({ updatedAt: UPDATED_AT })
      .where(eq(podcastEpisodes.guid, episodeOne.guid));
  });

  it("answers RSS in UTF-8 with the four namespaces", async () => {
    const reply = await getFeed();
    expect(reply.status).toBe(200);
    expect(reply.headers.get("Content-Type")).toBe("application/rss+xml; charset=utf-8");
    expect(reply.xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true);
    expect(reply.xml).toContain('xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"');
    expect(reply.xml).toContain('xmlns:podcast="https://podcastindex.org/namespace/1.0"');
    expect(reply.xml).toContain('xmlns:atom="http://www.w3.org/2005/Atom"');
    expect(reply.xml).toContain('xmlns:content="http://purl.org/rss/1.0/modules/content/"');
  });

  it("carries every channel tag, as Podcast Index's parser reads them", async () => {
    const feed = parseFeed((await getFeed()).xml);
    expect(feed).not.toBeNull();
    expect(feed).toMatchObject({
      title: "The Disruption Confessional",
      description: `<p>${defaultSiteSettings.description}</p>`,
      link: `${SITE_URL}/`,
      language: "en",
      itunesImage: `${SITE_URL}/images/podcast-artwork.jpg`,
      itunesCategory: ["Business > Entrepreneurship"],
      explicit: false,
      author: "Alex Morgan",
      owner: { name: "Alex Morgan", email: "podcast@disruptionconfessional.example" },
      itunesType: "episodic",
      copyright: "© 2025 The Disruption Confessional",
      pubsub: { self: `${SITE_URL}/podcast.xml` },
      guid: "742c99e1-d2b3-5ec0-a6b4-19527d7e0bb2",
      locked: true,
      podcastOwner: "podcast@disruptionconfessional.example",
      podcastPeople: [{ name: "Alex Morgan", role: "Host", group: "Cast" }],
      trailers: [
        {
          title: trailer.title,
          url: audioUrlOf(trailer),
          pubdate: new Date("2025-09-04T09:00:00Z"),
          type: "audio/mpeg",
          length: 48501,
        },
      ],
    });
  });

  it("carries every channel tag, as feedsmith reads them", async () => {
    const feed = parseRssFeed((await getFeed()).xml);
    expect(feed.atom?.links).toEqual([{ href: `${SITE_URL}/podcast.xml`, rel: "self", type: "application/rss+xml" }]);
    expect(feed.itunes).toEqual({
      image: `${SITE_URL}/images/podcast-artwork.jpg`,
      explicit: false,
      author: "Alex Morgan",
      type: "episodic",
      categories: [{ text: "Business", categories: [{ text: "Entrepreneurship" }] }],
      owner: { name: "Alex Morgan", email: "podcast@disruptionconfessional.example" },
    });
    expect(feed.podcast).toEqual({
      guid: "742c99e1-d2b3-5ec0-a6b4-19527d7e0bb2",
      locked: { value: true, owner: "podcast@disruptionconfessional.example" },
      persons: [{ display: "Alex Morgan", role: "host" }],
      trailers: [
        {
          display: trailer.title,
          url: audioUrlOf(trailer),
          pubDate: "Thu, 04 Sep 2025 09:00:00 GMT",
          length: 48501,
          type: "audio/mpeg",
        },
      ],
    });
    expect(feed.lastBuildDate).toBe(UPDATED_AT.toUTCString());
  });

  it("puts the channel description's HTML in CDATA, within 4000 bytes", async () => {
    const { xml } = await getFeed();
    const description = xml.match(/<channel>.*?<description>(.*?)<\/description>/s)?.[1] ?? "";
    expect(description).toBe(`<![CDATA[<p>${defaultSiteSettings.description}</p>]]>`);
    expect(Buffer.byteLength(description.slice("<![CDATA[".length, -"]]>".length))).toBeLessThanOrEqual(4000);
  });

  it("points itunes:image at a square JPEG or PNG of 1400 to 3000 pixels that exists", async () => {
    const feed = parseFeed((await getFeed()).xml);
    const artworkPath = new URL(feed?.itunesImage ?? "").pathname;
    const size = imageSize(fs.readFileSync(path.join("public", artworkPath)));
    expect(["jpeg", "png"]).toContain(size.format);
    expect(size.width).toBe(size.height);
    expect(size.width).toBeGreaterThanOrEqual(1400);
    expect(size.width).toBeLessThanOrEqual(3000);
    expect(defaultArtwork).toMatchObject({ width: size.width, height: size.height });
  });

  it("lists the published public episodes, newest first, without premium, scheduled, unpublished or draft ones", async () => {
    const { xml } = await getFeed();
    const feed = parseFeed(xml);
    expect(feed?.items.map((item) => item.guid)).toEqual([episodeTwo.guid, episodeOne.guid, trailer.guid]);
    expect(premiumEpisode.premium).toBe(true);
    expect(xml).not.toContain(premiumEpisode.guid);
    expect(xml).not.toContain(premiumEpisode.title);
    expect(xml).not.toContain("/members/");
    expect(xml).not.toContain("Not Out Yet");
    expect(xml).not.toContain("Withdrawn Episode");
    expect(xml).not.toContain("Draft Episode");
  });

  it("carries every item tag, as Podcast Index's parser reads them", async () => {
    const items = parseFeed((await getFeed()).xml)?.items ?? [];
    const artwork = `${SITE_URL}/images/podcast-artwork.jpg`;
    const transcriptUrl = `${SITE_URL}/media/${fakeMediaKey("episodes/transcripts", episodeOne.slug, "vtt")}`;
    expect(items[1]).toEqual({
      guid: episodeOne.guid,
      title: episodeOne.title,
      link: pageUrlOf(episodeOne),
      enclosure: { url: audioUrlOf(episodeOne), length: 48501, type: "audio/mpeg" },
      pubDate: new Date("2025-09-11T09:00:00Z"),
      description: `<p>${episodeOne.description}</p>`,
      content: `<p>${episodeOne.description}</p>`,
      duration: 12,
      explicit: false,
      itunesEpisodeType: "full",
      itunesEpisode: 1,
      itunesSeason: 1,
      itunesImage: artwork,
      image: artwork,
      podcastPeople: [
        { name: "Alex Morgan", role: "Host", group: "Cast" },
        { name: "Sam Rivera", role: "Guest", group: "Cast" },
      ],
      podcastTranscripts: [{ url: transcriptUrl, type: "text/vtt", language: "en" }],
      podcastChapters: { url: `${pageUrlOf(episodeOne)}/chapters.json`, type: "application/json+chapters" },
    });
    expect(items[2]).toMatchObject({ guid: trailer.guid, itunesEpisodeType: "trailer" });
    expect(items[2].itunesEpisode).toBeUndefined();
    expect(items[2].itunesSeason).toBeUndefined();
    expect(items[2].podcastPeople).toEqual([{ name: "Alex Morgan", role: "Host", group: "Cast" }]);
    expect(items[2].podcastTranscripts).toBeUndefined();
    expect(items[2].podcastChapters).toBeUndefined();
  });

  it("carries every item tag, as feedsmith reads them", async () => {
    const items = parseRssFeed((await getFeed()).xml).items ?? [];
    expect(items[0]).toEqual({
      title: episodeTwo.title,
      link: pageUrlOf(episodeTwo),
      description: `<p>${episodeTwo.description}</p>`,
      content: { encoded: `<p>${episodeTwo.description}</p>` },
      enclosures: [{ url: audioUrlOf(episodeTwo), length: 48501, type: "audio/mpeg" }],
      guid: { value: episodeTwo.guid, isPermaLink: false },
      pubDate: "Thu, 18 Sep 2025 09:00:00 GMT",
      itunes: {
        title: episodeTwo.title,
        duration: 12,
        image: `${SITE_URL}/images/podcast-artwork.jpg`,
        explicit: false,
        episode: 2,
        season: 1,
        episodeType: "full",
      },
      podcast: {
        persons: [
          { display: "Alex Morgan", role: "host" },
          { display: "Priya Natarajan", role: "guest" },
        ],
      },
    });
    expect(items[1].podcast).toMatchObject({
      transcripts: [
        {
          url: `${SITE_URL}/media/${fakeMediaKey("episodes/transcripts", episodeOne.slug, "vtt")}`,
          type: "text/vtt",
          language: "en",
        },
      ],
      chapters: { url: `${pageUrlOf(episodeOne)}/chapters.json`, type: "application/json+chapters" },
    });
  });

  it("sends an ETag and the latest change as Last-Modified", async () => {
    const reply = await getFeed();
    expect(reply.headers.get("ETag")).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(reply.headers.get("Last-Modified")).toBe("Thu, 02 Oct 2025 08:30:15 GMT");
    expect(reply.headers.get("Cache-Control")).toBe("public, max-age=300");
  });

  it("answers 304 without a body to a request whose If-None-Match or If-Modified-Since still holds", async () => {
    const etag = (await getFeed()).headers.get("ETag") ?? "";
    for (const headers of [
      { "If-None-Match": etag },
      { "If-None-Match": `"other", W/${etag}` },
      { "If-Modified-Since": "Thu, 02 Oct 2025 08:30:15 GMT" },
      { "If-Modified-Since": "Fri, 03 Oct 2025 00:00:00 GMT" },
    ] as Record<string, string>[]) {
      const reply = await getFeed(headers);
      expect({ headers, status: reply.status, body: reply.xml }).toEqual({ headers, status: 304, body: "" });
      expect(reply.headers.get("ETag")).toBe(etag);
      expect(reply.headers.get("Last-Modified")).toBe("Thu, 02 Oct 2025 08:30:15 GMT");
    }
  });

  it("answers 200 with the feed when the validators no longer hold", async () => {
    for (const headers of [
      { "If-None-Match": '"an-older-version"' },
      { "If-Modified-Since": "Thu, 02 Oct 2025 08:30:14 GMT" },
      { "If-Modified-Since": "not a date" },
      // If-None-Match decides when both are sent.
      { "If-None-Match": '"an-older-version"', "If-Modified-Since": "Fri, 03 Oct 2025 00:00:00 GMT" },
    ] as Record<string, string>[]) {
      const reply = await getFeed(headers);
      expect({ headers, status: reply.status }).toEqual({ headers, status: 200 });
      expect(reply.xml).toContain("<rss");
    }
  });
});

describe("GET /podcast.xml with unusual content", () => {
  beforeEach(async () => {
    await database.db.delete(podcastEpisodes);
  });

  it("escapes markup in episode text so that the parsed feed gives it back unchanged", async () => {
    await insertEpisodes(database.db, [
      publicEpisode({
        guid: "q&a-<1>",
        slug: "q-a-1",
        title: 'Q&A: "Fail fast" <and> ]]> everything after',
        description: "Profit & loss <b>not bold</b> ]]> the end",
        audioKey: "episodes/audio/q-a-0123456789abcdef.mp3",
        publishDate: new Date("2025-09-25T09:00:00Z"),
        guests: [{ name: "Ana & Bo", link: "https://example.com/?a=1&b=2" }],
      }),
    ]);
    const { xml } = await getFeed();
    const [item] = parseFeed(xml)?.items ?? [];
    expect(item).toMatchObject({
      guid: "q&a-<1>",
      title: 'Q&A: "Fail fast" <and> ]]> everything after',
      enclosure: { url: `${SITE_URL}/media/episodes/audio/q-a-0123456789abcdef.mp3`, length: 0, type: "audio/mpeg" },
    });
    // The description is HTML: the text's markup arrives escaped, to be shown as text.
    expect(parseRssFeed(xml).items?.[0].description).toBe(
      "<p>Profit &amp; loss &lt;b&gt;not bold&lt;/b&gt; ]]&gt; the end</p>",
    );
    expect(parseRssFeed(xml).items?.[0].podcast?.persons).toEqual([
      { display: "Alex Morgan", role: "host" },
      { display: "Ana & Bo", role: "guest", href: "https://example.com/?a=1&b=2" },
    ]);
  });

  it("is a valid empty channel, without Last-Modified, when no episode is published yet", async () => {
    const reply = await getFeed();
    expect(reply.status).toBe(200);
    expect(reply.headers.get("Last-Modified")).toBeNull();
    const feed = parseFeed(reply.xml);
    expect(feed?.title).toBe("The Disruption Confessional");
    expect(feed?.items).toEqual([]);
    expect(feed?.trailers).toBeUndefined();
  });
});

describe.each(MEDIA_BACKENDS)("GET /podcast.xml with uploaded media on %s", (backend) => {
  let media: TestMediaStorage;
  let audio: StoredUpload<"audio">;
  const artworkKey = newMediaKey("episodes/artwork", "png");

  beforeAll(async () => {
    media = await openTestMediaStorage(backend);
    audio = await storeUpload(
      media.storage,
      createReadStream("tests/fixtures/media/tone-cbr.mp3"),
      { kind: "audio", prefix: "episodes/audio" },
      mediaLimits({ MAX_AUDIO_MB: 500 }),
    );
    await database.db.delete(podcastEpisodes);
    await insertEpisodes(database.db, [
      publicEpisode({
        guid: "uploaded",
        slug: "uploaded",
        title: "Uploaded",
        audioKey: audio.key,
        audioLengthBytes: audio.size,
        audioMimeType: audio.contentType,
        durationSeconds: Math.round(audio.details.durationSeconds),
        explicit: true,
        artworkKey,
        guests: [{ name: "Sam Rivera", link: "https://example.com/sam" }, { name: "Priya Natarajan" }],
      }),
    ]);
  }, 30_000);
  afterAll(() => media?.close());

  /** The enclosure's bytes as the media route serves them, following S3's signed redirect. */
  async function servedBytes(url: string): Promise<number> {
    const key = new URL(url).pathname.replace(/^\/media\//, "");
    const response: Response = await mediaLoader({
      request: new Request(url),
      params: { "*": key },
      context: routeContext(database.db, { media: media.storage }),
    } as never);
    const final = response.status === 307 ? await fetch(response.headers.get("Location") as string) : response;
    expect(final.status).toBe(200);
    return (await final.arrayBuffer()).byteLength;
  }

  it("gives the enclosure the stored length, which is what the media route serves, as both parsers read it", async () => {
    const { xml } = await getFeed();
    const [partytimeItem] = parseFeed(xml)?.items ?? [];
    const [feedsmithItem] = parseRssFeed(xml).items ?? [];
    expect(partytimeItem.enclosure).toEqual({
      url: `${SITE_URL}/media/${audio.key}`,
      length: audio.size,
      type: "audio/mpeg",
    });
    expect(feedsmithItem.enclosures).toEqual([partytimeItem.enclosure]);
    expect(await servedBytes(partytimeItem.enclosure.url)).toBe(audio.size);
  });

  it("carries the episode's own artwork, explicit flag, and each guest with their link", async () => {
    const { xml } = await getFeed();
    const [item] = parseRssFeed(xml).items ?? [];
    expect(item.itunes).toMatchObject({ image: `${SITE_URL}/media/${artworkKey}`, explicit: true });
    expect(item.podcast?.persons).toEqual([
      { display: "Alex Morgan", role: "host" },
      { display: "Sam Rivera", role: "guest", href: "https://example.com/sam" },
      { display: "Priya Natarajan", role: "guest" },
    ]);
    expect(item.podcast?.transcripts).toBeUndefined();
    expect(item.podcast?.chapters).toBeUndefined();
  });
});
