import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guestApplications } from "~/db/schema";
import { INVALID_STATUS_MESSAGE } from "~/features/guests/review-schema";
import { callRoute, type RouteHandler } from "../../../../tests/setup/call-route";
import { insertApplication } from "../../../../tests/setup/owner-fixtures";
import { rowById } from "../../../../tests/setup/rows";
import { signInMember, signInOwner } from "../../../../tests/setup/sessions";
import { createTestDatabase, type TestDatabase } from "../../../../tests/setup/test-database";
import { loader as membersPage } from "../../members/guest-applications";
import { action as remove } from "./application";
import { action as archive } from "./application-archive";
import { action as updateStatus } from "./application-status";
import { loader as list } from "./applications";

let database: TestDatabase;
let owner: string;
beforeAll(async () => {
  database = await createTestDatabase();
  owner = await signInOwner(database.db);
});
afterAll(() => database.close());

const call = (
  handler: RouteHandler,
  method: string,
  path: string,
  { id, cookie = owner, body }: { id?: string; cookie?: string | null; body?: unknown } = {},
) =>
  callRoute(
    handler,
    database.db,
    new Request(`http://localhost${path}`, {
      method,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    { params: id === undefined ? {} : { id } },
  );

const idsOf = (body: unknown) => (body as { data: { id: number }[] }).data.map((item) => item.id);

describe("GET /api/guests/applications", () => {
  it("gives the owner every application and a premium member only their own (email in any case)", async () => {
    const member = await signInMember(database.db, "premium", { email: "Premium.Guest@Example.com" });
    const own = await insertApplication(database.db, { email: "premium.guest@example.COM" });
    const ownArchived = await insertApplication(database.db, { email: "PREMIUM.GUEST@example.com", archived: true });
    const other = await insertApplication(database.db, { email: "someone.else@example.com" });
    const lookalike = await insertApplication(database.db, { email: "xpremium.guest@example.com" });

    const forOwner = await call(list, "GET", "/api/guests/applications");
    expect(forOwner.status).toBe(200);
    expect(idsOf(forOwner.body)).toEqual(expect.arrayContaining([own.id, ownArchived.id, other.id, lookalike.id]));

    const forMember = await call(list, "GET", "/api/guests/applications", { cookie: member.cookie });
    expect(forMember).toMatchObject({ status: 200, body: { success: true } });
    expect(idsOf(forMember.body).sort()).toEqual([own.id, ownArchived.id].sort());
  });

  it("answers 401 without a session and 403 to free and basic members", async () => {
    expect((await call(list, "GET", "/api/guests/applications", { cookie: null })).status).toBe(401);
    for (const tier of ["free", "basic"] as const) {
      const member = await signInMember(database.db, tier);
      expect((await call(list, "GET", "/api/guests/applications", { cookie: member.cookie })).status).toBe(403);
    }
  });

  it("gives a premium member without an email address nothing", async () => {
    const member = await signInMember(database.db, "premium", { email: "" });
    const reply = await call(list, "GET", "/api/guests/applications", { cookie: member.cookie });
    expect(reply).toMatchObject({ status: 200, body: { data: [] } });
  });
});

describe("/members/guest-applications page", () => {
  const page = (cookie: string | null) => call(membersPage, "GET", "/members/guest-applications", { cookie });

  it("sends visitors to sign-in, shows the upgrade prompt below premium, own applications to premium, all to the owner", async () => {
    const anonymous = await page(null);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/api/login?returnTo=%2Fmembers%2Fguest-applications");

    for (const tier of ["free", "basic"] as const) {
      expect((await page((await signInMember(database.db, tier)).cookie)).body).toEqual({ access: "upgrade" });
    }

    const member = await signInMember(database.db, "premium", { email: "page.member@example.com" });
    const own = await insertApplication(database.db, { email: "Page.Member@example.com" });
    const forMember = (await page(member.cookie)).body as { canChangeStatus: boolean; applications: { id: number }[] };
    expect(forMember.canChangeStatus).toBe(false);
    expect(forMember.applications.map((item) => item.id)).toEqual([own.id]);

    const forOwner = (await page(owner)).body as { canChangeStatus: boolean; applications: { id: number }[] };
    expect(forOwner.canChangeStatus).toBe(true);
    expect(forOwner.applications.length).toBeGreaterThan(1);
  });
});

describe("PATCH /api/guests/applications/{id}/status", () => {
  it("sets any of the five statuses from any other and records the review date", async () => {
    const application = await insertApplication(database.db);
    const path = `/api/guests/applications/${application.id}/status`;
    for (const status of ["rejected", "submitted", "scheduled", "approved", "reviewing", "submitted"]) {
      const reply = await call(updateStatus, "PATCH", path, { id: String(application.id), body: { status } });
      expect(reply).toMatchObject({ status: 200, body: { success: true, data: { status } } });
      expect((await rowById(database.db, guestApplications, application.id))?.status).toBe(status);
    }
    expect((await rowById(database.db, guestApplications, application.id))?.reviewDate).toBeInstanceOf(Date);
  });

  it("refuses an unknown or missing status with a message, changing nothing", async () => {
    const application = await insertApplication(database.db);
    const path = `/api/guests/applications/${application.id}/status`;
    for (const body of [{ status: "hired" }, { status: "" }, {}, { status: "APPROVED" }]) {
      expect(await call(updateStatus, "PATCH", path, { id: String(application.id), body })).toMatchObject({
        status: 400,
        body: { success: false, message: INVALID_STATUS_MESSAGE },
      });
    }
    expect((await rowById(database.db, guestApplications, application.id))?.status).toBe("submitted");
  });

  it("is the owner's alone: 403 for a premium member who applied", async () => {
    const member = await signInMember(database.db, "premium", { email: "own.status@example.com" });
    const application = await insertApplication(database.db, { email: "own.status@example.com" });
    const reply = await call(updateStatus, "PATCH", `/api/guests/applications/${application.id}/status`, {
      id: String(application.id),
      cookie: member.cookie,
      body: { status: "approved" },
    });
    expect(reply.status).toBe(403);
    expect((await rowById(database.db, guestApplications, application.id))?.status).toBe("submitted");
  });

  it("answers 404, 400 and 405", async () => {
    const body = { status: "approved" };
    expect((await call(updateStatus, "PATCH", "/x", { id: "999999", body })).status).toBe(404);
    expect((await call(updateStatus, "PATCH", "/x", { id: "abc", body })).status).toBe(400);
    expect((await call(updateStatus, "POST", "/x", { id: "1", body })).status).toBe(405);
  });
});

describe("PATCH /api/guests/applications/{id}/archive and DELETE /api/guests/applications/{id}", () => {
  it("archives, restores and deletes", async () => {
    const application = await insertApplication(database.db);
    const id = String(application.id);
    expect(await call(archive, "PATCH", "/x", { id })).toMatchObject({
      status: 200,
      body: { success: true, message: "Application archived" },
    });
    expect((await rowById(database.db, guestApplications, application.id))?.archived).toBe(true);
    expect(await call(archive, "PATCH", "/x", { id })).toMatchObject({ body: { message: "Application restored" } });
    expect((await rowById(database.db, guestApplications, application.id))?.archived).toBe(false);
    expect(await call(remove, "DELETE", "/x", { id })).toMatchObject({
      status: 200,
      body: { success: true, message: "Application deleted" },
    });
    expect(await rowById(database.db, guestApplications, application.id))?.toBeUndefined();
  });

  it("answers 404, 400 and 405", async () => {
    expect((await call(archive, "PATCH", "/x", { id: "999999" })).status).toBe(404);
    expect((await call(archive, "PATCH", "/x", { id: "nope" })).status).toBe(400);
    expect((await call(archive, "DELETE", "/x", { id: "1" })).status).toBe(405);
    expect((await call(remove, "DELETE", "/x", { id: "999999" })).status).toBe(404);
    expect((await call(remove, "DELETE", "/x", { id: "1.0" })).status).toBe(400);
    expect((await call(remove, "PATCH", "/x", { id: "1" })).status).toBe(405);
  });
});
