import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscribers } from "~/db/schema";
import { callRoute, type RouteHandler } from "../../../../tests/setup/call-route";
import { insertSubscriber } from "../../../../tests/setup/owner-fixtures";
import { rowById } from "../../../../tests/setup/rows";
import { signInOwner } from "../../../../tests/setup/sessions";
import { createTestDatabase, type TestDatabase } from "../../../../tests/setup/test-database";
import { action as archive, loader as archiveGet } from "./archive";
import { loader as list } from "./list";
import { action as remove } from "./subscriber";

let database: TestDatabase;
let owner: string;
beforeAll(async () => {
  database = await createTestDatabase();
  owner = await signInOwner(database.db);
});
afterAll(() => database.close());

const call = (handler: RouteHandler, method: string, path: string, id?: string) =>
  callRoute(handler, database.db, new Request(`http://localhost${path}`, { method, headers: { cookie: owner } }), {
    params: id === undefined ? {} : { id },
  });

describe("GET /api/subscribers", () => {
  it("lists every subscriber with archived ones, newest first", async () => {
    const first = await insertSubscriber(database.db, {
      email: "first@example.com",
      firstName: "First",
      createdAt: new Date("2026-03-01T00:00:00Z"),
    });
    const second = await insertSubscriber(database.db, { archived: true, createdAt: new Date("2026-04-01T00:00:00Z") });
    const reply = await call(list, "GET", "/api/subscribers");
    const body = reply.body as { success: boolean; data: { id: number }[] };
    expect(reply.status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data.map((item) => item.id)).toEqual([second.id, first.id]);
    expect(body.data[1]).toEqual({
      id: first.id,
      email: "first@example.com",
      firstName: "First",
      lastName: null,
      source: null,
      active: true,
      archived: false,
      createdAt: "2026-03-01T00:00:00.000Z",
    });
  });
});

describe("PATCH /api/subscribers/{id}/archive", () => {
  it("toggles the archived flag", async () => {
    const subscriber = await insertSubscriber(database.db);
    const path = `/api/subscribers/${subscriber.id}/archive`;
    expect(await call(archive, "PATCH", path, String(subscriber.id))).toMatchObject({
      status: 200,
      body: { success: true, message: "Subscriber archived" },
    });
    expect((await rowById(database.db, subscribers, subscriber.id))?.archived).toBe(true);
    expect(await call(archive, "PATCH", path, String(subscriber.id))).toMatchObject({
      body: { message: "Subscriber restored" },
    });
    expect((await rowById(database.db, subscribers, subscriber.id))?.archived).toBe(false);
  });

  it("answers 404, 400 and 405", async () => {
    expect((await call(archive, "PATCH", "/api/subscribers/424242/archive", "424242")).status).toBe(404);
    expect((await call(archive, "PATCH", "/api/subscribers/abc/archive", "abc")).status).toBe(400);
    expect((await call(archiveGet, "GET", "/api/subscribers/1/archive", "1")).status).toBe(405);
  });
});

describe("DELETE /api/subscribers/{id}", () => {
  it("deletes the subscriber", async () => {
    const subscriber = await insertSubscriber(database.db);
    expect(await call(remove, "DELETE", `/api/subscribers/${subscriber.id}`, String(subscriber.id))).toMatchObject({
      status: 200,
      body: { success: true, message: "Subscriber deleted" },
    });
    expect(await rowById(database.db, subscribers, subscriber.id))?.toBeUndefined();
  });

  it("answers 404, 400 and 405", async () => {
    expect((await call(remove, "DELETE", "/api/subscribers/424242", "424242")).status).toBe(404);
    expect((await call(remove, "DELETE", "/api/subscribers/1e3", "1e3")).status).toBe(400);
    expect((await call(remove, "POST", "/api/subscribers/1", "1")).status).toBe(405);
  });
});
