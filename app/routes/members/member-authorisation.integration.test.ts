import { readFileSync } from "node:fs";
import { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, dispatchApi } from "#tests/setup/call-api";
import { callRoute, type RouteHandler, routeContext } from "#tests/setup/call-route";
import { insertEpisodes, publicEpisode } from "#tests/setup/episode-fixtures";
import { openTestMediaStorage, type TestMediaStorage } from "#tests/setup/media-storages";
import { signInMember, signInOwner } from "#tests/setup/sessions";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { sessions } from "~/db/schema";
import { newMediaKey, renditionKey } from "~/lib/media/media-key";
import { getSiteSettings } from "~/lib/site-settings.server";
import { api } from "~/routes/api/calls.server";
import * as privateFeed from "../feeds/private-feed";
import * as feedPart from "../feeds/private-feed-part";
import type { Route } from "../public/+types/episode";
import * as episodePage from "../public/episode";
import * as chaptersRoute from "../public/episode-chapters";
import * as mediaRoute from "../public/media";
import * as publicFeedRoute from "../public/podcast-feed";
import * as sitemapRoute from "../public/sitemap";
import * as dashboard from "./dashboard";
import * as events from "./events";
import * as guestApplications from "./guest-applications";
import * as premiumAudio from "./premium-audio";
import * as premiumContent from "./premium-content";
import * as profile from "./profile";
import * as resourceDownload from "./resource-download";
import * as resources from "./resources";
import * as upgrade from "./upgrade";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const VIEWERS = ["anonymous", "unknown token", "expired session", "owner only", "free", "basic", "premium"] as const;
type Viewer = (typeof VIEWERS)[number];

/** A Cookie header for the viewer, on a member of its own, so that a call that changes the member affects no other. */
async function cookieFor(viewer: Viewer): Promise<string | undefined> {
  const db = database.db;
  switch (viewer) {
    case "anonymous":
      return undefined;
    case "unknown token":
      return "sid=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
    case "owner only":
      return signInOwner(db);
    case "expired session": {
      const member = await signInMember(db, "premium");
      await db
        .update(sessions)
        .set({ expire: new Date(Date.now() - 1000) })
        .where(sql`${sessions.sess}->>'userId' = ${member.id}`);
      return member.cookie;
    }
    default:
      return (await signInMember(db, viewer)).cookie;
  }
}

type Reply = { status: number; location: string | null; body: unknown };

/** Calls a loader or action as React Router does, keeping file bodies unread and thrown guard answers. */
async function invoke(handler: RouteHandler, request: Request, params: Record<string, string>): Promise<Reply> {
  if (request.headers.get("accept") === "file") {
    let response: Response;
    try {
      response = (await handler({
        request,
        params,
        context: routeContext(database.db),
      })) as Response;
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown;
      response = thrown;
    }
    return { status: response.status, location: response.headers.get("location"), body: null };
  }
  const reply = await callRoute(handler, database.db, request, { params });
  return { status: reply.status, location: reply.headers.get("location"), body: reply.body };
}

/** What the viewer gets, in a word: a redirect to sign-in, an access panel, the content, or an error status. */
function outcome(reply: Reply): string {
  if (reply.status === 302 && reply.location?.startsWith("/api/login?returnTo=")) return "sign-in";
  if (reply.status !== 200) return String(reply.status);
  const access = (reply.body as { access?: string } | null)?.access;
  if (access === "denied" || access === "upgrade") return access;
  return "ok";
}

type MemberCall = {
  name: string;
  handler: RouteHandler;
  method?: string;
  params?: Record<string, string>;
  body?: unknown;
  /** A page's form, posted URL-encoded as a browser posts it before the scripts run (decision 052). */
  form?: Record<string, string>;
  file?: boolean;
  expected: Record<Viewer, string>;
};

const signInFirst = { anonymous: "sign-in", "unknown token": "sign-in", "expired session": "sign-in" } as const;
const notSignedIn = { anonymous: "401", "unknown token": "401", "expired session": "401" } as const;

