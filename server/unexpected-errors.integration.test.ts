import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { dispatchApi } from "#tests/setup/call-api";
import { callRoute, routeContext, TEST_REQUEST_ID } from "#tests/setup/call-route";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { loader as rootLoader } from "../app/root";
import { answeringUnexpectedErrors } from "./unexpected-errors";

/** The database fails for real: the tables the routes query are gone. */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`drop table subscribers`);
  await database.db.execute(sql`drop table sessions`);
});
afterAll(() => database.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const LEAKS = /subscribers|sessions|select|insert|relation|Failed query|\n\s+at /i;

describe("a loader or action whose query fails", () => {
  it("answers an API call with JSON 500, the generic message and the request id, and logs the error with it", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const request = new Request("http://localhost/api/subscribe", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "listener@example.com" }),
    });
    const reply = await callRoute(answeringUnexpectedErrors(dispatchApi, true), database.db, request);
    expect(reply.status).toBe(500);
    expect(reply.body).toEqual({
      success: false,
      message: "Something went wrong. Please try again later.",
      requestId: TEST_REQUEST_ID,
    });
    expect(JSON.stringify(reply.body)).not.toMatch(LEAKS);
    expect(logged).toHaveBeenCalledWith(`[error] request ${TEST_REQUEST_ID} POST /api/subscribe:`, expect.any(Error));
    expect(String(logged.mock.calls[0][1])).toMatch(/subscribers/);
  });

  it("makes a page answer a 500 route error that carries only the generic message and the request id", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const request = new Request("http://localhost/", { headers: { cookie: `sid=${"a".repeat(43)}` } });
    const args = { request, url: new URL(request.url), pattern: "/", params: {}, context: routeContext(database.db) };
    const thrown = await answeringUnexpectedErrors(rootLoader, false)(args).catch((error: unknown) => error);
    expect(thrown).toMatchObject({
      type: "DataWithResponseInit",
      data: { message: "Something went wrong. Please try again later.", requestId: TEST_REQUEST_ID },
      init: { status: 500 },
    });
    expect(JSON.stringify(thrown)).not.toMatch(LEAKS);
  });

  it("lets intended answers through unchanged", async () => {
    const notAllowed = new Response(null, { status: 401 });
    const guarded = answeringUnexpectedErrors(async () => {
      throw notAllowed;
    }, true);
    const request = new Request("http://localhost/api/anything");
    await expect(guarded({ request, context: routeContext(database.db) })).rejects.toBe(notAllowed);
  });
});
