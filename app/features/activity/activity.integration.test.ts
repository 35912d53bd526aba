import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { callApi } from "#tests/setup/call-api";
import { callRoute } from "#tests/setup/call-route";
import { insertPodcastEpisode, insertSubscriber } from "#tests/setup/owner-fixtures";
import { signInMember, signInOwner, signInStaff } from "#tests/setup/sessions";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { activityLog, siteSettings, staffAccounts } from "~/db/schema";
import { hashPassword } from "~/lib/password-hash.server";
import { defaultSiteSettings } from "~/lib/site-config";
import * as activityPage from "~/routes/admin/activity";
import { pruneActivity, recordActivity } from "./activity.server";

let database: TestDatabase;
let owner: string;
let ownerId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  owner = await signInOwner(database.db);
  [{ id: ownerId }] = await database.db.select({ id: staffAccounts.id }).from(staffAccounts);
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(activityLog);
  await database.db.delete(siteSettings);
});

const OWNER_ADDRESS = "203.0.113.7";
/** The owner account signInOwner makes. */
const OWNER_EMAIL = "owner@localhost";

function call(method: string, path: string, body?: unknown, cookie: string | null = owner) {
  return callApi(
    database.db,
    new Request(`http://localhost${path}`, {
      method,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    { clientIp: OWNER_ADDRESS },
  );
}

const entries = () => database.db.select().from(activityLog).orderBy(activityLog.id);

async function episodeWithAudio(title: string) {
  return insertPodcastEpisode(database.db, {
    title,
    audioKey: `episodes/audio/${"a".repeat(20)}.mp3`,
    audioLengthBytes: 16,
    durationSeconds: 61,
  });
}

describe("changes made through the API", () => {
  it("records publishing, scheduling, unpublishing and deleting an episode with its title, the owner and the address", async () => {
    const episode = await episodeWithAudio("Ep 1: The Pivot");
    const path = `/api/admin/episodes/${episode.id}`;
    expect((await call("PUT", path, { title: "Ep 1: The Pivot", status: "published", version: 1 })).status).toBe(200);
    expect((await call("PUT", path, { title: "Ep 1: The Pivot", status: "unpublished", version: 2 })).status).toBe(200);
    const publishDate = new Date(Date.now() + 86_400_000).toISOString();
    expect(
      (await call("PUT", path, { title: "Ep 1: Renamed", status: "scheduled", publishDate, version: 3 })).status,
    ).toBe(200);
    expect(
      (await call("PUT", path, { title: "Ep 1: Renamed", status: "scheduled", publishDate, version: 4 })).status,
    ).toBe(200);
    expect((await call("DELETE", path)).status).toBe(200);

    expect(await entries()).toEqual(
      ["episode.published", "episode.unpublished", "episode.scheduled", "episode.updated", "episode.deleted"].map(
        (kind, index) =>
          expect.objectContaining({
            kind,
            subjectType: "episode",
            subjectId: String(episode.id),
            subjectTitle: index < 2 ? "Ep 1: The Pivot" : "Ep 1: Renamed",
            actorStaffId: ownerId,
            actorEmail: OWNER_EMAIL,
            clientAddress: OWNER_ADDRESS,
            occurredAt: expect.any(Date),
          }),
      ),
    );
  });

  it("records a new episode under the id the answer gives it", async () => {
    const reply = await call("POST", "/api/admin/episodes", { title: "A fresh draft" });
    expect(reply.status).toBe(201);
    const id = (reply.body as { data: { id: number } }).data.id;
    expect(await entries()).toEqual([
      expect.objectContaining({ kind: "episode.created", subjectId: String(id), subjectTitle: "A fresh draft" }),
    ]);
  });

  it("records a settings change naming what changed, and a member's tier change", async () => {
    const settings = { ...defaultSiteSettings, tagline: "A new tagline", version: 0 };
    expect((await call("PUT", "/api/admin/settings", settings)).status).toBe(200);
    const member = await signInMember(database.db, "free", { email: "listener@example.com" });
    expect((await call("PATCH", `/api/admin/members/${member.id}`, { membershipTier: "premium" })).status).toBe(200);
    expect(await entries()).toEqual([
      expect.objectContaining({
        kind: "settings.changed",
        subjectType: "settings",
        subjectTitle: "Settings",
        detail: "tagline",
        clientAddress: OWNER_ADDRESS,
      }),
      expect.objectContaining({
        kind: "member.tier_changed",
        subjectId: member.id,
        subjectTitle: "listener@example.com",
        detail: "premium",
      }),
    ]);
  });

  it("keeps a deleted subscriber's address, and records archiving and restoring", async () => {
    const subscriber = await insertSubscriber(database.db, { email: "gone@example.com" });
    await call("PATCH", `/api/subscribers/${subscriber.id}/archive`, { archived: true });
    await call("PATCH", `/api/subscribers/${subscriber.id}/archive`, { archived: false });
    await call("DELETE", `/api/subscribers/${subscriber.id}`);
    expect((await entries()).map((entry) => [entry.kind, entry.subjectTitle])).toEqual([
      ["subscriber.archived", "gone@example.com"],
      ["subscriber.restored", "gone@example.com"],
      ["subscriber.deleted", "gone@example.com"],
    ]);
  });

  it("records nothing for a refused, failed or read-only call, nor for a preview", async () => {
    const member = await signInMember(database.db, "premium");
    await call("DELETE", "/api/admin/episodes/999999");
    await call("DELETE", `/api/subscribers/1`, undefined, member.cookie);
    await call("PUT", "/api/admin/settings", { ...defaultSiteSettings, version: 42 });
    await call("GET", "/api/admin/settings");
    await call("POST", "/api/admin/episodes/notes-preview", { markdown: "**Notes**" });
    expect(await entries()).toEqual([]);
  });
});

describe("who acted", () => {
  it("names the editor who published, not the owner", async () => {
    const editor = await signInStaff(database.db, "editor");
    const episode = await episodeWithAudio("Ep 9: The Editor's Cut");
    const path = `/api/admin/episodes/${episode.id}`;
    const body = { title: "Ep 9: The Editor's Cut", status: "published", version: 1 };
    expect((await call("PUT", path, body, editor.cookie)).status).toBe(200);
    expect(await entries()).toEqual([
      expect.objectContaining({ kind: "episode.published", actorStaffId: editor.id, actorEmail: editor.email }),
    ]);
  });

  it("records a sign-in under the account it signed in, and no failed one", async () => {
    const support = await signInStaff(database.db, "support");
    await database.db
      .update(staffAccounts)
      .set({ passwordHash: await hashPassword("support-password-1") })
      .where(eq(staffAccounts.id, support.id));
    const login = (password: string) =>
      call("POST", "/api/admin/login", { email: support.email, password }, null).then((reply) => reply.status);
    expect(await login("not-the-password")).toBe(401);
    expect(await login("support-password-1")).toBe(200);
    expect(await entries()).toEqual([
      expect.objectContaining({
        kind: "staff.signed_in",
        subjectTitle: support.email,
        actorStaffId: support.id,
        actorEmail: support.email,
        clientAddress: OWNER_ADDRESS,
      }),
    ]);
  });

  it("records the owner's staff changes with the person's email", async () => {
    const invited = await call("POST", "/api/admin/staff", { email: "new.editor@example.com", role: "editor" });
    expect(invited.status).toBe(201);
    const { data } = invited.body as { data: { id: number } };
    await call("PATCH", `/api/admin/staff/${data.id}`, { role: "support" });
    await call("PATCH", `/api/admin/staff/${data.id}`, { status: "suspended" });
    await call("DELETE", `/api/admin/staff/${data.id}`);
    expect((await entries()).map((entry) => [entry.kind, entry.subjectTitle, entry.detail, entry.actorEmail])).toEqual([
      ["staff.invited", "new.editor@example.com", null, OWNER_EMAIL],
      ["staff.role_changed", "new.editor@example.com", "support", OWNER_EMAIL],
      ["staff.suspended", "new.editor@example.com", null, OWNER_EMAIL],
      ["staff.removed", "new.editor@example.com", null, OWNER_EMAIL],
    ]);
  });
});

describe("GET /api/admin/activity", () => {
  async function seed() {
    const base = Date.now() - 60_000;
    const rows = [
      { kind: "episode.published", email: "ana@example.com" },
      { kind: "episode.deleted", email: "ana@example.com" },
      { kind: "settings.changed", email: "ben@example.com" },
    ];
    for (let index = 0; index < 60; index += 1) {
      const row = rows[index % rows.length];
      await recordActivity(database.db, {
        kind: row.kind,
        subjectType: row.kind.split(".")[0],
        subjectId: String(index),
        subjectTitle: `Record ${index}`,
        actor: { staffId: null, email: row.email },
        clientAddress: "198.51.100.1",
        occurredAt: new Date(base + index * 100),
      });
    }
  }

  it("answers the owner newest first in pages, with the actor's email, filtered by person and kind", async () => {
    await seed();
    const first = await call("GET", "/api/admin/activity");
    expect(first).toMatchObject({
      status: 200,
      body: { success: true, page: 1, pageSize: 50, pageCount: 2, counts: { total: 60, matching: 60 } },
    });
    const firstData = (first.body as { data: { subjectTitle: string; actorEmail: string }[] }).data;
    expect(firstData).toHaveLength(50);
    expect(firstData[0]).toMatchObject({ subjectTitle: "Record 59", actorEmail: "ben@example.com" });
    const second = await call("GET", "/api/admin/activity?page=2");
    expect((second.body as { data: { subjectTitle: string }[] }).data.map((row) => row.subjectTitle)).toEqual(
      Array.from({ length: 10 }, (_, index) => `Record ${9 - index}`),
    );

    const ana = await call("GET", "/api/admin/activity?person=ANA@example.com&kind=episode.deleted");
    expect(ana.body).toMatchObject({ pageCount: 1, counts: { total: 60, matching: 20 } });
    const anaRows = (ana.body as { data: { kind: string; actorEmail: string }[] }).data;
    expect(new Set(anaRows.map((row) => `${row.actorEmail} ${row.kind}`))).toEqual(
      new Set(["ana@example.com episode.deleted"]),
    );
  });

  it("gives the /admin/activity page the same rows, the view from its address and the filters' choices", async () => {
    await seed();
    const page = (query: string) =>
      callRoute(
        activityPage.loader,
        database.db,
        new Request(`http://localhost/admin/activity${query}`, {
          headers: { cookie: owner },
        }),
      );
    const filtered = await page("?person=ben@example.com&page=1");
    expect(filtered.body).toMatchObject({
      view: { page: 1, person: "ben@example.com", kind: "" },
      page: { pageCount: 1, counts: { matching: 20 } },
      choices: {
        people: ["ana@example.com", "ben@example.com"],
        kinds: ["episode.deleted", "episode.published", "settings.changed"],
      },
    });
    // An address edited into something the log does not take shows the first page of everything.
    expect((await page("?kind=<script>")).body).toMatchObject({ view: { page: 1, person: "", kind: "" } });
  });

  it("refuses a bad query with 400 and anyone but the owner with 401 or 403", async () => {
    expect((await call("GET", "/api/admin/activity?kind=DROP TABLE")).status).toBe(400);
    expect((await call("GET", "/api/admin/activity?page=0")).status).toBe(400);
    expect((await call("GET", "/api/admin/activity?who=ana")).status).toBe(400);
    expect((await call("GET", "/api/admin/activity", undefined, null)).status).toBe(401);
    const member = await signInMember(database.db, "premium");
    expect((await call("GET", "/api/admin/activity", undefined, member.cookie)).status).toBe(403);
  });
});

describe("retention", () => {
  const entry = (occurredAt: Date, title: string) =>
    recordActivity(database.db, {
      kind: "story.updated",
      subjectType: "story",
      subjectId: "1",
      subjectTitle: title,
      actor: { staffId: null, email: null },
      clientAddress: null,
      occurredAt,
    });

  it("keeps a year by default and prunes older entries when recording", async () => {
    const now = Date.now();
    const day = 86_400_000;
    await database.db.insert(activityLog).values([
      { kind: "story.updated", subjectTitle: "Too old", occurredAt: new Date(now - 366 * day) },
      { kind: "story.updated", subjectTitle: "Within the year", occurredAt: new Date(now - 364 * day) },
    ]);
    await entry(new Date(now), "Now");
    expect((await entries()).map((row) => row.subjectTitle)).toEqual(["Within the year", "Now"]);
  });

  it("follows the retention the settings name", async () => {
    const settings = { ...defaultSiteSettings, activityLog: { retentionDays: 30 }, version: 0 };
    expect((await call("PUT", "/api/admin/settings", settings)).status).toBe(200);
    const now = Date.now();
    await database.db
      .insert(activityLog)
      .values({ kind: "story.updated", subjectTitle: "Last month", occurredAt: new Date(now - 31 * 86_400_000) });
    expect(await pruneActivity(database.db, new Date(now))).toBe(1);
    expect((await entries()).map((row) => row.kind)).toEqual(["settings.changed"]);
  });

  it("refuses a retention outside 30 to 3650 days", async () => {
    for (const retentionDays of [0, 29, 3651, 1.5]) {
      const settings = { ...defaultSiteSettings, activityLog: { retentionDays }, version: 0 };
      const reply = await call("PUT", "/api/admin/settings", settings);
      expect(reply.status).toBe(400);
      expect(JSON.stringify(reply.body)).toContain("activity log retention");
    }
  });
});
