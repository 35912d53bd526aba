import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { callApi } from "#tests/setup/call-api";
import { callRoute, routeContext } from "#tests/setup/call-route";
import { openTestMediaStorage, type TestMediaStorage } from "#tests/setup/media-storages";
import { metadataOf, NO_METADATA, photoWithGpsExif, storedImage } from "#tests/setup/photo-fixture";
import { signInOwner } from "#tests/setup/sessions";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { insightPosts, insightSlugRedirects } from "~/db/schema";
import {
  COVER_ALT_REQUIRED_MESSAGE,
  INSIGHT_CONFLICT_MESSAGE,
  INSIGHT_FUTURE_DATE_MESSAGE,
  INSIGHT_SLUG_FIXED_MESSAGE,
  INSIGHT_SLUG_TAKEN_MESSAGE,
} from "~/features/insights/editor-schema";
import { listInsightPage } from "~/features/insights/insights.server";
import { publicContentVersion } from "~/lib/public-content-version.server";
import * as articlePage from "../../public/insight-article";
import * as insightMedia from "../../public/insight-media";

let database: TestDatabase;
let media: TestMediaStorage;
let owner: string;
beforeAll(async () => {
  database = await createTestDatabase();
  media = await openTestMediaStorage("disk");
  owner = await signInOwner(database.db);
});
afterAll(async () => {
  await media.close();
  await database.close();
});

