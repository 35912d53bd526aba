import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi } from "#tests/setup/call-api";
import { insertContact } from "#tests/setup/owner-fixtures";
import { rowById } from "#tests/setup/rows";
import { signInOwner } from "#tests/setup/sessions";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { contacts } from "~/db/schema";

let database: TestDatabase;
let owner: string;
beforeAll(async () => {
  database = await createTestDatabase();
  owner = await signInOwner(database.db);
});
afterAll(() => database.close());

const call = (method: string, path: string) =>
  callApi(database.db, new Request(`http://localhost${path}`, { method, headers: { cookie: owner } }));

const idsOf = (body: unknown) => (body as { data: { id: number }[] }).data.map((item) => item.id);
const send = (method: string, path: string, body?: unknown) =>
  callApi(
    database.db,
    new Request(`http://localhost${path}`, {
      method,
      headers: { cookie: owner, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );

describe("GET /api/admin/contacts", () => {
  it("lists the first page newest first with ISO dates, archived ones with ?archived=include", async () => {
    const older = await insertContact(database.db, { name: "Older", createdAt: new Date("2026-01-01T10:00:00Z") });
    const archived = await insertContact(database.db, {
      name: "Archived",
      archived: true,
      createdAt: new Date("2026-02-01T10:00:00Z"),
    });
    const firstPage = await call("GET", "/api/admin/contacts");
    expect(idsOf(firstPage.body)).toContain(older.id);
    expect(idsOf(firstPage.body)).not.toContain(archived.id);
    const reply = await call("GET", "/api/admin/contacts?archived=include");
    expect(reply.status).toBe(200);
    const body = reply.body as { success: boolean; message: string; data: { id: number; createdAt: string }[] };
    expect(body.success).toBe(true);
    expect(body.message).toEqual(expect.any(String));
    const ids = body.data.map((item) => item.id);
    expect(ids.indexOf(archived.id)).toBeLessThan(ids.indexOf(older.id));
    expect(body.data.find((item) => item.id === older.id)).toEqual({
      id: older.id,
      name: "Older",
      email: "ada@example.com",
      subject: "pitch",
      message: "I have a story about analytical engines.",
      read: false,
      archived: false,
      createdAt: "2026-01-01T10:00:00.000Z",
    });
  });

  it("pages and counts from the database, oldest first on request", async () => {
    const before = (await call("GET", "/api/admin/contacts")).body as { counts: { total: number } };
    const made = [];
    for (let index = 0; index < 3; index += 1) {
      made.push(await insertContact(database.db, { createdAt: new Date(Date.UTC(2020, 0, 1 + index)) }));
    }
    const oldest = await call("GET", "/api/admin/contacts?sort=oldest");
    expect(idsOf(oldest.body).slice(0, 3)).toEqual(made.map((contact) => contact.id));
    expect(oldest.body).toMatchObject({
      page: 1,
      pageSize: 50,
      pageCount: 1,
      counts: { total: before.counts.total + 3, matching: before.counts.total + 3 },
    });
  });

  it("refuses bad parameters with 400 and a message naming them", async () => {
    for (const [query, message] of [
      ["?page=0", "page must be a whole number from 1"],
      ["?page=abc", "page must be a whole number from 1"],
      ["?archived=yes", 'archived must be "exclude" or "include"'],
      ["?sort=email", 'sort must be "newest" or "oldest"'],
      ["?page=1&page=2", "page must be given once"],
      ["?q=ada", 'Unrecognized key: "q"'],
    ]) {
      expect(await call("GET", `/api/admin/contacts${query}`)).toMatchObject({
        status: 400,
        body: { success: false, message },
      });
    }
  });

  it("answers 405 to other methods", async () => {
    expect((await call("POST", "/api/admin/contacts")).status).toBe(405);
  });
});

describe("POST /api/admin/contacts/{id}/read", () => {
  it("marks a message read", async () => {
    const contact = await insertContact(database.db);
    const reply = await call("POST", `/api/admin/contacts/${contact.id}/read`);
    expect(reply).toMatchObject({ status: 200, body: { success: true, message: "Contact marked as read" } });
    expect((await rowById(database.db, contacts, contact.id))?.read).toBe(true);
  });

  it("answers 404 for an unknown id, 400 for a non-numeric one, 405 for GET", async () => {
    expect((await call("POST", "/api/admin/contacts/999999/read")).status).toBe(404);
    for (const id of ["abc", "1.5", "-1", "0", "99999999999"]) {
      expect(await call("POST", `/api/admin/contacts/${id}/read`)).toMatchObject({
        status: 400,
        body: { success: false, message: "Invalid id" },
      });
    }
    expect((await call("GET", "/api/admin/contacts/1/read")).status).toBe(405);
  });
});

describe("PATCH /api/contacts/{id}/archive", () => {
  it("archives with no body (the spec's call) or { archived: true }, and a repeat leaves it archived", async () => {
    const contact = await insertContact(database.db);
    const path = `/api/contacts/${contact.id}/archive`;
    for (const body of [undefined, { archived: true }, undefined]) {
      expect(await send("PATCH", path, body)).toMatchObject({
        status: 200,
        body: { success: true, message: "Contact archived successfully", data: { archived: true } },
      });
      expect((await rowById(database.db, contacts, contact.id))?.archived).toBe(true);
    }
  });

  it("restores with { archived: false }, and a repeat leaves it restored", async () => {
    const contact = await insertContact(database.db, { archived: true });
    const path = `/api/contacts/${contact.id}/archive`;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect(await send("PATCH", path, { archived: false })).toMatchObject({
        status: 200,
        body: { success: true, message: "Contact unarchived successfully", data: { archived: false } },
      });
      expect((await rowById(database.db, contacts, contact.id))?.archived).toBe(false);
    }
  });

  it("refuses a body that does not say true or false, changing nothing", async () => {
    const contact = await insertContact(database.db);
    const path = `/api/contacts/${contact.id}/archive`;
    for (const body of [{ archived: "yes" }, {}, { archived: null }]) {
      expect(await send("PATCH", path, body)).toMatchObject({
        status: 400,
        body: { success: false, message: "archived must be true or false" },
      });
    }
    expect((await rowById(database.db, contacts, contact.id))?.archived).toBe(false);
  });

  it("answers 404, 400 and 405", async () => {
    expect((await call("PATCH", "/api/contacts/999999/archive")).status).toBe(404);
    expect((await call("PATCH", "/api/contacts/x/archive")).status).toBe(400);
    expect((await call("POST", "/api/contacts/1/archive")).status).toBe(405);
  });
});

describe("DELETE /api/contacts/{id}", () => {
  it("deletes a message for good", async () => {
    const contact = await insertContact(database.db);
    const reply = await call("DELETE", `/api/contacts/${contact.id}`);
    expect(reply).toMatchObject({ status: 200, body: { success: true, message: "Contact deleted permanently" } });
    expect(await rowById(database.db, contacts, contact.id)).toBeUndefined();
    expect((await call("DELETE", `/api/contacts/${contact.id}`)).status).toBe(404);
  });

  it("answers 400 and 405", async () => {
    expect((await call("DELETE", "/api/contacts/one")).status).toBe(400);
    expect((await call("PATCH", "/api/contacts/1")).status).toBe(405);
  });
});
