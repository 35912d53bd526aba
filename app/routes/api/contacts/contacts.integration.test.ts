import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contacts } from "~/db/schema";
import { callRoute, type RouteHandler } from "../../../../tests/setup/call-route";
import { insertContact } from "../../../../tests/setup/owner-fixtures";
import { rowById } from "../../../../tests/setup/rows";
import { signInOwner } from "../../../../tests/setup/sessions";
import { createTestDatabase, type TestDatabase } from "../../../../tests/setup/test-database";
import { action as markRead, loader as markReadGet } from "../admin/contact-read";
import { loader as list, action as listPost } from "../admin/contacts";
import { action as archive } from "./archive";
import { action as remove } from "./contact";

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

describe("GET /api/admin/contacts", () => {
  it("lists every message, archived ones included, newest first, with ISO dates", async () => {
    const older = await insertContact(database.db, { name: "Older", createdAt: new Date("2026-01-01T10:00:00Z") });
    const archived = await insertContact(database.db, {
      name: "Archived",
      archived: true,
      createdAt: new Date("2026-02-01T10:00:00Z"),
    });
    const reply = await call(list, "GET", "/api/admin/contacts");
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

  it("answers 405 to other methods", async () => {
    expect((await call(listPost, "POST", "/api/admin/contacts")).status).toBe(405);
  });
});

describe("POST /api/admin/contacts/{id}/read", () => {
  it("marks a message read", async () => {
    const contact = await insertContact(database.db);
    const reply = await call(markRead, "POST", `/api/admin/contacts/${contact.id}/read`, String(contact.id));
    expect(reply).toMatchObject({ status: 200, body: { success: true, message: "Contact marked as read" } });
    expect((await rowById(database.db, contacts, contact.id))?.read).toBe(true);
  });

  it("answers 404 for an unknown id, 400 for a non-numeric one, 405 for GET", async () => {
    expect((await call(markRead, "POST", "/api/admin/contacts/999999/read", "999999")).status).toBe(404);
    for (const id of ["abc", "1.5", "-1", "0", "99999999999"]) {
      expect(await call(markRead, "POST", `/api/admin/contacts/${id}/read`, id)).toMatchObject({
        status: 400,
        body: { success: false, message: "Invalid id" },
      });
    }
    expect((await call(markReadGet, "GET", "/api/admin/contacts/1/read", "1")).status).toBe(405);
  });
});

describe("PATCH /api/contacts/{id}/archive", () => {
  it("archives a message, and a second call restores it", async () => {
    const contact = await insertContact(database.db);
    const first = await call(archive, "PATCH", `/api/contacts/${contact.id}/archive`, String(contact.id));
    expect(first).toMatchObject({ status: 200, body: { success: true, message: "Contact archived successfully" } });
    expect((await rowById(database.db, contacts, contact.id))?.archived).toBe(true);
    const second = await call(archive, "PATCH", `/api/contacts/${contact.id}/archive`, String(contact.id));
    expect(second).toMatchObject({ status: 200, body: { message: "Contact unarchived successfully" } });
    expect((await rowById(database.db, contacts, contact.id))?.archived).toBe(false);
  });

  it("answers 404, 400 and 405", async () => {
    expect((await call(archive, "PATCH", "/api/contacts/999999/archive", "999999")).status).toBe(404);
    expect((await call(archive, "PATCH", "/api/contacts/x/archive", "x")).status).toBe(400);
    expect((await call(archive, "POST", "/api/contacts/1/archive", "1")).status).toBe(405);
  });
});

describe("DELETE /api/contacts/{id}", () => {
  it("deletes a message for good", async () => {
    const contact = await insertContact(database.db);
    const reply = await call(remove, "DELETE", `/api/contacts/${contact.id}`, String(contact.id));
    expect(reply).toMatchObject({ status: 200, body: { success: true, message: "Contact deleted permanently" } });
    expect(await rowById(database.db, contacts, contact.id))?.toBeUndefined();
    expect((await call(remove, "DELETE", `/api/contacts/${contact.id}`, String(contact.id))).status).toBe(404);
  });

  it("answers 400 and 405", async () => {
    expect((await call(remove, "DELETE", "/api/contacts/one", "one")).status).toBe(400);
    expect((await call(remove, "PATCH", "/api/contacts/1", "1")).status).toBe(405);
  });
});
