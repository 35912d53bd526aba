import { createReadStream, readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { callApi } from "#tests/setup/call-api";
import { callRoute, type RouteHandler, routeContext } from "#tests/setup/call-route";
import { insertEpisodes, publicEpisode } from "#tests/setup/episode-fixtures";
import { openTestMediaStorage, type TestMediaStorage } from "#tests/setup/media-storages";
import { signInMember, signInOwner, type TestMember } from "#tests/setup/sessions";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { downloadDays } from "~/db/schema";
import { countDownloads } from "~/features/analytics/count-downloads.server";
import { flushAudioRequests } from "~/features/analytics/request-buffer.server";
import { newMediaKey } from "~/lib/media/media-key";
import * as episodePage from "../public/episode";
import * as mediaRoute from "../public/media";
import * as podcastPage from "../public/podcast";
import * as publicFeed from "../public/podcast-feed";
import * as privateFeed from "./private-feed";
import * as feedPart from "./private-feed-part";

const AUDIO_FIXTURE = "tests/fixtures/media/tone-cbr.mp3";
const SIZE = readFileSync(AUDIO_FIXTURE).length;
const HOUR = 3_600_000;

let database: TestDatabase;
let media: TestMediaStorage;
let owner: string;
const ids: Record<"published" | "premium" | "early" | "earlyPremium" | "later", number> = {
  published: 0,
  premium: 0,
  early: 0,
  earlyPremium: 0,
  later: 0,
};
const keys = {
  published: newMediaKey("episodes/audio", "mp3"),
  premium: newMediaKey("episodes/audio", "mp3"),
  early: newMediaKey("episodes/audio", "mp3"),
  earlyPremium: newMediaKey("episodes/audio", "mp3"),
  later: newMediaKey("episodes/audio", "mp3"),
};

beforeAll(async () => {
  database = await createTestDatabase();
  media = await openTestMediaStorage("disk");
  owner = await signInOwner(database.db);
  for (const key of Object.values(keys)) await media.storage.put(key, createReadStream(AUDIO_FIXTURE));
  const soon = new Date(Date.now() + 24 * HOUR);
  const opened = new Date(Date.now() - HOUR);
  const scheduled = { status: "scheduled", publishDate: soon, firstPublishedAt: soon } as const;
  [ids.published, ids.premium, ids.early, ids.earlyPremium, ids.later] = await insertEpisodes(database.db, [
    publicEpisode({ guid: "published", title: "Published", audioKey: keys.published }),
    publicEpisode({ guid: "premium", title: "Premium", audioKey: keys.premium, premium: true }),
    publicEpisode({ guid: "early", title: "Early", audioKey: keys.early, ...scheduled, earlyAccessAt: opened }),
    publicEpisode({
      guid: "early-premium",
      title: "Early Premium",
      audioKey: keys.earlyPremium,
      premium: true,
      ...scheduled,
      earlyAccessAt: opened,
    }),
    publicEpisode({ guid: "later", title: "Later", audioKey: keys.later, ...scheduled }),
  ]);
}, 30_000);
afterAll(async () => {
  await media?.close();
  await database?.close();
});

const request = (path: string, init: { cookie?: string; method?: string; headers?: Record<string, string> } = {}) =>
  new Request(`http://localhost${path}`, {
    method: init.method ?? "GET",
    headers: { ...(init.cookie ? { cookie: init.cookie } : {}), ...init.headers },
  });

/** The member's private feed address from GET /api/members/feed, and its token. */
async function feedOf(member: TestMember, method = "GET") {
  const reply = await callApi(database.db, request("/api/members/feed", { cookie: member.cookie, method }));
  expect(reply.status).toBe(200);
  const feedUrl = (reply.body as { data: { feedUrl: string } }).data.feedUrl;
  const token = /\/feeds\/([A-Za-z0-9_-]{43})\.xml$/.exec(feedUrl)?.[1];
  expect(token).toBeDefined();
  return token as string;
}

async function call(handler: RouteHandler, path: string, params: Record<string, string>, init = {}, clientIp?: string) {
  const response = (await handler({
    request: request(path, init),
    params,
    context: routeContext(database.db, { media: media.storage, ...(clientIp && { clientIp }) }),
  })) as Response;
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const fetchFeed = (token: string, clientIp?: string) =>
  call(privateFeed.loader, `/feeds/${token}.xml`, { file: `${token}.xml` }, {}, clientIp);
const fetchAudio = (token: string, episodeId: number, headers: Record<string, string> = {}) =>
  call(
    feedPart.loader,
    `/feeds/${token}/audio/${episodeId}`,
    { token, part: "audio", episodeId: String(episodeId) },
    { headers },
  );

const titlesIn = (xml: string) => [...xml.matchAll(/<item>\s*<title>([^<]*)<\/title>/g)].map((match) => match[1]);

describe("GET /api/members/feed and the private feed", () => {
  it("gives a Free member no feed (403)", async () => {
    const member = await signInMember(database.db, "free");
    const reply = await callApi(database.db, request("/api/members/feed", { cookie: member.cookie }));
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ success: false, message: "A Basic or Premium membership is required for this feed" });
  });

  it("carries, for Basic, the public free episodes and the free ones in early access, never premium or later ones", async () => {
    const member = await signInMember(database.db, "basic");
    const token = await feedOf(member);
    expect(await feedOf(member)).toBe(token);
    const feed = await fetchFeed(token);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    expect(feed.headers.get("cache-control")).toBe("private, no-cache");
    expect(titlesIn(feed.text).sort()).toEqual(["Early", "Published"]);
    expect(feed.text).toContain("<itunes:block>Yes</itunes:block>");
    expect(feed.text).toContain(`url="http://localhost:5000/feeds/${token}/audio/${ids.early}"`);
  });

  it("carries, for Premium, premium episodes and premium early access too", async () => {
    const member = await signInMember(database.db, "premium");
    const feed = await fetchFeed(await feedOf(member));
    expect(titlesIn(feed.text).sort()).toEqual(["Early", "Early Premium", "Premium", "Published"]);
  });

  it("serves an enclosure with byte ranges, and refuses premium audio to Basic (403) and other episodes (404)", async () => {
    const member = await signInMember(database.db, "basic");
    const token = await feedOf(member);
    const whole = await fetchAudio(token, ids.early);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("cache-control")).toBe("private, no-store, no-transform");
    const range = await fetchAudio(token, ids.early, { Range: "bytes=0-99" });
    expect(range.status).toBe(206);
    expect(range.headers.get("content-range")).toBe(`bytes 0-99/${SIZE}`);
    expect((await fetchAudio(token, ids.premium)).status).toBe(403);
    expect((await fetchAudio(token, ids.later)).status).toBe(404);
    expect((await fetchAudio(token, 999_999)).status).toBe(404);
  });

  it("serves an item's other parts under the token as the access rule answers, and nothing under other names", async () => {
    const member = await signInMember(database.db, "basic");
    const token = await feedOf(member);
    const part = (name: string, episodeId: number) =>
      call(feedPart.loader, `/feeds/${token}/${name}/${episodeId}`, {
        token,
        part: name,
        episodeId: String(episodeId),
      });
    // The fixtures have no transcript, artwork or chapters: the premium episode's are refused before that is said.
    expect((await part("transcript", ids.premium)).status).toBe(403);
    expect((await part("transcript", ids.early)).status).toBe(404);
    expect((await part("chapters", ids.later)).status).toBe(404);
    const unknown = await part("secrets", ids.published);
    expect(unknown.status).toBe(404);
    expect(unknown.text).toBe("Not found");
  });

  it("stops premium items at once when the owner sets a Premium member to Basic, and everything at Free", async () => {
    const member = await signInMember(database.db, "premium");
    const token = await feedOf(member);
    expect((await fetchAudio(token, ids.premium)).status).toBe(200);
    const setTier = (membershipTier: string) =>
      callApi(
        database.db,
        new Request(`http://localhost/api/admin/members/${member.id}`, {
          method: "PATCH",
          headers: { cookie: owner, "content-type": "application/json" },
          body: JSON.stringify({ membershipTier }),
        }),
      );
    await setTier("basic");
    expect(titlesIn((await fetchFeed(token)).text).sort()).toEqual(["Early", "Published"]);
    expect((await fetchAudio(token, ids.premium)).status).toBe(403);
    expect((await fetchAudio(token, ids.earlyPremium)).status).toBe(403);
    await setTier("free");
    const refused = await fetchFeed(token);
    expect(refused.status).toBe(403);
    expect(refused.text).toBe("A Basic or Premium membership is required for this feed");
    expect((await fetchAudio(token, ids.published)).status).toBe(403);
  });

  it("regenerating gives a new address; the old one answers 404 at once", async () => {
    const member = await signInMember(database.db, "basic");
    const old = await feedOf(member);
    const fresh = await feedOf(member, "POST");
    expect(fresh).not.toBe(old);
    expect((await fetchFeed(old)).status).toBe(404);
    expect((await fetchAudio(old, ids.published)).status).toBe(404);
    expect((await fetchFeed(fresh)).status).toBe(200);
    expect(await feedOf(member)).toBe(fresh);
  });

  it("answers 404 to a tampered or malformed token", async () => {
    const member = await signInMember(database.db, "premium");
    const token = await feedOf(member);
    const tampered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect((await fetchFeed(tampered)).status).toBe(404);
    expect((await call(privateFeed.loader, "/feeds/short.xml", { file: "short.xml" })).status).toBe(404);
    expect((await call(privateFeed.loader, `/feeds/${token}`, { file: token })).status).toBe(404);
  });

  it("flags a feed fetched from ten addresses in a day on the owner's Members screen, not one from nine", async () => {
    const shared = await signInMember(database.db, "premium", { email: "shared-feed@example.com" });
    const household = await signInMember(database.db, "premium", { email: "household-feed@example.com" });
    const sharedToken = await feedOf(shared);
    const householdToken = await feedOf(household);
    for (let index = 0; index < 10; index += 1) {
      await fetchFeed(sharedToken, `203.0.113.${index}`);
      await fetchFeed(sharedToken, `203.0.113.${index}`);
      if (index < 9) await fetchFeed(householdToken, `198.51.100.${index}`);
    }
    const list = await callApi(database.db, request("/api/admin/members?q=-feed@example.com", { cookie: owner }));
    const flags = Object.fromEntries(
      (list.body as { data: { email: string; sharedFeedAddresses: number | null }[] }).data.map((row) => [
        row.email,
        row.sharedFeedAddresses,
      ]),
    );
    expect(flags).toEqual({ "shared-feed@example.com": 10, "household-feed@example.com": null });
  });
});

