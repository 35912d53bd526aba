import { parseRssFeed } from "feedsmith";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { callApi } from "#tests/setup/call-api";
import { routeContext } from "#tests/setup/call-route";
import { openTestMediaStorage, type TestMediaStorage } from "#tests/setup/media-storages";
import { metadataOf, NO_METADATA, photoWithGpsExif, storedImage } from "#tests/setup/photo-fixture";
import { signInMember, signInOwner } from "#tests/setup/sessions";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { siteSettings } from "~/db/schema";
import { buildPodcastFeed } from "~/features/episodes/podcast-feed.server";
import {
  FEED_MOVE_NEEDS_ADDRESS_MESSAGE,
  FEED_MOVE_TO_ITSELF_MESSAGE,
  SETTINGS_CONFLICT_MESSAGE,
} from "~/features/settings/settings-schema";
import { publicContentVersion } from "~/lib/public-content-version.server";
import { defaultArtwork, defaultSiteSettings, type SiteSettings } from "~/lib/site-config";
import { getSiteSettings } from "~/lib/site-settings.server";
import { organizationJsonLd } from "~/lib/structured-data";
import * as mediaRoute from "../../public/media";
import { loader as podcastFeedLoader } from "../../public/podcast-feed";

let database: TestDatabase;
let owner: string;
let member: string;
let media: TestMediaStorage;

beforeAll(async () => {
  database = await createTestDatabase();
  owner = await signInOwner(database.db);
  member = (await signInMember(database.db, "premium")).cookie;
  media = await openTestMediaStorage("disk");
});
afterAll(async () => {
  await media?.close();
  await database.close();
});
beforeEach(async () => {
  await database.db.delete(siteSettings);
});

const URL_SETTINGS = "http://localhost/api/admin/settings";
const URL_ARTWORK = "http://localhost/api/admin/settings/artwork";

const getSettings = (cookie?: string) =>
  callApi(database.db, new Request(URL_SETTINGS, { headers: cookie ? { cookie } : {} }));

const putSettings = (body: unknown, cookie: string | null = owner) =>
  callApi(
    database.db,
    new Request(URL_SETTINGS, {
      method: "PUT",
      headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    }),
  );

const changed = (change: (settings: SiteSettings) => void, version = 0) => {
  const settings: SiteSettings = JSON.parse(JSON.stringify(defaultSiteSettings));
  change(settings);
  return { ...settings, version };
};

async function uploadArtwork(bytes: Buffer, cookie: string = owner) {
  const form = new FormData();
  form.append("artwork", new File([new Uint8Array(bytes)], "artwork.jpg", { type: "image/jpeg" }));
  return callApi(database.db, new Request(URL_ARTWORK, { method: "PUT", body: form, headers: { cookie } }), {
    media: media.storage,
  });
}

const squareImage = (width: number, height = width) =>
  sharp({ create: { width, height, channels: 3, background: "#336699" } })
    .jpeg()
    .toBuffer();

const storedRows = () => database.db.select().from(siteSettings);