const call = (
  route: string,
  method: string,
  { id, body, path = "" }: { id?: string; body?: unknown; path?: string } = {},
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

const post = (fields: Record<string, unknown> = {}) => ({
  title: "Why Small Teams Ship Faster",
  excerpt: "What three founders learned.",
  category: "Leadership",
  authorName: "Alex Morgan",
  bodyMarkdown: "## Lessons\n\nShip **small**.",
  ...fields,
});

type Created = { id: string; slug: string; version: number };
const create = async (fields: Record<string, unknown> = {}) => {
  const answer = await call("/api/admin/insights", "POST", { body: post(fields) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return (answer.body as { data: Created }).data;
};
const read = async (id: string) =>
  (await call("/api/admin/insights/{id}", "GET", { id })).body as {
    data: Record<string, unknown> & { version: number };
  };
const save = (id: string, fields: Record<string, unknown>) =>
  call("/api/admin/insights/{id}", "PUT", { id, body: post(fields) });

const publicOne = (slug: string) => callApi(database.db, new Request(`http://localhost/api/insights/${slug}`));
const publicList = async (page?: number) =>
  (await callApi(database.db, new Request(`http://localhost/api/insights${page ? `?page=${page}` : ""}`))).body as {
    data: { id: string; title: string; content: string }[];
    page: number;
    hasNext: boolean;
  };

beforeEach(async () => {
  await database.db.delete(insightPosts);
});

describe("creating, listing and reading posts", () => {
  it("creates a draft with a slug from the title, unique on repeats, that the public cannot see", async () => {
    const first = await create();
    expect(first).toMatchObject({ slug: "why-small-teams-ship-faster", version: 1 });
    const second = await create();
    expect(second.slug).toBe("why-small-teams-ship-faster-2");
    expect(await read(first.id)).toMatchObject({
      data: {
        title: "Why Small Teams Ship Faster",
        status: "draft",
        publishDate: null,
        slugFixed: false,
        cover: null,
        sources: [],
        bodyMarkdown: "## Lessons\n\nShip **small**.",
      },
    });
    expect((await publicList()).data).toEqual([]);
    expect((await publicOne(first.slug)).status).toBe(404);
  });

  it("refuses a slug another post has with 409, and writes nothing", async () => {
    await create({ slug: "taken" });
    const answer = await call("/api/admin/insights", "POST", { body: post({ slug: "taken" }) });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      message: INSIGHT_SLUG_TAKEN_MESSAGE,
      errors: { slug: [INSIGHT_SLUG_TAKEN_MESSAGE] },
    });
    expect(await database.db.$count(insightPosts)).toBe(1);
  });

  it("lists every post for the owner with its status, and searches by title", async () => {
    await create({ title: "Alpha post" });
    await create({ title: "Beta post", status: "published" });
    const all = await call("/api/admin/insights", "GET");
    expect((all.body as { data: { title: string; status: string }[] }).data).toEqual([
      expect.objectContaining({ title: "Beta post", status: "published" }),
      expect.objectContaining({ title: "Alpha post", status: "draft" }),
    ]);
    const found = await call("/api/admin/insights", "GET", { path: "?q=alpha" });
    expect((found.body as { data: { title: string }[] }).data.map((row) => row.title)).toEqual(["Alpha post"]);
  });

  it.each([
    ["no title", { title: "" }, "Enter a title"],
    [
      "a javascript: source",
      { sources: [{ url: "javascript:alert(1)", title: "x" }] },
      "Enter a link starting with http:// or https://",
    ],
    ["a bad slug", { slug: "Not A Slug" }, "A slug is lower-case letters, digits and hyphens, such as my-first-post"],
    ["a past schedule", { status: "scheduled", publishDate: "2020-01-01T00:00:00Z" }, INSIGHT_FUTURE_DATE_MESSAGE],
  ])("refuses %s with 400 and writes nothing", async (_case, fields, message) => {
    const answer = await call("/api/admin/insights", "POST", { body: post(fields) });
    expect(answer.status).toBe(400);
    expect((answer.body as { message: string }).message).toBe(message);
    expect(await database.db.$count(insightPosts)).toBe(0);
  });

  it("answers an unknown id with 404 and a malformed one with 400", async () => {
    expect((await call("/api/admin/insights/{id}", "GET", { id: "no-such-post" })).status).toBe(404);
    expect((await call("/api/admin/insights/{id}", "GET", { id: "a b" })).status).toBe(400);
    expect((await call("/api/admin/insights/{id}", "DELETE", { id: "no-such-post" })).status).toBe(404);
  });
});

describe("publishing", () => {
  it("publish now shows the post at once on the list, its page and the API, and changes the page cache's version", async () => {
    const created = await create({
      sources: [
        { url: "https://example.com/a", title: "Study A" },
        { url: "https://example.com/b", title: "" },
      ],
    });
    const before = await publicContentVersion(database.db, new Date());
    const answer = await save(created.id, {
      version: 1,
      status: "published",
      sources: [
        { url: "https://example.com/a", title: "Study A" },
        { url: "https://example.com/b", title: "" },
      ],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await publicContentVersion(database.db, new Date())).not.toBe(before);
    expect((await publicList()).data.map((item) => item.id)).toEqual([created.slug]);
    const one = await publicOne(created.slug);
    expect(one.body).toMatchObject({
      success: true,
      data: {
        id: created.slug,
        content: "<h2>Lessons</h2>\n<p>Ship <strong>small</strong>.</p>\n",
        sourceUrl: "https://example.com/a",
        sourceTitle: "Study A",
        allSources: [
          { url: "https://example.com/a", title: "Study A" },
          { url: "https://example.com/b", title: "https://example.com/b" },
        ],
      },
    });
  });

  it("a scheduled post stays hidden until its date, then appears by itself with no write", async () => {
    const created = await create();
    const due = new Date(Date.now() + 3_600_000);
    expect((await save(created.id, { version: 1, status: "scheduled", publishDate: due.toISOString() })).status).toBe(
      200,
    );
    expect((await publicList()).data).toEqual([]);
    const versionBefore = await publicContentVersion(database.db, new Date());
    const later = new Date(due.getTime() + 1000);
    expect((await listInsightPage(database.db, 1, later)).posts.map((item) => item.id)).toEqual([created.slug]);
    expect(await publicContentVersion(database.db, later)).not.toBe(versionBefore);
  });

  it("unpublish takes the post off at once", async () => {
    const created = await create({ status: "published" });
    expect((await publicOne(created.slug)).status).toBe(200);
    expect((await save(created.id, { version: 1, status: "unpublished" })).status).toBe(200);
    expect((await publicOne(created.slug)).status).toBe(404);
  });
});

describe("two tabs and slugs", () => {
  it("refuses a save from an outdated version with 409 and keeps the newer save", async () => {
    const created = await create();
    expect((await save(created.id, { version: 1, title: "First tab" })).status).toBe(200);
    const stale = await save(created.id, { version: 1, title: "Second tab" });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ success: false, message: INSIGHT_CONFLICT_MESSAGE });
    expect((await read(created.id)).data).toMatchObject({ title: "First tab", version: 2 });
  });

  it("keeps a renamed draft's old slug as a 301 once published, and fixes the slug after publication", async () => {
    const created = await create({ slug: "old-address" });
    expect((await save(created.id, { version: 1, slug: "new-address", status: "published" })).status).toBe(200);
    expect(await database.db.select().from(insightSlugRedirects)).toEqual([
      { slug: "old-address", postId: created.id },
    ]);

    const api = await publicOne("old-address");
    expect(api.status).toBe(301);
    expect(api.headers.get("Location")).toBe("/api/insights/new-address");
    const page = await callRoute(
      articlePage.loader,
      database.db,
      new Request("http://localhost/insights/old-address"),
      {
        params: { id: "old-address" },
      },
    );
    expect(page.status).toBe(301);
    expect(page.headers.get("Location")).toBe("/insights/new-address");

    const fixed = await save(created.id, { version: 2, slug: "another-address", status: "published" });
    expect(fixed.status).toBe(400);
    expect((fixed.body as { message: string }).message).toBe(INSIGHT_SLUG_FIXED_MESSAGE);
    expect((await read(created.id)).data.slug).toBe("new-address");
  });
});