describe("early access", () => {
  const page = (slug: string, cookie?: string) =>
    callRoute(episodePage.loader, database.db, request(`/podcast/${slug}`, { cookie }), { params: { slug } });
  const audioUrlOf = (body: unknown) => (body as { episode: { audioUrl: string | null } | null }).episode?.audioUrl;

  it("shows an episode in early access to Basic and Premium members only, with its audio", async () => {
    expect((await page("early")).status).toBe(404);
    expect((await page("early", (await signInMember(database.db, "free")).cookie)).status).toBe(404);
    const basic = await page("early", (await signInMember(database.db, "basic")).cookie);
    expect(basic.status).toBe(200);
    expect(audioUrlOf(basic.body)).toBe(`/media/${keys.early}`);
    expect(basic.body).toMatchObject({ episode: { earlyAccess: true } });
    expect((await page("published")).body).toMatchObject({ episode: { earlyAccess: false } });
    expect((await page("later", (await signInMember(database.db, "premium")).cookie)).status).toBe(404);
  });

  it("lists episodes in early access on /podcast for Basic and Premium members only, marked", async () => {
    const podcastFor = async (cookie?: string) => {
      const reply = await callRoute(podcastPage.loader, database.db, request("/podcast", { cookie }));
      const { list } = reply.body as { list: { episodes: { slug: string; earlyAccess: boolean }[] } };
      return Object.fromEntries(list.episodes.map((episode) => [episode.slug, episode.earlyAccess]));
    };
    // The newest free episode is the trailer card, outside the list.
    expect(await podcastFor()).toEqual({ premium: false });
    expect(await podcastFor((await signInMember(database.db, "free")).cookie)).toEqual({ premium: false });
    expect(await podcastFor((await signInMember(database.db, "basic")).cookie)).toEqual({
      premium: false,
      early: true,
      "early-premium": true,
    });
  });

  it("keeps a premium episode's early audio for Premium members", async () => {
    const basic = await page("early-premium", (await signInMember(database.db, "basic")).cookie);
    expect(basic.status).toBe(200);
    expect(audioUrlOf(basic.body)).toBeNull();
    const premium = await page("early-premium", (await signInMember(database.db, "premium")).cookie);
    expect(audioUrlOf(premium.body)).toBe(`/media/${keys.earlyPremium}`);
  });

  it("serves early audio from /media to paying members only, privately", async () => {
    const fetchMedia = (key: string, cookie?: string) =>
      call(mediaRoute.loader, `/media/${key}`, { "*": key }, { cookie });
    expect((await fetchMedia(keys.early)).status).toBe(404);
    expect((await fetchMedia(keys.early, (await signInMember(database.db, "free")).cookie)).status).toBe(404);
    const basic = await fetchMedia(keys.early, (await signInMember(database.db, "basic")).cookie);
    expect(basic.status).toBe(200);
    expect(basic.headers.get("cache-control")).toBe("private, no-store, no-transform");
    expect((await fetchMedia(keys.earlyPremium, (await signInMember(database.db, "basic")).cookie)).status).toBe(403);
  });

  it("leaves early-access episodes out of the public feed", async () => {
    const feed = await call(publicFeed.loader, "/podcast.xml", {});
    expect(titlesIn(feed.text)).toEqual(["Published"]);
  });

  it("refuses an early-access date that is not before the publish date, naming the field", async () => {
    const publishDate = new Date(Date.now() + 48 * HOUR).toISOString();
    const answer = await callApi(
      database.db,
      new Request("http://localhost/api/admin/episodes", {
        method: "POST",
        headers: { cookie: owner, "content-type": "application/json" },
        body: JSON.stringify({ title: "Too late", publishDate, earlyAccessAt: publishDate, chapters: [], guests: [] }),
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      message: "Choose an early-access date before the publish date, or leave it empty.",
      errors: { earlyAccessAt: ["Choose an early-access date before the publish date, or leave it empty."] },
    });
  });
});

describe("downloads of the audio each address serves", () => {
  const OVERCAST = { "User-Agent": "Overcast/3.0 (+http://overcast.fm/; iOS podcast app)" };
  /** The episode's daily rows once the requests handed over are written and a counting pass has run, as the server's would. */
  const countedFor = async (episodeId: number) => {
    await flushAudioRequests(database.db);
    await countDownloads({ db: database.db, media: media.storage });
    return database.db
      .select({ access: downloadDays.access, app: downloadDays.app, downloads: downloadDays.downloads })
      .from(downloadDays)
      .where(eq(downloadDays.episodeId, episodeId));
  };

  it("counts the private feed's audio as premium and the public episode's /media/ audio as public", async () => {
    const member = await signInMember(database.db, "basic");
    expect((await fetchAudio(await feedOf(member), ids.early, OVERCAST)).status).toBe(200);
    await vi.waitFor(async () =>
      expect(await countedFor(ids.early)).toEqual([{ access: "premium", app: "Overcast", downloads: 1 }]),
    );
    const key = keys.published;
    const served = await call(mediaRoute.loader, `/media/${key}`, { "*": key }, { headers: OVERCAST });
    expect(served.status).toBe(200);
    await vi.waitFor(async () =>
      expect(await countedFor(ids.published)).toEqual([{ access: "public", app: "Overcast", downloads: 1 }]),
    );
  });
});