describe("GET and PUT /api/admin/settings", () => {
  it("answers 401 without a session and 403 for a member, and writes nothing", async () => {
    expect((await getSettings()).status).toBe(401);
    expect((await getSettings(member)).status).toBe(403);
    const unchanged = changed(() => undefined);
    expect((await putSettings(unchanged, null)).status).toBe(401);
    expect((await putSettings(unchanged, member)).status).toBe(403);
    expect(await storedRows()).toEqual([]);
  });

  it("opens a fresh site with today's defaults at version 0, without a newsletter address", async () => {
    const reply = await getSettings(owner);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      success: true,
      message: "Settings",
      data: { settings: defaultSiteSettings, artwork: { ...defaultArtwork, uploaded: false }, version: 0 },
    });
    expect(defaultSiteSettings.newsletter.url).toBeNull();
    expect(defaultSiteSettings.membership.paymentGraceDays).toBe(7);
  });

  it("saves the owner's values, raises the version, and getSiteSettings, the feed and the JSON-LD use them", async () => {
    const body = changed((settings) => {
      settings.tagline = "Confessions from the edge of the market.";
      settings.social[0].url = "https://x.com/new-profile";
      settings.podcastFeed.owner.email = "feeds@show.example";
      settings.membership.paymentGraceDays = 14;
    });
    const reply = await putSettings(body);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ success: true, message: "Settings Saved", data: { version: 1 } });

    const site = await getSiteSettings(database.db);
    expect(site.tagline).toBe("Confessions from the edge of the market.");
    expect(site.membership.paymentGraceDays).toBe(14);
    expect(organizationJsonLd("https://show.example", site)).toMatchObject({
      sameAs: expect.arrayContaining(["https://x.com/new-profile"]),
    });
    const feed = buildPodcastFeed([], "https://show.example", site);
    expect(feed).toContain("<itunes:email>feeds@show.example</itunes:email>");
    expect(feed).toContain('<podcast:locked owner="feeds@show.example">yes</podcast:locked>');
  });

  it("unlocks the feed, announces a new feed address, and redirects /podcast.xml to it once the owner confirms", async () => {
    const feed = async () => {
      const response = await podcastFeedLoader({
        request: new Request("http://localhost/podcast.xml"),
        params: {},
        context: routeContext(database.db),
      } as never);
      return { status: response.status, location: response.headers.get("location"), xml: await response.text() };
    };
    const locked = await feed();
    expect(locked.xml).toContain('<podcast:locked owner="podcast@disruptionconfessional.example">yes</podcast:locked>');
    expect(locked.xml).not.toContain("itunes:new-feed-url");

    const unlocked = changed((settings) => {
      settings.feedHome = { locked: false, newFeedUrl: "https://new-host.example/show.rss", redirect: false };
    });
    expect((await putSettings(unlocked)).status).toBe(200);
    const announced = await feed();
    expect(announced.status).toBe(200);
    expect(parseRssFeed(announced.xml)).toMatchObject({
      itunes: { newFeedUrl: "https://new-host.example/show.rss" },
      podcast: { locked: { value: false, owner: "podcast@disruptionconfessional.example" } },
    });

    const confirmed = changed((settings) => {
      settings.feedHome = { locked: false, newFeedUrl: "https://new-host.example/show.rss", redirect: true };
    }, 1);
    expect((await putSettings(confirmed)).status).toBe(200);
    expect(await feed()).toMatchObject({ status: 301, location: "https://new-host.example/show.rss", xml: "" });
  });

  it("refuses to redirect the feed without a new address", async () => {
    const reply = await putSettings(changed((settings) => (settings.feedHome.redirect = true)));
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      message: FEED_MOVE_NEEDS_ADDRESS_MESSAGE,
      errors: { "feedHome.newFeedUrl": [FEED_MOVE_NEEDS_ADDRESS_MESSAGE] },
    });
  });

  it.each(["http://localhost:5000/podcast.xml", "https://LOCALHOST:5000/podcast.xml/"])(
    "refuses %s, the site's own feed, as the new feed address, and saves nothing",
    async (address) => {
      const before = await getSiteSettings(database.db);
      const reply = await putSettings(
        changed((settings) => {
          settings.feedHome = { locked: false, newFeedUrl: address, redirect: true };
        }),
      );
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({
        message: FEED_MOVE_TO_ITSELF_MESSAGE,
        errors: { "feedHome.newFeedUrl": [FEED_MOVE_TO_ITSELF_MESSAGE] },
      });
      expect(await getSiteSettings(database.db)).toEqual(before);
    },
  );

  it("refuses a save from a form opened before another save with 409, and keeps the other save", async () => {
    expect((await putSettings(changed((s) => (s.showName = "First save")))).status).toBe(200);
    const stale = await putSettings(changed((s) => (s.showName = "Stale save")));
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ success: false, message: SETTINGS_CONFLICT_MESSAGE });
    expect((await getSiteSettings(database.db)).showName).toBe("First save");
    expect((await putSettings(changed((s) => (s.showName = "Second save"), 1))).status).toBe(200);
    expect((await getSiteSettings(database.db)).showName).toBe("Second save");
  });

  it.each([
    [
      "a javascript: social link",
      (s: SiteSettings) => (s.social[0].url = "javascript:alert(1)"),
      "social.0.url",
      "A social profile's link must be a web address starting with http:// or https://",
    ],
    [
      "an ftp listening platform",
      (s: SiteSettings) => (s.listenOn[0].url = "ftp://files.example/show"),
      "listenOn.0.url",
      "A platform's link must be a web address starting with http:// or https://",
    ],
    [
      "an http newsletter address",
      (s: SiteSettings) => (s.newsletter.url = "http://news.example"),
      "newsletter.url",
      "The newsletter address must be a web address starting with https://",
    ],
    [
      "a feed owner email without @",
      (s: SiteSettings) => (s.podcastFeed.owner.email = "owner.example"),
      "podcastFeed.owner.email",
      "The feed owner's email must be a valid email address",
    ],
    [
      "a grace period of 61 days",
      (s: SiteSettings) => (s.membership.paymentGraceDays = 61),
      "membership.paymentGraceDays",
      "The grace period must be at most 60 days",
    ],
    ["an empty show name", (s: SiteSettings) => (s.showName = "  "), "showName", "The show's name is required"],
    [
      "a time of 25:00",
      (s: SiteSettings) => (s.businessHours.opens = "25:00"),
      "businessHours.opens",
      "The opening time must be a time such as 09:00",
    ],
  ])("refuses %s with 400 and the rule's message, storing nothing", async (_name, change, field, message) => {
    const reply = await putSettings(changed(change));
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ success: false, message, errors: { [field]: [message] } });
    expect(await storedRows()).toEqual([]);
  });

  it("saves a form opened on a fresh site after an artwork upload made the row, and refuses a second version-0 save", async () => {
    expect((await uploadArtwork(await squareImage(1400))).status).toBe(200);
    expect((await getSettings(owner)).body).toMatchObject({ data: { version: 0 } });
    const first = changed((settings) => {
      settings.tagline = "Saved after the artwork";
    });
    expect((await putSettings(first)).status).toBe(200);
    expect((await getSiteSettings(database.db)).tagline).toBe("Saved after the artwork");
    expect((await getSiteSettings(database.db)).artwork.url).toMatch(/^\/media\/settings\/artwork\//);
    const stale = await putSettings(
      changed((settings) => {
        settings.tagline = "From another fresh form";
      }),
    );
    expect(stale.status).toBe(409);
    expect((await getSiteSettings(database.db)).tagline).toBe("Saved after the artwork");
  });

  it("changes the page cache's version with every save", async () => {
    const before = await publicContentVersion(database.db, new Date());
    await putSettings(changed((s) => (s.tagline = "A new tagline")));
    const afterFirst = await publicContentVersion(database.db, new Date());
    expect(afterFirst).not.toBe(before);
    await putSettings(changed((s) => (s.tagline = "Another tagline"), 1));
    expect(await publicContentVersion(database.db, new Date())).not.toBe(afterFirst);
  });
});

