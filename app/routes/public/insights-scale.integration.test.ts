import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi } from "#tests/setup/call-api";
import { callRoute } from "#tests/setup/call-route";
import { INSIGHT_VOLUME, seedInsightVolume } from "#tests/setup/insight-volume";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { INSIGHTS_PER_PAGE, insightPageQuery } from "~/features/insights/insights.server";
import { loader as insightsPage } from "./insights";

const POSTS = INSIGHT_VOLUME;
/** One page of posts with their bodies, with room to spare; it never grows with the number of posts. */
const PAGE_BYTES_BUDGET = 100 * 1024;

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedInsightVolume(database.db);
}, 120_000);
afterAll(() => database.close());

const PUBLIC_POSTS = POSTS - POSTS / 100;

describe(`the public insights with ${POSTS} posts`, () => {
  it("/api/insights answers one page in the spec's shape, not every post", async () => {
    const result = await callApi(database.db, new Request("http://localhost/api/insights"));
    const body = result.body as { success: boolean; data: { id: string }[]; page: number; hasNext: boolean };
    expect(body).toMatchObject({ success: true, message: "Insights retrieved", page: 1, hasNext: true });
    expect(body.data).toHaveLength(INSIGHTS_PER_PAGE);
    expect(body.data[0].id).toBe("post-2999");
    expect(JSON.stringify(body).length).toBeLessThan(PAGE_BYTES_BUDGET);
  });

  it("/insights loads one page, and its last page ends the list", async () => {
    const first = await callRoute(insightsPage, database.db, new Request("http://localhost/insights"));
    const list = (first.body as { list: { posts: unknown[]; hasNext: boolean } }).list;
    expect(list.posts).toHaveLength(INSIGHTS_PER_PAGE);
    expect(list.hasNext).toBe(true);
    expect(JSON.stringify(first.body).length).toBeLessThan(PAGE_BYTES_BUDGET);

    const lastPage = Math.ceil(PUBLIC_POSTS / INSIGHTS_PER_PAGE);
    const last = await callRoute(insightsPage, database.db, new Request(`http://localhost/insights?page=${lastPage}`));
    const lastList = (last.body as { list: { posts: { id: string }[]; hasNext: boolean } }).list;
    expect(lastList.hasNext).toBe(false);
    expect(lastList.posts.at(-1)?.id).toBe("post-1");
    expect(lastList.posts).toHaveLength(PUBLIC_POSTS - (lastPage - 1) * INSIGHTS_PER_PAGE);
  });

  it("reads a page through the (published_at, id) index, scanning no table", async () => {
    const result = await database.db.execute(
      sql`explain (format json) ${insightPageQuery(database.db, 1, new Date("2030-01-01T00:00:00Z"))}`,
    );
    const plan = JSON.stringify((result as unknown as { rows: unknown[] }).rows);
    expect(plan).toContain("insight_posts_published_at_id");
    expect(plan).not.toContain("Seq Scan");
  });
});