describe("the one sanitiser on hostile Markdown", () => {
  const hostile = [
    "<script>alert(1)</script>",
    "[click](javascript:alert(1))",
    '<a href="javascript:alert(2)">raw link</a>',
    '<img src="https://example.com/x.png" onerror="alert(3)">',
    '<p onclick="alert(4)" style="color:red">styled</p>',
  ].join("\n\n");

  it("the preview drops scripts, javascript: links and event handlers", async () => {
    const answer = await call("/api/admin/insights/preview", "POST", { body: { markdown: hostile } });
    expect(answer.status).toBe(200);
    const html = (answer.body as { data: { html: string } }).data.html;
    expect(html).not.toMatch(/<script|href="javascript:|onerror|onclick|style=/i);
    expect(html).toContain('<img src="https://example.com/x.png" />');
    expect(html).toContain("<p>styled</p>");
  });

  it("the stored and served article carries none of it either", async () => {
    const created = await create({ bodyMarkdown: hostile, status: "published" });
    const [row] = await database.db
      .select({ content: insightPosts.content })
      .from(insightPosts)
      .where(eq(insightPosts.id, created.id));
    expect(row.content).not.toMatch(/<script|href="javascript:|onerror|onclick|style=/i);
    const served = (await publicOne(created.slug)).body as { data: { content: string } };
    expect(served.data.content).toBe(row.content);
  });
});

describe("the cover", () => {
  const image = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: "#335577" } })
      .jpeg()
      .toBuffer();

  async function upload(id: string, fields: { alt?: string; bytes?: Buffer }) {
    const form = new FormData();
    if (fields.alt !== undefined) form.append("alt", fields.alt);
    if (fields.bytes)
      form.append("cover", new File([new Uint8Array(fields.bytes)], "cover.jpg", { type: "image/jpeg" }));
    return callApi(
      database.db,
      new Request(`http://localhost/api/admin/insights/${id}/cover`, {
        method: "PUT",
        body: form,
        headers: { cookie: owner },
      }),
      { media: media.storage },
    );
  }
  /** The media route answers bytes, not JSON: its status is what matters here. */
  const serve = async (url: string, cookie?: string) => {
    const response = (await insightMedia.loader({
      request: new Request(`http://localhost${url}`, { headers: cookie ? { cookie } : {} }),
      params: { "*": url.replace(/^\/insight-media\//, "") },
      context: routeContext(database.db, { media: media.storage }),
    } as unknown as Parameters<typeof insightMedia.loader>[0])) as Response;
    await response.arrayBuffer();
    return { status: response.status, cacheControl: response.headers.get("Cache-Control") };
  };

  it("refuses a cover without alt text with 400 and keeps nothing", async () => {
    const created = await create();
    const filesBefore = await media.listFiles();
    const answer = await upload(created.id, { alt: "", bytes: await image(1200, 630) });
    expect(answer.status).toBe(400);
    expect((answer.body as { message: string }).message).toBe(COVER_ALT_REQUIRED_MESSAGE);
    expect(await media.listFiles()).toEqual(filesBefore);
    expect((await read(created.id)).data.cover).toBeNull();
  });

  it("refuses an image that is too small with 400", async () => {
    const created = await create();
    const answer = await upload(created.id, { alt: "A chart", bytes: await image(600, 300) });
    expect(answer.status).toBe(400);
    expect((await read(created.id)).data.cover).toBeNull();
  });

  it("stores the cover without the photo's EXIF (GPS included), turned upright", async () => {
    const created = await create();
    const photo = await photoWithGpsExif({ width: 800, height: 1400 });
    const answer = await upload(created.id, { alt: "A photo", bytes: photo });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { url } = (answer.body as { data: { url: string } }).data;
    const stored = await storedImage(media.storage, url);
    expect({ width: stored.width, height: stored.height, ...metadataOf(stored) }).toEqual({
      width: 1400,
      height: 800,
      ...NO_METADATA,
    });
  });

  it("stores the cover with WebP renditions, serves it to the owner only until published, and delete removes it", async () => {
    const created = await create();
    const filesBefore = await media.listFiles();
    const answer = await upload(created.id, { alt: "A team at a whiteboard", bytes: await image(1600, 900) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const cover = (answer.body as { data: { url: string; alt: string; renditions: { url: string; width: number }[] } })
      .data;
    expect(cover.alt).toBe("A team at a whiteboard");
    expect(cover.renditions.map((rendition) => rendition.width)).toEqual([768, 1536]);
    expect(cover.renditions[0].url).toMatch(/^\/insight-media\/insights\/covers\/[\w-]+\.w768\.webp$/);

    expect((await serve(cover.renditions[0].url)).status).toBe(404);
    expect((await serve(cover.renditions[0].url, owner)).status).toBe(200);
    await save(created.id, { version: 1, status: "published", coverAlt: "A team at a whiteboard" });
    expect(await serve(cover.renditions[0].url)).toEqual({
      status: 200,
      cacheControl: "public, max-age=31536000, immutable, no-transform",
    });
    const served = (await publicOne(created.slug)).body as { data: Record<string, string> };
    expect(served.data).toMatchObject({
      imageUrl: cover.renditions[1].url,
      imageSrcSet: `${cover.renditions[0].url} 768w, ${cover.renditions[1].url} 1536w`,
      imageAlt: "A team at a whiteboard",
    });

    const saveWithoutAlt = await save(created.id, { version: 2, status: "published", coverAlt: "" });
    expect(saveWithoutAlt.status).toBe(400);

    expect((await call("/api/admin/insights/{id}", "DELETE", { id: created.id })).status).toBe(200);
    expect(await media.listFiles()).toEqual(filesBefore);
    expect((await publicOne(created.slug)).status).toBe(404);
  });
});