describe("PUT and DELETE /api/admin/settings/artwork", () => {
  it("answers 401 and 403 to others, storing nothing", async () => {
    const image = await squareImage(1400);
    const form = new FormData();
    form.append("artwork", new File([new Uint8Array(image)], "a.jpg", { type: "image/jpeg" }));
    const anonymous = await callApi(database.db, new Request(URL_ARTWORK, { method: "PUT", body: form }), {
      media: media.storage,
    });
    expect(anonymous.status).toBe(401);
    expect((await uploadArtwork(image, member)).status).toBe(403);
    expect(await storedRows()).toEqual([]);
  });

  it("stores the show's artwork without the photo's EXIF (GPS included)", async () => {
    expect((await uploadArtwork(await photoWithGpsExif({ width: 1400, height: 1400 }))).status).toBe(200);
    const { url } = (await getSiteSettings(database.db)).artwork;
    expect(metadataOf(await storedImage(media.storage, url))).toEqual(NO_METADATA);
  });

  it("makes a square 1400 px JPEG the show's artwork with WebP copies, served publicly, and changes the version", async () => {
    const filesBefore = await media.listFiles();
    const versionBefore = await publicContentVersion(database.db, new Date());
    const reply = await uploadArtwork(await squareImage(1400));
    expect(reply.status).toBe(200);
    const site = await getSiteSettings(database.db);
    expect(site.artwork.url).toMatch(/^\/media\/settings\/artwork\/[\w-]+\.jpg$/);
    expect(site.artwork.onPage.srcSet).toMatch(/\.w384\.webp 384w, .*\.w768\.webp 768w$/);
    expect((await media.listFiles()).length - filesBefore.length).toBe(3);
    expect(await publicContentVersion(database.db, new Date())).not.toBe(versionBefore);
    expect(buildPodcastFeed([], "https://show.example", site)).toContain(
      `<itunes:image href="https://show.example${site.artwork.url}"/>`,
    );

    const key = site.artwork.url.slice("/media/".length);
    const served = await mediaRoute.loader({
      request: new Request(`http://localhost${site.artwork.url}`),
      params: { "*": key },
      context: routeContext(database.db, { media: media.storage }),
    } as never);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");

    // Replacing it removes the old files; going back to the default removes the new ones.
    expect((await uploadArtwork(await squareImage(1500))).status).toBe(200);
    expect((await media.listFiles()).length - filesBefore.length).toBe(3);
    const removed = await callApi(
      database.db,
      new Request(URL_ARTWORK, { method: "DELETE", headers: { cookie: owner } }),
      { media: media.storage },
    );
    expect(removed.status).toBe(200);
    expect((await getSiteSettings(database.db)).artwork).toEqual(defaultArtwork);
    expect(await media.listFiles()).toEqual(filesBefore);
  });

  it.each([
    ["a 1200 px square", () => squareImage(1200)],
    ["a 1400 by 1500 image", () => squareImage(1400, 1500)],
    ["a text file", async () => Buffer.from("not an image at all")],
  ])("refuses %s with a 4xx and keeps nothing", async (_name, bytes) => {
    const filesBefore = await media.listFiles();
    const reply = await uploadArtwork(await bytes());
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
    expect(reply.body).toMatchObject({ success: false });
    expect(await media.listFiles()).toEqual(filesBefore);
    expect(await storedRows()).toEqual([]);
  });
});