/** Every member page, premium file and member call, with what each kind of viewer must get (spec sections 6 and 7). */
const MEMBER_CALLS: MemberCall[] = [
  ...(
    [
      ["/members/dashboard", dashboard.loader],
      ["/members/profile", profile.loader],
      ["/members/upgrade", upgrade.loader],
    ] as const
  ).map(([name, handler]) => ({
    name,
    handler,
    expected: { ...signInFirst, "owner only": "sign-in", free: "ok", basic: "ok", premium: "ok" },
  })),
  ...(
    [
      ["/members/premium-content", premiumContent.loader],
      ["/members/events", events.loader],
      ["/members/resources", resources.loader],
    ] as const
  ).map(([name, handler]) => ({
    name,
    handler,
    expected: { ...signInFirst, "owner only": "sign-in", free: "denied", basic: "denied", premium: "ok" },
  })),
  {
    name: "/members/guest-applications",
    handler: guestApplications.loader,
    expected: { ...signInFirst, "owner only": "ok", free: "upgrade", basic: "upgrade", premium: "ok" },
  },
  {
    name: "/members/resources/download/1",
    handler: resourceDownload.loader,
    params: { fileId: "1" },
    file: true,
    expected: { ...signInFirst, "owner only": "sign-in", free: "403", basic: "403", premium: "ok" },
  },
  {
    // This database has no premium episode: the tier is checked before the slug is looked up.
    name: "/members/premium-content/audio/no-such-premium-episode",
    handler: premiumAudio.loader,
    params: { episodeId: "no-such-premium-episode" },
    file: true,
    expected: { ...signInFirst, "owner only": "sign-in", free: "403", basic: "403", premium: "404" },
  },
  {
    name: "GET /api/auth/user",
    handler: dispatchApi,
    expected: { ...notSignedIn, "owner only": "401", free: "ok", basic: "ok", premium: "ok" },
  },
  {
    name: "POST /api/auth/membership",
    handler: dispatchApi,
    method: "POST",
    body: { membershipTier: "premium" },
    expected: { ...notSignedIn, "owner only": "401", free: "ok", basic: "ok", premium: "400" },
  },
  {
    name: "POST /api/auth/membership/billing",
    handler: dispatchApi,
    method: "POST",
    body: { action: "cancel" },
    expected: { ...notSignedIn, "owner only": "401", free: "400", basic: "ok", premium: "ok" },
  },
  {
    name: "POST /members/dashboard",
    handler: dashboard.action,
    method: "POST",
    form: { confirm: "cancel" },
    expected: { ...signInFirst, "owner only": "sign-in", free: "ok", basic: "ok", premium: "ok" },
  },
  {
    name: "POST /members/upgrade",
    handler: upgrade.action,
    method: "POST",
    form: { membershipTier: "premium" },
    expected: { ...signInFirst, "owner only": "sign-in", free: "ok", basic: "ok", premium: "400" },
  },
  {
    name: "GET /api/guests/applications",
    handler: dispatchApi,
    expected: { ...notSignedIn, "owner only": "ok", free: "403", basic: "403", premium: "ok" },
  },
  {
    name: "PUT /api/members/profile",
    handler: dispatchApi,
    method: "PUT",
    body: { firstName: "Ann", lastName: "Lee" },
    expected: { ...notSignedIn, "owner only": "401", free: "ok", basic: "ok", premium: "ok" },
  },
  {
    name: "GET /api/members/export",
    handler: dispatchApi,
    file: true,
    expected: { ...notSignedIn, "owner only": "401", free: "ok", basic: "ok", premium: "ok" },
  },
  {
    name: "GET /api/members/feed",
    handler: dispatchApi,
    expected: { ...notSignedIn, "owner only": "401", free: "403", basic: "ok", premium: "ok" },
  },
  {
    name: "POST /api/members/feed",
    handler: dispatchApi,
    method: "POST",
    expected: { ...notSignedIn, "owner only": "401", free: "403", basic: "ok", premium: "ok" },
  },
  // Last: it deletes each viewer's member.
  {
    name: "DELETE /api/members/account",
    handler: dispatchApi,
    method: "DELETE",
    expected: { ...notSignedIn, "owner only": "401", free: "ok", basic: "ok", premium: "ok" },
  },
];

describe("who gets through each member page, premium file and member call", () => {
  it("covers every call declared for members, a tier or the owner among others", () => {
    const declared = api.calls
      .filter(
        (call) =>
          call.access !== "public" &&
          call.access !== "owner" &&
          !(typeof call.access === "object" && "staff" in call.access),
      )
      .map((call) => `${call.method} ${call.path}`);
    const listed = new Set(MEMBER_CALLS.map((call) => call.name));
    expect(declared.filter((name) => !listed.has(name))).toEqual([]);
    expect(declared.length).toBeGreaterThan(0);
  });

  it.each(MEMBER_CALLS)("$name", async (call) => {
    const answers: Record<string, string> = {};
    for (const viewer of VIEWERS) {
      const cookie = await cookieFor(viewer);
      const path = call.name.replace(/^[A-Z]+ /, "");
      const request = new Request(`http://localhost${path}`, {
        method: call.method ?? "GET",
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(call.file ? { accept: "file" } : {}),
          ...(call.body ? { "content-type": "application/json" } : {}),
          ...(call.form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        },
        body: call.form ? new URLSearchParams(call.form).toString() : call.body ? JSON.stringify(call.body) : undefined,
      });
      answers[viewer] = outcome(await invoke(call.handler, request, call.params ?? {}));
    }
    expect(answers).toEqual(call.expected);
  });
});

