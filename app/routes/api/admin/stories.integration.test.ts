import { readFileSync } from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { callApi } from "#tests/setup/call-api";
import { routeContext } from "#tests/setup/call-route";
import { openTestMediaStorage, type TestMediaStorage } from "#tests/setup/media-storages";
import { metadataOf, NO_METADATA, photoWithGpsExif, storedImage } from "#tests/setup/photo-fixture";
import { rowById } from "#tests/setup/rows";
import { signInOwner } from "#tests/setup/sessions";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { hostStories } from "~/db/schema";
import type { OwnerStory } from "~/features/stories/editor-schema";
import { STORY_CONFLICT_MESSAGE, STORY_ORDER_MISMATCH, sampleStoryRows } from "~/features/stories/stories.server";
import { publicContentVersion } from "~/lib/public-content-version.server";
import * as about from "../../public/about";
import * as mediaRoute from "../../public/media";

const CLIP = readFileSync("tests/fixtures/media/clip.mp4");
const CLIP_WEBM = readFileSync("tests/fixtures/media/clip.webm");

let database: TestDatabase;
let media: TestMediaStorage;
let owner: string;
let earlierFiles: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  media = await openTestMediaStorage("disk");
  owner = await signInOwner(database.db);
  await database.db.insert(hostStories).values(sampleStoryRows());
}, 30_000);
afterAll(async () => {
  await media?.close();
  await database?.close();
});
beforeEach(async () => {
  earlierFiles = await media.listFiles();
});
const newFiles = async () => (await media.listFiles()).filter((file) => !earlierFiles.includes(file));

