import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi } from "#tests/setup/call-api";
import { openTestMediaStorage, type TestMediaStorage } from "#tests/setup/media-storages";
import { insertApplication } from "#tests/setup/owner-fixtures";
import { signInOwner } from "#tests/setup/sessions";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { episodeGuests, episodeSlugRedirects, podcastEpisodes } from "~/db/schema";
import {
  AUDIO_REQUIRED_MESSAGE,
  EPISODE_CONFLICT_MESSAGE,
  FUTURE_DATE_REQUIRED_MESSAGE,
  GUEST_APPLICATION_MESSAGE,
  SLUG_FIXED_MESSAGE,
  SLUG_TAKEN_MESSAGE,
} from "~/features/episodes/editor-schema";

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
  { id, body, query = "" }: { id?: number; body?: unknown; query?: string } = {},
) =>
  callApi(
    database.db,
    new Request(`http://localhost${id === undefined ? route : route.replace("{id}", String(id))}${query}`, {
      method,
      headers: { cookie: owner, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    { media: media.storage },
  );

type Created = { id: number; slug: string; version: number };
const create = async (body: Record<string, unknown>) => {
  const answer = await call("/api/admin/episodes", "POST", { body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return (answer.body as { data: Created }).data;
};
const read = async (id: number) =>
  (await call("/api/admin/episodes/{id}", "GET", { id })).body as {
    data: Record<string, unknown> & { version: number };
  };

/** Gives the episode stored audio, as an upload would (without raising its version). */
async function giveAudio(id: number) {
  const key = `episodes/audio/${"a".repeat(20)}${id}.mp3`;
  await media.storage.put(key, Readable.from([Buffer.from("not really audio")]));
  await database.db
    .update(podcastEpisodes)
    .set({ audioKey: key, audioLengthBytes: 16, durationSeconds: 61 })
    .where(eq(podcastEpisodes.id, id));
  return key;
}

const hourFromNow = () => new Date(Date.now() + 3_600_000).toISOString();

describe("creating and reading episodes", () => {
  it("creates a draft with a slug from the title, unique on repeats, and reads back every field", async () => {
    const first = await create({ title: "Ünïcode & Pivots: Part 1!" });
    expect(first).toMatchObject({ slug: "unicode-pivots-part-1", version: 1 });
    const second = await create({ title: "Ünïcode & Pivots: Part 1!" });
    expect(second.slug).toBe("unicode-pivots-part-1-2");

    const full = await create({
      title: "The Full One",
      summary: "A summary.",
      showNotesMarkdown: "# Notes\n\n**Bold** and [a link](https://example.com).",
      seasonNumber: 2,
      episodeNumber: 7,
      episodeType: "bonus",
      explicit: true,
      premium: true,
      chapters: [
        { startTime: "0:00", title: "Intro" },
        { startTime: "1:05", title: "Story", url: "https://example.com/story" },
      ],
      guests: [{ name: "Ann Lee", role: "Founder", link: "https://ann.example" }],
    });
    const { data } = await read(full.id);
    expect(data).toMatchObject({
      title: "The Full One",
      slug: "the-full-one",
      slugFixed: false,
      summary: "A summary.",
      status: "draft",
      publishDate: null,
      seasonNumber: 2,
      episodeNumber: 7,
      episodeType: "bonus",
      explicit: true,
      premium: true,
      chapters: [
        { startSeconds: 0, title: "Intro", url: null },
        { startSeconds: 65, title: "Story", url: "https://example.com/story" },
      ],
      guests: [{ name: "Ann Lee", role: "Founder", link: "https://ann.example", guestApplicationId: null }],
      version: 1,
      audio: null,
      artwork: null,
      transcript: null,
    });
    expect(data.showNotesHtml).toContain('<strong>Bold</strong> and <a href="https://example.com"');
  });

  it("takes the form's fields as text (checkboxes, blank numbers, numbered rows)", async () => {
    const created = await create({
      title: "From the form",
      seasonNumber: "",
      episodeNumber: "3",
      explicit: "on",
      chapters: { 1: { startTime: "2:00", title: "Second" }, 0: { startTime: "0", title: "First" } },
      guests: { 0: { name: "Bo", role: "", link: "" } },
    });
    const { data } = await read(created.id);
    expect(data).toMatchObject({
      seasonNumber: null,
      episodeNumber: 3,
      explicit: true,
      premium: false,
      chapters: [{ title: "First" }, { title: "Second" }],
      guests: [{ name: "Bo", role: null, link: null }],
    });
  });

  it("refuses bad input with the per-field messages, and an explicit slug already taken with a 409", async () => {
    const bad = await call("/api/admin/episodes", "POST", {
      body: { title: " ", slug: "Not A Slug", summary: "x".repeat(4001), chapters: [{ startTime: "soon", title: "" }] },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys((bad.body as { errors: object }).errors).sort()).toEqual(
      ["chapters.0.startTime", "chapters.0.title", "slug", "summary", "title"].sort(),
    );
    await create({ title: "Taken", slug: "taken-slug" });
    const taken = await call("/api/admin/episodes", "POST", { body: { title: "Other", slug: "taken-slug" } });
    expect(taken).toMatchObject({ status: 409, body: { success: false, message: SLUG_TAKEN_MESSAGE } });
  });

  it("answers 404 and 400 for a missing episode and a bad id", async () => {
    expect((await call("/api/admin/episodes/{id}", "GET", { id: 999_999 })).status).toBe(404);
    const badId = await callApi(
      database.db,
      new Request("http://localhost/api/admin/episodes/abc", { headers: { cookie: owner } }),
    );
    expect(badId.status).toBe(400);
  });
});

describe("saving", () => {
  it("saves with the version it opened and refuses a save from an older tab with the conflict message", async () => {
    const created = await create({ title: "Two tabs" });
    const firstTab = await call("/api/admin/episodes/{id}", "PUT", {
      id: created.id,
      body: { title: "First tab", version: 1 },
    });
    expect(firstTab).toMatchObject({ status: 200, body: { data: { version: 2, slug: "two-tabs" } } });
    const secondTab = await call("/api/admin/episodes/{id}", "PUT", {
      id: created.id,
      body: { title: "Second", version: 1 },
    });
    expect(secondTab).toMatchObject({ status: 409, body: { success: false, message: EPISODE_CONFLICT_MESSAGE } });
    expect((await read(created.id)).data.title).toBe("First tab");
  });

  it("an upload does not raise the version, so the editor's next save goes through", async () => {
    const created = await create({ title: "Upload then save" });
    await giveAudio(created.id);
    const saved = await call("/api/admin/episodes/{id}", "PUT", {
      id: created.id,
      body: { title: "Saved", version: 1 },
    });
    expect(saved.status).toBe(200);
  });

  it("keeps the old slug as a redirect, renames back, and refuses a slug another episode uses or used", async () => {
    const created = await create({ title: "Old name" });
    const other = await create({ title: "Other episode" });
    await call("/api/admin/episodes/{id}", "PUT", {
      id: created.id,
      body: { title: "Old name", slug: "new-name", version: 1 },
    });
    const redirects = await database.db
      .select()
      .from(episodeSlugRedirects)
      .where(eq(episodeSlugRedirects.episodeId, created.id));
    expect(redirects.map((row) => row.slug)).toEqual(["old-name"]);

    const stealsOld = await call("/api/admin/episodes/{id}", "PUT", {
      id: other.id,
      body: { title: "Other", slug: "old-name", version: 1 },
    });
    expect(stealsOld).toMatchObject({
      status: 409,
      body: { message: SLUG_TAKEN_MESSAGE, errors: { slug: [SLUG_TAKEN_MESSAGE] } },
    });
    const stealsNew = await call("/api/admin/episodes/{id}", "PUT", {
      id: other.id,
      body: { title: "Other", slug: "new-name", version: 1 },
    });
    expect(stealsNew.status).toBe(409);
    const fresh = await create({ title: "Old name" });
    expect(fresh.slug).toBe("old-name-2");

    const back = await call("/api/admin/episodes/{id}", "PUT", {
      id: created.id,
      body: { title: "Old name", slug: "old-name", version: 2 },
    });
    expect(back).toMatchObject({ status: 200, body: { data: { slug: "old-name" } } });
    const after = await database.db
      .select()
      .from(episodeSlugRedirects)
      .where(eq(episodeSlugRedirects.episodeId, created.id));
    expect(after.map((row) => row.slug)).toEqual(["new-name"]);
  });

  it("gives one slug to one of two saves made at once, and a clear 409 to the other", async () => {
    const a = await create({ title: "Race A" });
    const b = await create({ title: "Race B" });
    const answers = await Promise.all(
      [a, b].map((episode) =>
        call("/api/admin/episodes/{id}", "PUT", {
          id: episode.id,
          body: { title: "Race", slug: "the-race", version: 1 },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const creates = await Promise.all(
      [1, 2, 3].map(() => call("/api/admin/episodes", "POST", { body: { title: "Same title at once" } })),
    );
    expect(creates.map((answer) => answer.status)).toEqual([201, 201, 201]);
    const slugs = creates.map((answer) => (answer.body as { data: Created }).data.slug).sort();
    expect(slugs).toEqual(["same-title-at-once", "same-title-at-once-2", "same-title-at-once-3"]);
  });
});

describe("status changes", () => {
  it("refuses to publish or schedule without audio, and to schedule without a future date", async () => {
    const created = await create({ title: "No audio yet" });
    const publish = await call("/api/admin/episodes/{id}", "PUT", {
      id: created.id,
      body: { title: "No audio yet", status: "published", version: 1 },
    });
    expect(publish).toMatchObject({ status: 400, body: { message: AUDIO_REQUIRED_MESSAGE } });
    const createPublished = await call("/api/admin/episodes", "POST", {
      body: { title: "Straight out", status: "published" },
    });
    expect(createPublished).toMatchObject({ status: 400, body: { message: AUDIO_REQUIRED_MESSAGE } });
    await giveAudio(created.id);
    const past = await call("/api/admin/episodes/{id}", "PUT", {
      id: created.id,
      body: { title: "No audio yet", status: "scheduled", publishDate: "2020-01-01T00:00:00Z", version: 1 },
    });
    expect(past).toMatchObject({ status: 400, body: { message: FUTURE_DATE_REQUIRED_MESSAGE } });
  });

  it("schedules (slug still editable), publishes now (slug fixed), unpublishes and goes back to draft", async () => {
    const created = await create({ title: "Lifecycle" });
    await giveAudio(created.id);
    const publishDate = hourFromNow();
    const scheduled = await call("/api/admin/episodes/{id}", "PUT", {
      id: created.id,
      body: { title: "Lifecycle", status: "scheduled", publishDate, version: 1 },
    });
    expect(scheduled.status).toBe(200);
    expect((await read(created.id)).data).toMatchObject({ status: "scheduled", publishDate, slugFixed: false });

    const before = Date.now();
    await call("/api/admin/episodes/{id}", "PUT", {
      id: created.id,
      body: { title: "Lifecycle", status: "published", version: 2 },
    });
    const published = (await read(created.id)).data;
    expect(published).toMatchObject({ status: "published", slugFixed: true });
    expect(Date.parse(published.publishDate as string)).toBeGreaterThanOrEqual(before - 1000);

    const rename = await call("/api/admin/episodes/{id}", "PUT", {
      id: created.id,
      body: { title: "Lifecycle", slug: "renamed", status: "published", version: 3 },
    });
    expect(rename).toMatchObject({ status: 400, body: { message: SLUG_FIXED_MESSAGE } });

    await call("/api/admin/episodes/{id}", "PUT", {
      id: created.id,
      body: { title: "Lifecycle", status: "unpublished", version: 3 },
    });
    expect((await read(created.id)).data).toMatchObject({ status: "unpublished", slugFixed: true });
    await call("/api/admin/episodes/{id}", "PUT", {
      id: created.id,
      body: { title: "Lifecycle", status: "draft", version: 4 },
    });
    expect((await read(created.id)).data).toMatchObject({ status: "draft", version: 5 });
  });

  it("shows a scheduled episode whose date has come as published, in the editor and the list", async () => {
    const created = await create({ title: "Came due" });
    await giveAudio(created.id);
    await database.db
      .update(podcastEpisodes)
      .set({ status: "scheduled", publishDate: new Date(Date.now() - 1000) })
      .where(eq(podcastEpisodes.id, created.id));
    expect((await read(created.id)).data.status).toBe("published");
    const list = await call("/api/admin/episodes", "GET", { query: "?q=came%20DUE" });
    expect(list.body).toMatchObject({ data: [{ id: created.id, status: "published", durationSeconds: 61 }] });
  });
});

describe("guests from applications", () => {
  it("takes an approved or scheduled application and refuses any other", async () => {
    const approved = await insertApplication(database.db, { status: "approved" });
    const submitted = await insertApplication(database.db, { status: "submitted" });
    const created = await create({
      title: "With a guest",
      guests: [{ name: approved.name, guestApplicationId: approved.id }],
    });
    const rows = await database.db.select().from(episodeGuests).where(eq(episodeGuests.episodeId, created.id));
    expect(rows).toMatchObject([{ name: approved.name, guestApplicationId: approved.id, position: 0 }]);
    const refused = await call("/api/admin/episodes", "POST", {
      body: { title: "Refused guest", guests: [{ name: "X", guestApplicationId: submitted.id }] },
    });
    expect(refused).toMatchObject({ status: 400, body: { message: GUEST_APPLICATION_MESSAGE } });

    // The owner's applications list says where the applicant appears: by episode number, or by title without one.
    await create({
      title: "Numbered",
      episodeNumber: 12,
      guests: [{ name: approved.name, guestApplicationId: approved.id }],
    });
    const applications = await callApi(
      database.db,
      new Request("http://localhost/api/guests/applications?archived=include", { headers: { cookie: owner } }),
    );
    const listed = (applications.body as { data: { id: number; appearsIn: string[] }[] }).data;
    expect(listed.find((row) => row.id === approved.id)?.appearsIn).toEqual(["12", "With a guest"]);
    expect(listed.find((row) => row.id === submitted.id)?.appearsIn).toEqual([]);
  });
});

describe("the list", () => {
  it("pages newest first, searches titles, and refuses unknown parameters", async () => {
    const list = await call("/api/admin/episodes", "GET");
    const body = list.body as { data: { id: number; publishDate: string | null }[]; counts: { total: number } };
    expect(body.counts.total).toBeGreaterThan(5);
    const newest = await create({ title: "Newest of all" });
    const after = (await call("/api/admin/episodes", "GET")).body as { data: { id: number }[] };
    expect(after.data[0].id).toBe(newest.id);
    const search = (await call("/api/admin/episodes", "GET", { query: "?q=NEWEST%20of" })).body as { data: unknown[] };
    expect(search.data).toHaveLength(1);
    expect((await call("/api/admin/episodes", "GET", { query: "?archived=include" })).status).toBe(400);
    expect((await call("/api/admin/episodes", "GET", { query: "?sort=title" })).status).toBe(400);
  });
});

describe("deleting", () => {
  it("deletes the row and its media files", async () => {
    const created = await create({ title: "To delete" });
    const key = await giveAudio(created.id);
    expect(await media.storage.stat(key)).not.toBeNull();
    const deleted = await call("/api/admin/episodes/{id}", "DELETE", { id: created.id });
    expect(deleted).toMatchObject({ status: 200, body: { success: true } });
    expect(await media.storage.stat(key)).toBeNull();
    expect((await call("/api/admin/episodes/{id}", "DELETE", { id: created.id })).status).toBe(404);
  });
});

describe("show notes", () => {
  it("renders Markdown and removes scripts, event handlers and javascript: links", async () => {
    const markdown = [
      "Hello **world**",
      "",
      "<script>alert(1)</script>",
      '<img src="https://example.com/x.png" onerror="alert(2)">',
      '[click](javascript:alert(3)) and <a href="javascript:alert(4)">raw</a>',
    ].join("\n");
    const preview = await call("/api/admin/episodes/notes-preview", "POST", { body: { markdown } });
    const html = (preview.body as { data: { html: string } }).data.html;
    expect(html).toContain("<strong>world</strong>");
    expect(html).not.toMatch(/<script|alert\(1\)|onerror|href="javascript/i);
    expect(html).toContain('<img src="https://example.com/x.png" />');
    expect(html).toContain('<a rel="noopener noreferrer">raw</a>');
    const created = await create({ title: "Notes", showNotesMarkdown: markdown });
    expect((await read(created.id)).data.showNotesHtml).toBe(html);
  });

  it("sanitises stored show notes again when the editor reads them", async () => {
    const created = await create({ title: "Stored by hand" });
    await database.db
      .update(podcastEpisodes)
      .set({ showNotesHtml: '<p onclick="steal()">Hi<script>steal()</script></p>' })
      .where(eq(podcastEpisodes.id, created.id));
    expect((await read(created.id)).data.showNotesHtml).toBe("<p>Hi</p>");
  });
});