/*
 * What each artefact of a premium episode and of an episode in early access gives to each kind of viewer: one rule
 * (app/features/episodes/episode-access.server.ts) answers for every page, file and feed. A page rendered for an
 * anonymous visitor may be cached and shared, so it must never carry what only members get.
 */
describe("what each artefact of a premium and an early-access episode gives to whom", () => {
  const ARTEFACT_VIEWERS = ["anonymous", "free", "basic", "premium", "owner"] as const;
  type ArtefactViewer = (typeof ARTEFACT_VIEWERS)[number];
  const HOUR = 3_600_000;
  const SITE_URL = "http://localhost:5000";
  const TRANSCRIPT_LINE = { premium: "Only premium members hear this.", early: "Paying members hear this first." };
  const AUDIO_FIXTURE = "tests/fixtures/media/tone-cbr.mp3";

  type ArtefactEpisode = "premium" | "early";
  const episodes: Record<ArtefactEpisode, { slug: string; title: string; keys: Record<string, string> }> = {
    premium: { slug: "the-premium-cut", title: "The Premium Cut", keys: {} },
    early: { slug: "the-early-bird", title: "The Early Bird", keys: {} },
  };
  let media: TestMediaStorage;
  const cookies = {} as Record<ArtefactViewer, string | undefined>;

  beforeAll(async () => {
    media = await openTestMediaStorage("disk");
    const stored = async (prefix: string, extension: "mp3" | "vtt" | "png", bytes: Buffer) => {
      const key = newMediaKey(prefix, extension);
      await media.storage.put(key, Readable.from([bytes]));
      return key;
    };
    const rows = [];
    for (const name of ["premium", "early"] as const) {
      const episode = episodes[name];
      const artwork = await stored("episodes/artwork", "png", Buffer.from("png bytes"));
      episode.keys = {
        audio: await stored("episodes/audio", "mp3", readFileSync(AUDIO_FIXTURE)),
        transcript: await stored(
          "episodes/transcripts",
          "vtt",
          Buffer.from(`WEBVTT\n\n00:00.000 --> 00:04.000\n${TRANSCRIPT_LINE[name]}\n`),
        ),
        artwork,
        "artwork 384": renditionKey(artwork, 384),
        "artwork 768": renditionKey(artwork, 768),
      };
      for (const width of [384, 768] as const)
        await media.storage.put(renditionKey(artwork, width), Readable.from([Buffer.from("webp bytes")]));
      rows.push(
        publicEpisode({
          guid: episode.slug,
          slug: episode.slug,
          title: episode.title,
          audioKey: episode.keys.audio,
          transcriptKey: episode.keys.transcript,
          transcriptMimeType: "text/vtt",
          artworkKey: artwork,
          artworkRenditions: [
            { key: renditionKey(artwork, 384), width: 384, height: 384 },
            { key: renditionKey(artwork, 768), width: 768, height: 768 },
          ],
          chapters: [{ startSeconds: 0, title: "Opening" }],
          ...(name === "premium"
            ? { premium: true }
            : {
                status: "scheduled" as const,
                publishDate: new Date(Date.now() + 24 * HOUR),
                firstPublishedAt: new Date(Date.now() + 24 * HOUR),
                earlyAccessAt: new Date(Date.now() - HOUR),
              }),
        }),
      );
    }
    await insertEpisodes(database.db, rows);
    for (const viewer of ARTEFACT_VIEWERS) {
      cookies[viewer] =
        viewer === "anonymous"
          ? undefined
          : viewer === "owner"
            ? await signInOwner(database.db)
            : (await signInMember(database.db, viewer)).cookie;
    }
  }, 30_000);
  afterAll(() => media?.close());

  const context = () => routeContext(database.db, { media: media.storage });
  const get = (path: string, cookie?: string) =>
    new Request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} });

  /** Calls a resource route as React Router does; a thrown answer (a guard's) counts as the answer. */
  async function answer(handler: RouteHandler, request: Request, params: Record<string, string>): Promise<Response> {
    try {
      return (await handler({ request, params, context: context() })) as Response;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  }

  /** A file's answer in a word: its status and, when served, whether shared caches may keep it. */
  function fileOutcome(response: Response): string {
    if (response.status !== 200) return String(response.status);
    return response.headers.get("cache-control")?.startsWith("public") ? "200 public" : "200 private";
  }

  /** The route that answers a site address, as the router would pick it, for the addresses feeds and pages name. */
  function fetchSiteAddress(address: string, cookie?: string): Promise<Response> {
    const { pathname } = new URL(address, SITE_URL);
    const request = get(pathname, cookie);
    if (pathname.startsWith("/media/")) return answer(mediaRoute.loader, request, { "*": pathname.slice(7) });
    const chapters = /^\/podcast\/([^/]+)\/chapters\.json$/.exec(pathname);
    if (chapters) return answer(chaptersRoute.loader, request, { slug: chapters[1] });
    const inFeed = /^\/feeds\/([^/]+)\/([a-z]+)\/(\d+)$/.exec(pathname);
    if (inFeed) return answer(feedPart.loader, request, { token: inFeed[1], part: inFeed[2], episodeId: inFeed[3] });
    throw new Error(`No route in this test for ${address}`);
  }

  async function pageOutcome(name: ArtefactEpisode, cookie?: string) {
    const { slug } = episodes[name];
    const reply = await callRoute(episodePage.loader, database.db, get(`/podcast/${slug}`, cookie), {
      params: { slug },
      media: media.storage,
    });
    const loaderData = reply.body as Route.ComponentProps["loaderData"];
    if (reply.status !== 200 || !loaderData.episode) return { page: String(reply.status), loaderData: null };
    const props = { loaderData, params: {}, matches: [] } as unknown as Route.ComponentProps;
    const html = renderToStaticMarkup(createElement(MemoryRouter, null, createElement(episodePage.default, props)));
    // The HTML carries the render and, for hydration, the loader's data.
    const carried = `${html}${JSON.stringify(loaderData)}`;
    const player = html.includes("<audio") ? "player" : "locked";
    const transcript = carried.includes(TRANSCRIPT_LINE[name]) ? " transcript" : "";
    return { page: `200 ${player}${transcript}`, loaderData };
  }

  async function headOutcome(loaderData: Route.ComponentProps["loaderData"] | null, name: ArtefactEpisode) {
    if (!loaderData) return { jsonLd: "none", openGraph: "no og:audio" };
    const tags = episodePage.meta({
      loaderData,
      location: { pathname: `/podcast/${episodes[name].slug}` },
      matches: [{ id: "root", loaderData: { siteUrl: SITE_URL, settings: await getSiteSettings(database.db) } }],
    } as never) as Record<string, unknown>[];
    const jsonLd = tags.flatMap((tag) => ("script:ld+json" in tag ? [tag["script:ld+json"]] : []));
    const episode = jsonLd.find((item) => (item as { "@type"?: string })["@type"] === "PodcastEpisode") as
      | { associatedMedia?: unknown }
      | undefined;
    const ogAudio = tags.find((tag) => tag.property === "og:audio");
    return {
      jsonLd: episode ? (episode.associatedMedia ? "episode with audio" : "episode without audio") : "none",
      openGraph: ogAudio
        ? `og:audio ${String(ogAudio.content).includes(episodes[name].keys.audio) ? "names the audio" : "elsewhere"}`
        : "no og:audio",
    };
  }

  /** The feed's item for the episode, and what a podcast app (no cookie) gets from each address the item names. */
  async function feedItemOutcome(xml: string, name: ArtefactEpisode): Promise<string> {
    const item = [...xml.matchAll(/<item>([\s\S]*?)<\/item>/g)]
      .map((match) => match[1])
      .find((body) => body.includes(`<title>${episodes[name].title}</title>`));
    if (!item) return "absent";
    const addresses = {
      audio: /<enclosure url="([^"]+)"/.exec(item)?.[1],
      transcript: /<podcast:transcript url="([^"]+)"/.exec(item)?.[1],
      chapters: /<podcast:chapters url="([^"]+)"/.exec(item)?.[1],
      artwork: /<itunes:image href="([^"]+)"/.exec(item)?.[1],
    };
    const parts: string[] = [];
    for (const [part, address] of Object.entries(addresses)) {
      parts.push(`${part} ${address ? (await fetchSiteAddress(address)).status : "none"}`);
    }
    return `item: ${parts.join(", ")}`;
  }

  async function privateFeedOutcome(viewer: ArtefactViewer, name: ArtefactEpisode): Promise<string> {
    const cookie = cookies[viewer];
    const reply = await callApi(database.db, get("/api/members/feed", cookie));
    if (reply.status !== 200) return `no feed (${reply.status})`;
    const feedUrl = (reply.body as { data: { feedUrl: string } }).data.feedUrl;
    const file = feedUrl.slice(feedUrl.lastIndexOf("/") + 1);
    const feed = await answer(privateFeed.loader, get(`/feeds/${file}`), { file });
    return feedItemOutcome(await feed.text(), name);
  }

  async function outcomesFor(name: ArtefactEpisode): Promise<Record<string, Record<ArtefactViewer, string>>> {
    const table: Record<string, Record<string, string>> = {};
    const put = (artefact: string, viewer: ArtefactViewer, value: string) => {
      table[artefact] ??= {};
      table[artefact][viewer] = value;
    };
    const publicFeed = await (await answer(publicFeedRoute.loader, get("/podcast.xml"), {})).text();
    const sitemap = await (await answer(sitemapRoute.loader, get("/sitemap.xml"), {})).text();
    for (const viewer of ARTEFACT_VIEWERS) {
      const cookie = cookies[viewer];
      const { page, loaderData } = await pageOutcome(name, cookie);
      put("page", viewer, page);
      const head = await headOutcome(loaderData, name);
      put("JSON-LD", viewer, head.jsonLd);
      put("Open Graph", viewer, head.openGraph);
      for (const [part, key] of Object.entries(episodes[name].keys)) {
        put(`/media ${part}`, viewer, fileOutcome(await fetchSiteAddress(`/media/${key}`, cookie)));
      }
      put(
        "chapters.json",
        viewer,
        fileOutcome(await fetchSiteAddress(`/podcast/${episodes[name].slug}/chapters.json`, cookie)),
      );
      // The public feed and the sitemap are the same for everyone: they never read a session.
      put("public feed", viewer, await feedItemOutcome(publicFeed, name));
      put("sitemap", viewer, sitemap.includes(`/podcast/${episodes[name].slug}<`) ? "listed" : "absent");
      put("private feed", viewer, await privateFeedOutcome(viewer, name));
    }
    return table as Record<string, Record<ArtefactViewer, string>>;
  }

  const everyone = (value: string) => Object.fromEntries(ARTEFACT_VIEWERS.map((viewer) => [viewer, value]));
  const noFeed = { anonymous: "no feed (401)", free: "no feed (403)", owner: "no feed (401)" };
  const FEED_ITEM = "item: audio 200, transcript 200, chapters 200, artwork 200";

  it("a premium episode: its teaser (page, artwork, chapters) for everyone; its audio and transcript for Premium and the owner only", async () => {
    const locked = "200 locked";
    const members = (value: string) => ({ anonymous: "403", free: "403", basic: "403", premium: value, owner: value });
    expect(await outcomesFor("premium")).toEqual({
      page: {
        anonymous: locked,
        free: locked,
        basic: locked,
        premium: "200 player transcript",
        owner: "200 player transcript",
      },
      "JSON-LD": everyone("episode without audio"),
      "Open Graph": everyone("no og:audio"),
      "/media audio": members("200 private"),
      "/media transcript": members("200 private"),
      "/media artwork": everyone("200 public"),
      "/media artwork 384": everyone("200 public"),
      "/media artwork 768": everyone("200 public"),
      "chapters.json": everyone("200 public"),
      "public feed": everyone("absent"),
      sitemap: everyone("listed"),
      "private feed": { ...noFeed, basic: "absent", premium: FEED_ITEM },
    });
  });

  it("an episode in early access: all of it for Basic, Premium and the owner, privately; nothing for anyone else", async () => {
    const paying = (value: string) => ({ anonymous: "404", free: "404", basic: value, premium: value, owner: value });
    expect(await outcomesFor("early")).toEqual({
      page: paying("200 player transcript"),
      "JSON-LD": { ...paying("episode without audio"), anonymous: "none", free: "none" },
      "Open Graph": everyone("no og:audio"),
      "/media audio": paying("200 private"),
      "/media transcript": paying("200 private"),
      "/media artwork": paying("200 private"),
      "/media artwork 384": paying("200 private"),
      "/media artwork 768": paying("200 private"),
      "chapters.json": paying("200 private"),
      "public feed": everyone("absent"),
      sitemap: everyone("absent"),
      "private feed": { ...noFeed, basic: FEED_ITEM, premium: FEED_ITEM },
    });
  });
});
