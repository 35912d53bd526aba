import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, dispatchApi } from "#tests/setup/call-api";
import { routeContext } from "#tests/setup/call-route";
import { ARCHIVED_SUBSCRIBERS, seedOwnerListVolume, VOLUME } from "#tests/setup/owner-list-volume";
import { signInOwner } from "#tests/setup/sessions";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";

/** Fifty rows of the spec's fields, with room to spare: a page never grows with the list. */
const PAGE_BYTES_BUDGET = 32 * 1024;

let database: TestDatabase;
let owner: string;
beforeAll(async () => {
  database = await createTestDatabase();
  owner = await signInOwner(database.db);
  await seedOwnerListVolume(database.db);
}, 60_000);
afterAll(() => database.close());

const get = (path: string) =>
  callApi(database.db, new Request(`http://localhost${path}`, { headers: { cookie: owner } }));

describe(`owner lists with ${VOLUME.subscribers} subscribers and ${VOLUME.contacts} contact messages`, () => {
  const pages: string[] = [
    "/api/subscribers",
    "/api/subscribers?page=950",
    "/api/subscribers?archived=include&page=1000",
    "/api/subscribers?q=reader4999",
    "/api/subscribers?q=SUBSCRIBER-12&sort=email&page=2",
    "/api/subscribers?sort=oldest&page=400",
    "/api/admin/contacts",
    "/api/admin/contacts?page=360",
    "/api/admin/contacts?archived=include&sort=oldest&page=200",
  ];

  // How fast a page answers depends on the host, so it is not held here: a page holds at most 50 rows whatever the
  // list's size, and the built server's volume test (tests/server/owner-list-volume.test.ts) holds its memory.
  it.each(pages.map((path) => ({ path })))("$path answers one small page", async ({ path }) => {
    const reply = await get(path);
    expect(reply.status).toBe(200);
    const body = reply.body as { data: unknown[] };
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.length).toBeLessThanOrEqual(50);
    expect(JSON.stringify(body).length).toBeLessThan(PAGE_BYTES_BUDGET);
  });

  it("counts from the database: every subscriber, the archived ones, and those matching a search", async () => {
    const first = (await get("/api/subscribers")).body;
    expect(first).toMatchObject({
      pageCount: Math.ceil((VOLUME.subscribers - ARCHIVED_SUBSCRIBERS) / 50),
      counts: {
        total: VOLUME.subscribers - ARCHIVED_SUBSCRIBERS,
        matching: VOLUME.subscribers - ARCHIVED_SUBSCRIBERS,
        archived: ARCHIVED_SUBSCRIBERS,
      },
    });
    // reader4998 and reader49980…49989, of which 49980 is archived.
    expect((await get("/api/subscribers?q=READER4998")).body).toMatchObject({
      counts: { total: VOLUME.subscribers - ARCHIVED_SUBSCRIBERS, matching: 10, archived: 1 },
    });
  });

  it("streams every subscriber into the CSV export", async () => {
    const response = (await dispatchApi({
      request: new Request("http://localhost/api/subscribers/export?archived=include", { headers: { cookie: owner } }),
      params: {},
      context: routeContext(database.db),
    } as never)) as Response;
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let lines = 0;
    let chunks = 0;
    let last = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks += 1;
      const text = decoder.decode(value, { stream: true });
      lines += text.split("\r\n").length - 1;
      last = text;
    }
    expect(lines).toBe(1 + VOLUME.subscribers);
    expect(last.endsWith('"subscriber-1@example.com","Reader1","2024-01-01"\r\n')).toBe(true);
    // Sent as it is read, a batch at a time, not built whole and sent at once.
    expect(chunks).toBeGreaterThanOrEqual(VOLUME.subscribers / 1000);
  }, 30_000);
});
