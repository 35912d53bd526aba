import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, dispatchApi } from "#tests/setup/call-api";
import { routeContext } from "#tests/setup/call-route";
import { insertSubscriber } from "#tests/setup/owner-fixtures";
import { rowById } from "#tests/setup/rows";
import { signInOwner } from "#tests/setup/sessions";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { subscribers } from "~/db/schema";

let database: TestDatabase;
let owner: string;
beforeAll(async () => {
  database = await createTestDatabase();
  owner = await signInOwner(database.db);
});
afterAll(() => database.close());

const call = (method: string, path: string, body?: unknown) =>
  callApi(
    database.db,
    new Request(`http://localhost${path}`, {
      method,
      headers: { cookie: owner, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );

type ListBody = {
  data: { id: number; email: string }[];
  counts: { total: number; matching: number; archived: number };
};
const listOf = async (query: string) => (await call("GET", `/api/subscribers${query}`)).body as ListBody;

/** The export as the browser receives it: a streamed text/csv response, read to the end. */
async function exportOf(query: string) {
  const response = (await dispatchApi({
    request: new Request(`http://localhost/api/subscribers/export${query}`, { headers: { cookie: owner } }),
    params: {},
    context: routeContext(database.db),
  } as never)) as Response;
  // Decoded keeping the byte-order mark, which a plain text() would drop.
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
  return { response, lines: text.split("\r\n") };
}

describe("GET /api/subscribers", () => {
  it("answers the first page newest first, archived ones only with ?archived=include", async () => {
    const first = await insertSubscriber(database.db, {
      email: "first@example.com",
      firstName: "First",
      createdAt: new Date("2026-03-01T00:00:00Z"),
    });
    const second = await insertSubscriber(database.db, { archived: true, createdAt: new Date("2026-04-01T00:00:00Z") });
    const reply = await call("GET", "/api/subscribers");
    const body = reply.body as { success: boolean; message: string; data: { id: number }[] };
    expect(reply.status).toBe(200);
    expect(body).toMatchObject({
      success: true,
      message: "1 subscribers",
      page: 1,
      pageSize: 50,
      pageCount: 1,
      counts: { total: 1, matching: 1, archived: 1 },
    });
    expect(body.data).toEqual([
      {
        id: first.id,
        email: "first@example.com",
        firstName: "First",
        lastName: null,
        source: null,
        active: true,
        archived: false,
        createdAt: "2026-03-01T00:00:00.000Z",
      },
    ]);
    expect((await listOf("?archived=include")).data.map((item) => item.id)).toEqual([second.id, first.id]);
    await database.db.delete(subscribers);
  });

  it("searches email and first name case-insensitively, with % and _ taken literally", async () => {
    await insertSubscriber(database.db, { email: "ada.lovelace@example.com", firstName: "Ada" });
    await insertSubscriber(database.db, { email: "grace@example.com", firstName: "ADAline" });
    await insertSubscriber(database.db, { email: "per_cent%@example.com", firstName: "Alan" });
    await insertSubscriber(database.db, { email: "other@example.com", firstName: "Other" });
    expect((await listOf("?q=ADA")).data.map((item) => item.email).sort()).toEqual([
      "ada.lovelace@example.com",
      "grace@example.com",
    ]);
    expect((await listOf("?q=ADA")).counts).toEqual({ total: 4, matching: 2, archived: 0 });
    expect((await listOf(`?q=${encodeURIComponent("_cent%")}`)).data.map((item) => item.email)).toEqual([
      "per_cent%@example.com",
    ]);
    expect((await listOf("?q=%25")).counts.matching).toBe(1);
    expect((await listOf("?q=lovelace")).counts.matching).toBe(1);
    expect((await listOf("?q=%20%20")).counts.matching).toBe(4);
    await database.db.delete(subscribers);
  });

  it("pages 50 at a time and sorts newest, oldest or by email on the server", async () => {
    await database.db.execute(sql`
      insert into subscribers (email, created_at)
      select 'paged-' || lpad(n::text, 3, '0') || '@example.com', timestamptz '2026-01-01' + n * interval '1 minute'
      from generate_series(1, 120) as n`);
    const emails = async (query: string) => (await listOf(query)).data.map((item) => item.email);
    const pageOne = await listOf("");
    expect(pageOne.data).toHaveLength(50);
    expect(pageOne).toMatchObject({ pageCount: 3, counts: { total: 120, matching: 120 } });
    expect((await emails(""))[0]).toBe("paged-120@example.com");
    expect(await emails("?page=3")).toHaveLength(20);
    expect((await emails("?page=3")).at(-1)).toBe("paged-001@example.com");
    expect(await emails("?page=4")).toEqual([]);
    expect((await emails("?sort=oldest")).slice(0, 2)).toEqual(["paged-001@example.com", "paged-002@example.com"]);
    expect((await emails("?sort=email&page=2"))[0]).toBe("paged-051@example.com");
    await database.db.delete(subscribers);
  });

  it("refuses bad parameters with 400 and a message naming them", async () => {
    for (const [query, message] of [
      ["?page=0", "page must be a whole number from 1"],
      ["?page=1.5", "page must be a whole number from 1"],
      ["?page=100001", "page must be at most 100000"],
      ["?archived=only", 'archived must be "exclude" or "include"'],
      ["?sort=name", 'sort must be "newest", "oldest" or "email"'],
      [`?q=${"x".repeat(201)}`, "q must be at most 200 characters"],
      ["?q=%00", "q must not contain NUL characters"],
      ["?q=a&q=b", "q must be given once"],
    ]) {
      expect(await call("GET", `/api/subscribers${query}`)).toMatchObject({
        status: 400,
        body: { success: false, message },
      });
    }
  });
});

describe("GET /api/subscribers/export", () => {
  it("streams every subscriber of the view as the spec's CSV, whatever the page", async () => {
    await database.db.execute(sql`
      insert into subscribers (email, first_name, created_at, archived)
      select 'csv-' || n || '@example.com', case when n = 1 then '=1+1' else 'Reader' end,
             timestamptz '2026-05-01' + n * interval '1 second', n % 10 = 0
      from generate_series(1, 2500) as n`);
    const { response, lines } = await exportOf("");
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(lines[0]).toBe('\uFEFF"Email","First Name","Subscription Date"');
    expect(lines).toHaveLength(1 + 2250 + 1);
    expect(lines[1]).toBe('"csv-2499@example.com","Reader","2026-05-01"');
    expect(lines.at(-2)).toBe(`"csv-1@example.com","'=1+1","2026-05-01"`);
    expect(lines.at(-1)).toBe("");
    expect(new Set(lines).size).toBe(lines.length);

    expect((await exportOf("?archived=include")).lines).toHaveLength(2500 + 2);
    expect((await exportOf("?q=csv-25&sort=oldest")).lines.slice(1, -1)).toEqual(
      [
        25,
        ...Array.from({ length: 9 }, (_, index) => 251 + index),
        ...Array.from({ length: 99 }, (_, index) => 2501 + index),
      ]
        .filter((n) => n <= 2500 && n % 10 !== 0)
        .map((n) => `"csv-${n}@example.com","Reader","2026-05-01"`),
    );
    await database.db.delete(subscribers);
  });

  it("refuses bad parameters with 400, and a page parameter (the export has no pages)", async () => {
    expect(await call("GET", "/api/subscribers/export?archived=all")).toMatchObject({
      status: 400,
      body: { success: false, message: 'archived must be "exclude" or "include"' },
    });
    expect(await call("GET", "/api/subscribers/export?page=2")).toMatchObject({
      status: 400,
      body: { success: false, message: 'Unrecognized key: "page"' },
    });
  });
});

describe("PATCH /api/subscribers/{id}/archive", () => {
  it("archives with no body or { archived: true }; a repeated archive leaves the subscriber archived", async () => {
    const subscriber = await insertSubscriber(database.db);
    const path = `/api/subscribers/${subscriber.id}/archive`;
    for (const body of [undefined, undefined, { archived: true }]) {
      expect(await call("PATCH", path, body)).toMatchObject({
        status: 200,
        body: { success: true, message: "Subscriber archived" },
      });
      expect((await rowById(database.db, subscribers, subscriber.id))?.archived).toBe(true);
    }
  });

  it("restores with { archived: false }; a repeated restore leaves the subscriber restored", async () => {
    const subscriber = await insertSubscriber(database.db, { archived: true });
    const path = `/api/subscribers/${subscriber.id}/archive`;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect(await call("PATCH", path, { archived: false })).toMatchObject({
        status: 200,
        body: { success: true, message: "Subscriber restored" },
      });
      expect((await rowById(database.db, subscribers, subscriber.id))?.archived).toBe(false);
    }
  });

  it("answers 404, 400 and 405", async () => {
    expect((await call("PATCH", "/api/subscribers/424242/archive")).status).toBe(404);
    expect((await call("PATCH", "/api/subscribers/abc/archive")).status).toBe(400);
    expect((await call("PATCH", "/api/subscribers/1/archive", { archived: "no" })).status).toBe(400);
    expect((await call("GET", "/api/subscribers/1/archive")).status).toBe(405);
  });
});

describe("DELETE /api/subscribers/{id}", () => {
  it("deletes the subscriber", async () => {
    const subscriber = await insertSubscriber(database.db);
    expect(await call("DELETE", `/api/subscribers/${subscriber.id}`)).toMatchObject({
      status: 200,
      body: { success: true, message: "Subscriber deleted" },
    });
    expect(await rowById(database.db, subscribers, subscriber.id)).toBeUndefined();
  });

  it("answers 404, 400 and 405", async () => {
    expect((await call("DELETE", "/api/subscribers/424242")).status).toBe(404);
    expect((await call("DELETE", "/api/subscribers/1e3")).status).toBe(400);
    expect((await call("POST", "/api/subscribers/1")).status).toBe(405);
  });
});
