import { inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { callApi } from "#tests/setup/call-api";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { sampleInsightPosts } from "~/db/sample-content";
import { insightPosts } from "~/db/schema";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(insightPosts).values(sampleInsightPosts);
});
afterAll(() => database.close());

const list = () => callApi(database.db, new Request("http://localhost/api/insights"));
const one = (id: string) =>
  callApi(database.db, new Request(`http://localhost/api/insights/${encodeURIComponent(id)}`));

/** A post written straight into the table, as an import or a hand edit might, bypassing the seed's sanitising. */
async function insertRawPost(id: string, values: Partial<typeof insightPosts.$inferInsert>) {
  await database.db.insert(insightPosts).values({
    id,
    slug: id,
    status: "published",
    title: "Raw",
    excerpt: "Raw post",
    publishedAt: new Date("2020-01-01T00:00:00Z"),
    category: "Tests",
    authorName: "tester",
    ...values,
  });
}

describe("GET /api/insights", () => {
  it("answers success, a message and the three seeded posts, newest first, in the spec's shape", async () => {
    const reply = await list();
    expect(reply.status).toBe(200);
    const body = reply.body as { success: boolean; message: string; data: Array<Record<string, unknown>> };
    expect(body.success).toBe(true);
    expect(body.message).toEqual(expect.any(String));
    expect(body.data.map((post) => post.id)).toEqual([
      "ai-agents-small-business",
      "resilient-supply-chains",
      "founder-burnout",
    ]);
    expect(body.data[0]).toEqual({
      id: "ai-agents-small-business",
      title: sampleInsightPosts[0].title,
      excerpt: sampleInsightPosts[0].excerpt,
      date: "2025-05-06T09:00:00.000Z",
      imageUrl: "/images/insights/ai-agents-small-business.webp",
      category: "Technology",
      author: { name: "Alex Morgan", avatarUrl: null },
      content: expect.stringContaining("<h2>Where agents already pay off</h2>"),
      sourceUrl: "https://www.example.com/research/ai-agents-smb",
      sourceTitle: "Example Research: AI Agents in Small Firms",
      allSources: sampleInsightPosts[0].allSources,
    });
  });

  it("leaves out the optional fields a post does not have, and gives empty content as an empty string", async () => {
    const body = (await list()).body as { data: Array<Record<string, unknown>> };
    const burnout = body.data.find((post) => post.id === "founder-burnout");
    expect(burnout).toMatchObject({ content: "" });
    expect(burnout).not.toHaveProperty("sourceUrl");
    expect(burnout).not.toHaveProperty("sourceTitle");
    expect(burnout).not.toHaveProperty("allSources");
    const supplyChains = body.data.find((post) => post.id === "resilient-supply-chains");
    expect(supplyChains).toHaveProperty("sourceUrl");
    expect(supplyChains).not.toHaveProperty("sourceTitle");
  });

  it("answers other methods with 405", async () => {
    const reply = await callApi(database.db, new Request("http://localhost/api/insights", { method: "POST" }));
    expect(reply.status).toBe(405);
  });
});

describe("GET /api/insights/{id}", () => {
  it("answers success and the post", async () => {
    const reply = await one("resilient-supply-chains");
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      success: true,
      data: { id: "resilient-supply-chains", title: sampleInsightPosts[1].title, category: "Operations" },
    });
  });

  it.each([
    ["an unknown id", "no-such-post"],
    ["a numeric id", "42"],
    ["an id with SQL in it", "x' or '1'='1"],
    ["a very long id", "a".repeat(5000)],
    ["an id holding a NUL character", "founder-burnout\u0000"],
  ])("answers %s with 404 and success false", async (_case, id) => {
    const reply = await one(id);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ success: false, message: "Insight not found" });
  });

  it("answers other methods with 405", async () => {
    const reply = await callApi(
      database.db,
      new Request("http://localhost/api/insights/founder-burnout", { method: "DELETE" }),
    );
    expect(reply.status).toBe(405);
  });
});

describe("sanitising when served", () => {
  afterEach(async () => {
    await database.db.delete(insightPosts).where(inArray(insightPosts.id, ["raw-html", "raw-sources"]));
  });

  it("strips scripts, handlers, styles, frames and dangerous URLs from stored HTML, in the list and the post", async () => {
    await insertRawPost("raw-html", {
      content:
        '<p onclick="steal()" style="color:red">Hello</p><script>steal()</script>' +
        '<iframe src="https://evil.example"></iframe><a href="javascript:steal()">bad</a>' +
        '<a href="https://ok.example">good</a><img src="data:image/png;base64,AAAA" onerror="steal()">',
    });
    const expected =
      '<p>Hello</p><a rel="noopener noreferrer">bad</a><a href="https://ok.example" rel="noopener noreferrer">good</a><img />';
    const post = (await one("raw-html")).body as { data: { content: string } };
    expect(post.data.content).toBe(expected);
    const listed = ((await list()).body as { data: Array<{ id: string; content: string }> }).data;
    expect(listed.find((item) => item.id === "raw-html")?.content).toBe(expected);
  });

  it("drops source addresses that are not http(s)", async () => {
    await insertRawPost("raw-sources", {
      sourceUrl: "javascript:steal()",
      sourceTitle: "Bad",
      allSources: [
        { url: "javascript:steal()", title: "Bad" },
        { url: "https://ok.example/a", title: "Good" },
      ],
    });
    const post = ((await one("raw-sources")).body as { data: Record<string, unknown> }).data;
    expect(post).not.toHaveProperty("sourceUrl");
    expect(post).not.toHaveProperty("sourceTitle");
    expect(post.allSources).toEqual([{ url: "https://ok.example/a", title: "Good" }]);
  });
});
