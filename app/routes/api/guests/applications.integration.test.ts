import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi } from "#tests/setup/call-api";
import { callRoute } from "#tests/setup/call-route";
import { insertApplication } from "#tests/setup/owner-fixtures";
import { rowById } from "#tests/setup/rows";
import { signInMember, signInOwner } from "#tests/setup/sessions";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { guestApplications } from "~/db/schema";
import { INVALID_STATUS_MESSAGE } from "~/features/guests/review-schema";
import { loader as membersPage } from "../../members/guest-applications";

let database: TestDatabase;
let owner: string;
beforeAll(async () => {
  database = await createTestDatabase();
  owner = await signInOwner(database.db);
});
afterAll(() => database.close());

const call = (
  method: string,
  path: string,
  { cookie = owner, body }: { cookie?: string | null; body?: unknown } = {},
) =>
  callApi(
    database.db,
    new Request(`http://localhost${path}`, {
      method,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );

const idsOf = (body: unknown) => (body as { data: { id: number }[] }).data.map((item) => item.id);

describe("GET /api/guests/applications", () => {
  it("gives the owner every application and a premium member only their own (email in any case)", async () => {
    const member = await signInMember(database.db, "premium", { email: "Premium.Guest@Example.com" });
    const own = await insertApplication(database.db, { email: "premium.guest@example.COM" });
    const ownArchived = await insertApplication(database.db, { email: "PREMIUM.GUEST@example.com", archived: true });
    const other = await insertApplication(database.db, { email: "someone.else@example.com" });
    const lookalike = await insertApplication(database.db, { email: "xpremium.guest@example.com" });

    const forOwner = await call("GET", "/api/guests/applications?archived=include");
    expect(forOwner.status).toBe(200);
    expect(idsOf(forOwner.body)).toEqual(expect.arrayContaining([own.id, ownArchived.id, other.id, lookalike.id]));
    expect(idsOf((await call("GET", "/api/guests/applications")).body)).not.toContain(ownArchived.id);

    const forMember = await call("GET", "/api/guests/applications?archived=include", { cookie: member.cookie });
    expect(forMember).toMatchObject({ status: 200, body: { success: true, counts: { total: 2, matching: 2 } } });
    expect(idsOf(forMember.body).sort()).toEqual([own.id, ownArchived.id].sort());
    const current = await call("GET", "/api/guests/applications", { cookie: member.cookie });
    expect(current.body).toMatchObject({
      data: [{ id: own.id }],
      statusCounts: { submitted: 1, reviewing: 0, approved: 0, scheduled: 0, rejected: 0 },
    });
  });

  it("answers 401 without a session and 403 to free and basic members", async () => {
    expect((await call("GET", "/api/guests/applications", { cookie: null })).status).toBe(401);
    for (const tier of ["free", "basic"] as const) {
      const member = await signInMember(database.db, tier);
      expect((await call("GET", "/api/guests/applications", { cookie: member.cookie })).status).toBe(403);
    }
  });

  it("filters by status on the server, and refuses an unknown status or parameter with 400", async () => {
    const member = await signInMember(database.db, "premium", { email: "status.filter@example.com" });
    const reviewing = await insertApplication(database.db, { email: "status.filter@example.com", status: "reviewing" });
    await insertApplication(database.db, { email: "status.filter@example.com" });
    const reply = await call("GET", "/api/guests/applications?status=reviewing", { cookie: member.cookie });
    expect(reply.body).toMatchObject({
      data: [{ id: reviewing.id }],
      counts: { total: 2, matching: 1 },
      statusCounts: { submitted: 1, reviewing: 1 },
    });
    expect(await call("GET", "/api/guests/applications?status=hired")).toMatchObject({
      status: 400,
      body: { message: INVALID_STATUS_MESSAGE },
    });
    expect((await call("GET", "/api/guests/applications?page=-1")).status).toBe(400);
    expect((await call("GET", "/api/guests/applications?pge=2")).status).toBe(400);
  });

  it("gives a premium member without an email address nothing", async () => {
    const member = await signInMember(database.db, "premium", { email: "" });
    const reply = await call("GET", "/api/guests/applications", { cookie: member.cookie });
    expect(reply).toMatchObject({ status: 200, body: { data: [] } });
  });
});

describe("/members/guest-applications page", () => {
  const page = (cookie: string | null) =>
    callRoute(
      membersPage,
      database.db,
      new Request("http://localhost/members/guest-applications", { headers: cookie ? { cookie } : {} }),
    );

  it("sends visitors to sign-in, shows the upgrade prompt below premium, own applications to premium, all to the owner", async () => {
    const anonymous = await page(null);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/api/login?returnTo=%2Fmembers%2Fguest-applications");

    for (const tier of ["free", "basic"] as const) {
      expect((await page((await signInMember(database.db, tier)).cookie)).body).toEqual({ access: "upgrade" });
    }

    const member = await signInMember(database.db, "premium", { email: "page.member@example.com" });
    const own = await insertApplication(database.db, { email: "Page.Member@example.com" });
    type PageData = { canChangeStatus: boolean; applications: { data: { id: number }[] } };
    const forMember = (await page(member.cookie)).body as PageData;
    expect(forMember.canChangeStatus).toBe(false);
    expect(idsOf(forMember.applications)).toEqual([own.id]);

    const forOwner = (await page(owner)).body as PageData;
    expect(forOwner.canChangeStatus).toBe(true);
    expect(forOwner.applications.data.length).toBeGreaterThan(1);
  });
});

describe("PATCH /api/guests/applications/{id}/status", () => {
  it("sets any of the five statuses from any other and records the review date", async () => {
    const application = await insertApplication(database.db);
    const path = `/api/guests/applications/${application.id}/status`;
    for (const status of ["rejected", "submitted", "scheduled", "approved", "reviewing", "submitted"]) {
      const reply = await call("PATCH", path, { body: { status } });
      expect(reply).toMatchObject({ status: 200, body: { success: true, data: { status } } });
      expect((await rowById(database.db, guestApplications, application.id))?.status).toBe(status);
    }
    expect((await rowById(database.db, guestApplications, application.id))?.reviewDate).toBeInstanceOf(Date);
  });

  it("refuses an unknown or missing status with a message, changing nothing", async () => {
    const application = await insertApplication(database.db);
    const path = `/api/guests/applications/${application.id}/status`;
    for (const body of [{ status: "hired" }, { status: "" }, {}, { status: "APPROVED" }]) {
      expect(await call("PATCH", path, { body })).toMatchObject({
        status: 400,
        body: { success: false, message: INVALID_STATUS_MESSAGE },
      });
    }
    expect((await rowById(database.db, guestApplications, application.id))?.status).toBe("submitted");
  });

  it("is the owner's alone: 403 for a premium member who applied", async () => {
    const member = await signInMember(database.db, "premium", { email: "own.status@example.com" });
    const application = await insertApplication(database.db, { email: "own.status@example.com" });
    const reply = await call("PATCH", `/api/guests/applications/${application.id}/status`, {
      cookie: member.cookie,
      body: { status: "approved" },
    });
    expect(reply.status).toBe(403);
    expect((await rowById(database.db, guestApplications, application.id))?.status).toBe("submitted");
  });

  it("answers 404, 400 and 405", async () => {
    const body = { status: "approved" };
    expect((await call("PATCH", `/api/guests/applications/999999/status`, { body })).status).toBe(404);
    expect((await call("PATCH", `/api/guests/applications/abc/status`, { body })).status).toBe(400);
    expect((await call("POST", `/api/guests/applications/1/status`, { body })).status).toBe(405);
  });
});

describe("PATCH /api/guests/applications/{id}/archive and DELETE /api/guests/applications/{id}", () => {
  it("archives, restores and deletes; a repeated archive or restore leaves the row as asked", async () => {
    const application = await insertApplication(database.db);
    const id = String(application.id);
    for (const body of [undefined, { archived: true }]) {
      expect(await call("PATCH", `/api/guests/applications/${id}/archive`, { body })).toMatchObject({
        status: 200,
        body: { success: true, message: "Application archived" },
      });
      expect((await rowById(database.db, guestApplications, application.id))?.archived).toBe(true);
    }
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect(
        await call("PATCH", `/api/guests/applications/${id}/archive`, { body: { archived: false } }),
      ).toMatchObject({
        body: { message: "Application restored" },
      });
      expect((await rowById(database.db, guestApplications, application.id))?.archived).toBe(false);
    }
    expect(await call("PATCH", `/api/guests/applications/${id}/archive`, { body: { archived: 1 } })).toMatchObject({
      status: 400,
      body: { message: "archived must be true or false" },
    });
    expect(await call("DELETE", `/api/guests/applications/${id}`)).toMatchObject({
      status: 200,
      body: { success: true, message: "Application deleted" },
    });
    expect(await rowById(database.db, guestApplications, application.id)).toBeUndefined();
  });

  it("answers 404, 400 and 405", async () => {
    expect((await call("PATCH", `/api/guests/applications/999999/archive`)).status).toBe(404);
    expect((await call("PATCH", `/api/guests/applications/nope/archive`)).status).toBe(400);
    expect((await call("DELETE", `/api/guests/applications/1/archive`)).status).toBe(405);
    expect((await call("DELETE", `/api/guests/applications/999999`)).status).toBe(404);
    expect((await call("DELETE", `/api/guests/applications/1.0`)).status).toBe(400);
    expect((await call("PATCH", `/api/guests/applications/1`)).status).toBe(405);
  });
});
