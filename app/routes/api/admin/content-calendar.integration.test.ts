import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi } from "#tests/setup/call-api";
import { insertEpisode, insertPodcastEpisode, insertSeries } from "#tests/setup/owner-fixtures";
import { signInOwner } from "#tests/setup/sessions";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { contentEpisodes, contentSeries, podcastEpisodes } from "~/db/schema";
import {
  DESCRIPTION_TOO_SHORT_MESSAGE,
  EPISODE_ALREADY_LINKED_MESSAGE,
  EPISODE_NUMBER_MESSAGE,
  EPISODE_NUMBER_WHOLE_MESSAGE,
  INVALID_DATE_MESSAGE,
  INVALID_STATUS_MESSAGE,
  LINKED_EPISODE_MESSAGE,
  TITLE_TOO_SHORT_MESSAGE,
} from "~/features/calendar/schema";

let database: TestDatabase;
let owner: string;
beforeAll(async () => {
  database = await createTestDatabase();
  owner = await signInOwner(database.db);
});
afterAll(() => database.close());

const call = (route: string, method: string, { id, body }: { id?: string; body?: unknown } = {}) =>
  callApi(
    database.db,
    new Request(`http://localhost${id === undefined ? route : route.replace("{id}", String(id))}`, {
      method,
      headers: { cookie: owner, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );

const seriesBody = { title: "Founders Unfiltered", description: "Founders tell the story of their worst week." };
const episodeBody = {
  title: "The Pivot",
  description: "How a startup survived its pivot.",
  episodeNumber: 3,
  status: "scheduled",
  scheduledDate: "2026-11-22T00:00:00.000Z",
};

describe("content series", () => {
  it("creates a series with status planning by default and a slug from the title, unique on repeats", async () => {
    const first = await call("/api/admin/content-series", "POST", { body: seriesBody });
    expect(first).toMatchObject({
      status: 201,
      body: { success: true, data: { title: "Founders Unfiltered", status: "planning", slug: "founders-unfiltered" } },
    });
    const second = await call("/api/admin/content-series", "POST", { body: { ...seriesBody, status: "active" } });
    expect(second.body).toMatchObject({ data: { slug: "founders-unfiltered-2", status: "active" } });
    const third = await call("/api/admin/content-series", "POST", {
      body: { ...seriesBody, title: "  Founders   Unfiltered!! " },
    });
    expect(third.body).toMatchObject({ data: { title: "Founders   Unfiltered!!", slug: "founders-unfiltered-3" } });
    const symbols = await call("/api/admin/content-series", "POST", { body: { ...seriesBody, title: "???" } });
    expect(symbols.body).toMatchObject({ data: { slug: "series" } });

    const listed = await call("/api/admin/content-series", "GET");
    expect(listed).toMatchObject({ status: 200, body: { success: true } });
    expect((listed.body as { data: { slug: string }[] }).data.map((item) => item.slug)).toEqual(
      expect.arrayContaining(["founders-unfiltered", "founders-unfiltered-2", "founders-unfiltered-3", "series"]),
    );
  });

  it.each([
    [{ ...seriesBody, title: "ab" }, TITLE_TOO_SHORT_MESSAGE],
    [{ ...seriesBody, title: "   abc   ".replace("c", " ") }, TITLE_TOO_SHORT_MESSAGE],
    [{ description: seriesBody.description }, TITLE_TOO_SHORT_MESSAGE],
    [{ ...seriesBody, description: "too short" }, DESCRIPTION_TOO_SHORT_MESSAGE],
    [{ ...seriesBody, status: "archived" }, INVALID_STATUS_MESSAGE],
  ])("refuses %j with %j and stores nothing", async (body, message) => {
    const before = (await database.db.select().from(contentSeries)).length;
    expect(await call("/api/admin/content-series", "POST", { body })).toMatchObject({
      status: 400,
      body: { success: false, message },
    });
    expect((await database.db.select().from(contentSeries)).length).toBe(before);
  });
});

describe("content episodes", () => {
  it("lists a series' episodes in order; 404 for an unknown series, 400 for a bad id", async () => {
    const series = await insertSeries(database.db);
    const second = await insertEpisode(database.db, series.id, { episodeNumber: 2, guestName: "Grace Hopper" });
    const first = await insertEpisode(database.db, series.id, { episodeNumber: 1 });
    const reply = await call("/api/admin/content-series/{id}/episodes", "GET", { id: String(series.id) });
    expect(reply).toMatchObject({ status: 200, body: { success: true } });
    const data = (reply.body as { data: { id: number; guestName: string | null; scheduledDate: null }[] }).data;
    expect(data.map((item) => item.id)).toEqual([first.id, second.id]);
    expect(data[1]).toMatchObject({ guestName: "Grace Hopper", scheduledDate: null, status: "planning" });
    expect((await call("/api/admin/content-series/{id}/episodes", "GET", { id: "999999" })).status).toBe(404);
    expect((await call("/api/admin/content-series/{id}/episodes", "GET", { id: "x" })).status).toBe(400);
  });

  it("creates, edits and deletes an episode", async () => {
    const series = await insertSeries(database.db);
    const created = await call("/api/admin/content-episodes", "POST", {
      body: { ...episodeBody, seriesId: series.id },
    });
    expect(created).toMatchObject({
      status: 201,
      body: {
        success: true,
        data: { seriesId: series.id, episodeNumber: 3, status: "scheduled", scheduledDate: "2026-11-22T00:00:00.000Z" },
      },
    });
    const id = String((created.body as { data: { id: number } }).data.id);

    const edited = await call("/api/admin/content-episodes/{id}", "PATCH", {
      id,
      body: { ...episodeBody, title: "The Second Pivot", status: "editing", episodeNumber: "4", scheduledDate: null },
    });
    expect(edited).toMatchObject({
      status: 200,
      body: {
        success: true,
        data: { title: "The Second Pivot", status: "editing", episodeNumber: 4, scheduledDate: null },
      },
    });

    expect(await call("/api/admin/content-episodes/{id}", "DELETE", { id })).toMatchObject({
      status: 200,
      body: { success: true },
    });
    expect(
      await database.db
        .select()
        .from(contentEpisodes)
        .where(eq(contentEpisodes.id, Number(id))),
    ).toEqual([]);
    expect((await call("/api/admin/content-episodes/{id}", "DELETE", { id })).status).toBe(404);
  });

  it("defaults the episode number to 1 and the status to planning", async () => {
    const series = await insertSeries(database.db);
    const created = await call("/api/admin/content-episodes", "POST", {
      body: { title: "Defaults", description: "Only the required fields.", seriesId: series.id },
    });
    expect(created.body).toMatchObject({ data: { episodeNumber: 1, status: "planning", scheduledDate: null } });
  });

  it.each([
    [{ episodeNumber: 0 }, EPISODE_NUMBER_MESSAGE],
    [{ episodeNumber: -2 }, EPISODE_NUMBER_MESSAGE],
    [{ episodeNumber: "abc" }, EPISODE_NUMBER_MESSAGE],
    [{ episodeNumber: 1.5 }, EPISODE_NUMBER_WHOLE_MESSAGE],
    [{ title: "ab" }, TITLE_TOO_SHORT_MESSAGE],
    [{ description: "short" }, DESCRIPTION_TOO_SHORT_MESSAGE],
    [{ status: "draft" }, INVALID_STATUS_MESSAGE],
    [{ scheduledDate: "next week" }, INVALID_DATE_MESSAGE],
    [{ scheduledDate: "2026-13-45" }, INVALID_DATE_MESSAGE],
    [{ scheduledDate: 20261122 }, INVALID_DATE_MESSAGE],
    [{ scheduledDate: "0000-01-01" }, INVALID_DATE_MESSAGE],
  ])("refuses %j with %j, on create and on edit", async (change, message) => {
    const series = await insertSeries(database.db);
    const episode = await insertEpisode(database.db, series.id);
    const before = await database.db.select().from(contentEpisodes);
    expect(
      await call("/api/admin/content-episodes", "POST", { body: { ...episodeBody, ...change, seriesId: series.id } }),
    ).toMatchObject({ status: 400, body: { success: false, message } });
    expect(
      await call("/api/admin/content-episodes/{id}", "PATCH", {
        id: String(episode.id),
        body: { ...episodeBody, ...change },
      }),
    ).toMatchObject({ status: 400, body: { message } });
    expect(await database.db.select().from(contentEpisodes)).toEqual(before);
  });

  it("answers 404 for an unknown series or episode, 400 for bad ids, 405 for other methods", async () => {
    expect(
      (await call("/api/admin/content-episodes", "POST", { body: { ...episodeBody, seriesId: 999999 } })).status,
    ).toBe(404);
    expect(
      await call("/api/admin/content-episodes", "POST", { body: { ...episodeBody, seriesId: 3_000_000_000 } }),
    ).toMatchObject({
      status: 400,
      body: { message: "Please choose a series" },
    });
    expect((await call("/api/admin/content-episodes/{id}", "PATCH", { id: "999999", body: episodeBody })).status).toBe(
      404,
    );
    expect((await call("/api/admin/content-episodes/{id}", "PATCH", { id: "abc", body: episodeBody })).status).toBe(
      400,
    );
    expect((await call("/api/admin/content-episodes/{id}", "POST", { id: "1", body: episodeBody })).status).toBe(405);
    expect((await call("/api/admin/content-episodes", "PATCH", { body: episodeBody })).status).toBe(405);
    expect((await call("/api/admin/content-series", "DELETE")).status).toBe(405);
  });
});

describe("links to podcast episodes", () => {
  it("links an entry to an episode; it shows Published and the episode's page once the episode is public", async () => {
    const series = await insertSeries(database.db);
    const entry = await insertEpisode(database.db, series.id, { status: "editing" });
    const podcastEpisode = await insertPodcastEpisode(database.db, { title: "The Pivot, recorded" });
    const linked = await call("/api/admin/content-episodes/{id}", "PATCH", {
      id: String(entry.id),
      body: { ...episodeBody, status: "editing", podcastEpisodeId: podcastEpisode.id },
    });
    expect(linked).toMatchObject({
      status: 200,
      body: {
        data: {
          status: "editing",
          podcastEpisode: {
            id: podcastEpisode.id,
            title: "The Pivot, recorded",
            slug: podcastEpisode.slug,
            public: false,
          },
        },
      },
    });

    await database.db
      .update(podcastEpisodes)
      .set({
        status: "published",
        publishDate: new Date(Date.now() - 1000),
        audioKey: "episodes/audio/aaaaaaaaaaaaaaaaaaaa.mp3",
      })
      .where(eq(podcastEpisodes.id, podcastEpisode.id));
    const listed = await call("/api/admin/content-series/{id}/episodes", "GET", { id: String(series.id) });
    expect((listed.body as { data: unknown[] }).data).toMatchObject([
      { id: entry.id, status: "published", podcastEpisode: { id: podcastEpisode.id, public: true } },
    ]);

    // Leaving the link out keeps it; null unlinks.
    const kept = await call("/api/admin/content-episodes/{id}", "PATCH", {
      id: String(entry.id),
      body: { ...episodeBody, status: "editing" },
    });
    expect(kept.body).toMatchObject({ data: { podcastEpisode: { id: podcastEpisode.id } } });
    const unlinked = await call("/api/admin/content-episodes/{id}", "PATCH", {
      id: String(entry.id),
      body: { ...episodeBody, status: "editing", podcastEpisodeId: null },
    });
    expect(unlinked.body).toMatchObject({ data: { status: "editing", podcastEpisode: null } });
  });

  it("refuses a link to a missing episode (400) or one another entry has (409)", async () => {
    const series = await insertSeries(database.db);
    const first = await insertEpisode(database.db, series.id);
    const second = await insertEpisode(database.db, series.id, { episodeNumber: 2 });
    const podcastEpisode = await insertPodcastEpisode(database.db);
    const missing = await call("/api/admin/content-episodes/{id}", "PATCH", {
      id: String(first.id),
      body: { ...episodeBody, podcastEpisodeId: 999_999 },
    });
    expect(missing).toMatchObject({ status: 400, body: { message: LINKED_EPISODE_MESSAGE } });
    await call("/api/admin/content-episodes/{id}", "PATCH", {
      id: String(first.id),
      body: { ...episodeBody, podcastEpisodeId: podcastEpisode.id },
    });
    const taken = await call("/api/admin/content-episodes", "POST", {
      body: { ...episodeBody, seriesId: series.id, podcastEpisodeId: podcastEpisode.id },
    });
    expect(taken).toMatchObject({ status: 409, body: { message: EPISODE_ALREADY_LINKED_MESSAGE } });
    const takenByEdit = await call("/api/admin/content-episodes/{id}", "PATCH", {
      id: String(second.id),
      body: { ...episodeBody, podcastEpisodeId: podcastEpisode.id },
    });
    expect(takenByEdit.status).toBe(409);
  });

  it("creates a draft podcast episode from an entry and links it; a second time is a 409", async () => {
    const series = await insertSeries(database.db);
    const entry = await insertEpisode(database.db, series.id, {
      title: "Made from the calendar",
      description: "The description becomes the summary.",
      status: "published",
    });
    const created = await call("/api/admin/content-episodes/{id}/podcast-episode", "POST", { id: String(entry.id) });
    expect(created).toMatchObject({ status: 201, body: { success: true, data: { slug: "made-from-the-calendar" } } });
    const id = (created.body as { data: { id: number } }).data.id;
    const [row] = await database.db.select().from(podcastEpisodes).where(eq(podcastEpisodes.id, id));
    expect(row).toMatchObject({
      title: "Made from the calendar",
      description: "The description becomes the summary.",
      status: "draft",
    });
    const listed = await call("/api/admin/content-series/{id}/episodes", "GET", { id: String(series.id) });
    expect((listed.body as { data: unknown[] }).data).toMatchObject([{ podcastEpisode: { id, public: false } }]);
    const again = await call("/api/admin/content-episodes/{id}/podcast-episode", "POST", { id: String(entry.id) });
    expect(again).toMatchObject({ status: 409, body: { message: EPISODE_ALREADY_LINKED_MESSAGE } });
    expect((await call("/api/admin/content-episodes/{id}/podcast-episode", "POST", { id: "999999" })).status).toBe(404);
  });
});