const call = (
  route: string,
  method: string,
  { id, body, path = "" }: { id?: number; body?: unknown; path?: string } = {},
) =>
  callApi(
    database.db,
    new Request(`http://localhost${id === undefined ? route : route.replace("{id}", String(id))}${path}`, {
      method,
      headers: { cookie: owner, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    { media: media.storage },
  );

const storyList = async () => ((await call("/api/admin/stories", "GET")).body as { data: OwnerStory[] }).data;
const create = async (title: string) => {
  const answer = await call("/api/admin/stories", "POST", {
    body: { title, excerpt: "An excerpt.", fullStory: "First.\n\nSecond." },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return (answer.body as { data: OwnerStory }).data;
};

async function upload(id: number, field: "video" | "poster", bytes: Buffer, name: string, type: string) {
  const form = new FormData();
  form.append(field, new File([new Uint8Array(bytes)], name, { type }));
  return callApi(
    database.db,
    new Request(`http://localhost/api/admin/stories/${id}/${field}`, {
      method: "PUT",
      headers: { cookie: owner },
      body: form,
    }),
    { media: media.storage },
  );
}

const aboutStories = async () => {
  const data = (await about.loader({
    request: new Request("http://localhost/about"),
    params: {},
    context: routeContext(database.db, { media: media.storage }),
  } as never)) as { stories: { id: number; title: string; videoFile: string | null; captionsFile: string | null }[] };
  return data.stories;
};

describe("the host stories", () => {
  it("are listed in order with the sample stories' built-in files, as the About page shows them", async () => {
    const stories = await storyList();
    expect(stories).toHaveLength(11);
    expect(stories[0]).toMatchObject({
      title: "The Launch Nobody Came To",
      videoUrl: "/attached_assets/videos/story-1.mp4",
      posterUrl: "/attached_assets/videos/story-1.webp",
      videoUploaded: false,
      version: 1,
    });
    const shown = await aboutStories();
    expect(shown.map((story) => story.title)).toEqual(stories.map((story) => story.title));
    expect(shown[0]).toMatchObject({ captionsFile: "/attached_assets/videos/story-1.vtt" });
  });

  it("creates a story last in the order, and refuses one without a title with 400, writing nothing", async () => {
    const before = await storyList();
    const created = await create("A New Story");
    expect((await storyList()).at(-1)).toMatchObject({ id: created.id, title: "A New Story", videoUrl: null });

    const refused = await call("/api/admin/stories", "POST", { body: { title: " ", excerpt: "x", fullStory: "y" } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, message: "Title is required" });
    expect(await storyList()).toHaveLength(before.length + 1);
  });

  it("saves with the version it opened; a stale save gets 409 and changes nothing", async () => {
    const story = await create("Two Tabs");
    const fields = { title: "Two Tabs, Edited", excerpt: "Edited.", fullStory: "One.\n\nTwo." };
    const first = await call("/api/admin/stories/{id}", "PUT", { id: story.id, body: { ...fields, version: 1 } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ message: "Story Saved", data: { title: "Two Tabs, Edited", version: 2 } });

    const stale = await call("/api/admin/stories/{id}", "PUT", {
      id: story.id,
      body: { ...fields, title: "Lost", version: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ success: false, message: STORY_CONFLICT_MESSAGE });
    expect(await rowById(database.db, hostStories, story.id)).toMatchObject({ title: "Two Tabs, Edited", version: 2 });

    const missing = await call("/api/admin/stories/{id}", "PUT", { id: 999_999, body: { ...fields, version: 1 } });
    expect(missing.status).toBe(404);
    expect((await call("/api/admin/stories/{id}", "GET", { id: 999_999 })).status).toBe(404);
    expect((await call("/api/admin/stories/{id}", "GET", { id: story.id })).body).toMatchObject({
      data: { version: 2 },
    });
  });

  it("reorders when the list names every story once, and refuses any other list with 409", async () => {
    const ids = (await storyList()).map((story) => story.id);
    const reversed = [...ids].reverse();
    const answer = await call("/api/admin/stories/order", "PUT", { body: { ids: reversed } });
    expect(answer.status).toBe(200);
    expect((await storyList()).map((story) => story.id)).toEqual(reversed);
    expect((await aboutStories()).map((story) => story.id)).toEqual(reversed);

    const partial = await call("/api/admin/stories/order", "PUT", { body: { ids: ids.slice(1) } });
    expect(partial.status).toBe(409);
    expect(partial.body).toMatchObject({ message: STORY_ORDER_MISMATCH });
    const repeated = await call("/api/admin/stories/order", "PUT", { body: { ids: [ids[0], ids[0]] } });
    expect(repeated.status).toBe(400);
    expect((await storyList()).map((story) => story.id)).toEqual(reversed);
    await call("/api/admin/stories/order", "PUT", { body: { ids } });
  });

  it("changes the public content version when a story changes, so cached pages are dropped", async () => {
    const before = await publicContentVersion(database.db, new Date());
    const [first] = await storyList();
    await call("/api/admin/stories/{id}", "PUT", {
      id: first.id,
      body: { title: first.title, excerpt: "A new excerpt.", fullStory: first.fullStory, version: first.version },
    });
    expect(await publicContentVersion(database.db, new Date())).not.toBe(before);
  });
});

describe("a story's video and poster", () => {
  it("an MP4 replaces the built-in video and drops its captions; the About page and /media serve it with ranges", async () => {
    const [first] = await storyList();
    const answer = await upload(first.id, "video", CLIP, "clip.mp4", "video/mp4");
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const story = (answer.body as { data: OwnerStory }).data;
    expect(story).toMatchObject({ videoUploaded: true, version: first.version });
    expect(story.videoUrl).toMatch(/^\/media\/stories\/video\/[\w-]+\.mp4$/);
    expect((await aboutStories()).find((shown) => shown.id === first.id)).toMatchObject({
      videoFile: story.videoUrl,
      captionsFile: null,
    });

    const key = (story.videoUrl as string).slice("/media/".length);
    const ranged: Response = await mediaRoute.loader({
      request: new Request(`http://localhost${story.videoUrl}`, { headers: { range: "bytes=0-99" } }),
      params: { "*": key },
      context: routeContext(database.db, { media: media.storage }),
    } as never);
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-type")).toBe("video/mp4");
    expect(Buffer.from(await ranged.arrayBuffer()).equals(CLIP.subarray(0, 100))).toBe(true);

    const replaced = await upload(first.id, "video", CLIP_WEBM, "clip.webm", "video/webm");
    expect(replaced.status).toBe(200);
    expect((replaced.body as { data: OwnerStory }).data.videoUrl).toMatch(/\.webm$/);
    expect(await media.storage.stat(key)).toBeNull();
    const gone: Response = await mediaRoute.loader({
      request: new Request(`http://localhost${story.videoUrl}`),
      params: { "*": key },
      context: routeContext(database.db, { media: media.storage }),
    } as never);
    expect(gone.status).toBe(404);
  });

  it("refuses a text file sent as video/mp4 with 415 and keeps nothing", async () => {
    const story = await create("Refused Video");
    const answer = await upload(story.id, "video", Buffer.from("not a video\n".repeat(100)), "a.mp4", "video/mp4");
    expect(answer.status).toBe(415);
    expect(answer.body).toMatchObject({ success: false, message: "The video is not an MP4 or WebM file." });
    expect(await newFiles()).toEqual([]);
    expect(await rowById(database.db, hostStories, story.id)).toMatchObject({ videoKey: null });
  });

  it("stores a JPEG poster with its 480-pixel WebP rendition, which the About page shows", async () => {
    const story = await create("Poster Story");
    const jpeg = await sharp({ create: { width: 960, height: 540, channels: 3, background: "#336699" } })
      .jpeg()
      .toBuffer();
    const answer = await upload(story.id, "poster", jpeg, "poster.jpg", "image/jpeg");
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const row = await rowById(database.db, hostStories, story.id);
    expect(row?.posterKey).toMatch(/^stories\/poster\/[\w-]+\.jpg$/);
    expect(row?.posterRenditions).toEqual([{ key: expect.stringMatching(/\.w480\.webp$/), width: 480, height: 270 }]);
    expect((answer.body as { data: OwnerStory }).data.posterUrl).toBe(`/media/${row?.posterRenditions[0].key}`);
  });

  it("stores a poster without the photo's EXIF (GPS included), turned upright", async () => {
    const story = await create("Photo Poster");
    const answer = await upload(story.id, "poster", await photoWithGpsExif(), "photo.jpg", "image/jpeg");
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const row = await rowById(database.db, hostStories, story.id);
    const stored = await storedImage(media.storage, `/media/${row?.posterKey}`);
    expect({ width: stored.width, height: stored.height, ...metadataOf(stored) }).toEqual({
      width: 20,
      height: 40,
      ...NO_METADATA,
    });
    expect((await call("/api/admin/stories/{id}", "DELETE", { id: story.id })).status).toBe(200);
  });

  it("deleting a story removes its row and its uploaded files", async () => {
    const story = await create("Short-Lived");
    await upload(story.id, "video", CLIP, "clip.mp4", "video/mp4");
    expect(await newFiles()).toHaveLength(1);
    const answer = await call("/api/admin/stories/{id}", "DELETE", { id: story.id });
    expect(answer.status).toBe(200);
    expect(await rowById(database.db, hostStories, story.id)).toBeUndefined();
    expect(await newFiles()).toEqual([]);
    expect((await call("/api/admin/stories/{id}", "DELETE", { id: story.id })).status).toBe(404);
    expect((await upload(story.id, "video", CLIP, "clip.mp4", "video/mp4")).status).toBe(404);
  });
});
