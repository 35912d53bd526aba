import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { callApi } from "#tests/setup/call-api";
import { callRoute } from "#tests/setup/call-route";
import { insertEpisodes, publicEpisode } from "#tests/setup/episode-fixtures";
import { signInOwner } from "#tests/setup/sessions";
import { type SmtpInbox, startSmtpInbox } from "#tests/setup/smtp-inbox";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import {
  activityLog,
  audienceMails,
  mailDeliveries,
  mailSuppressions,
  podcastEpisodes,
  subscribers,
} from "~/db/schema";
import { announceNewItems, sendDueMail } from "~/features/mail/audience-mail.server";
import { parseEnv } from "~/lib/env.server";
import { createMailer } from "~/lib/mailer.server";
import { loader as settingsPage } from "../../admin/settings";

const SECRET = "a-shared-secret-of-the-mail-provider";

let database: TestDatabase;
let inbox: SmtpInbox;
beforeAll(async () => {
  database = await createTestDatabase();
  inbox = await startSmtpInbox({ refuse: () => null });
});
afterAll(async () => {
  await inbox.close();
  await database.close();
});
afterEach(async () => {
  inbox.received.length = 0;
  for (const table of [mailDeliveries, audienceMails, mailSuppressions, subscribers, podcastEpisodes, activityLog]) {
    await database.db.delete(table);
  }
});

const report = (body: unknown, options: { authorization?: string | null; secret?: string | null } = {}) => {
  const headers = new Headers({ "content-type": "application/json" });
  const authorization = options.authorization === undefined ? `Bearer ${SECRET}` : options.authorization;
  if (authorization !== null) headers.set("authorization", authorization);
  const secret = options.secret === undefined ? SECRET : options.secret;
  return callApi(
    database.db,
    new Request("http://localhost/api/mail/events", {
      method: "POST",
      headers,
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
    { env: secret === null ? {} : { MAIL_EVENTS_SECRET: secret } },
  );
};

const suppressed = () =>
  database.db
    .select({ email: mailSuppressions.email, kind: mailSuppressions.kind, reason: mailSuppressions.reason })
    .from(mailSuppressions)
    .orderBy(mailSuppressions.email);

async function queueMailTo(emails: string[]) {
  const [mail] = await database.db
    .insert(audienceMails)
    .values({ itemKey: `test:${Math.random()}`, subject: "A mail", text: "Its text." })
    .returning();
  await database.db.insert(mailDeliveries).values(emails.map((email) => ({ mailId: mail.id, email })));
}

describe("POST /api/mail/events", () => {
  it("does not exist while MAIL_EVENTS_SECRET is unset", async () => {
    const reply = await report({ events: [{ type: "bounce", email: "a@example.com" }] }, { secret: null });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ success: false, message: "Not found" });
    expect(await suppressed()).toEqual([]);
  });

  it.each([
    ["no Authorization header", null],
    ["a wrong secret", "Bearer a-wrong-secret-of-the-same-kind"],
    ["the secret with something added", `Bearer ${SECRET}x`],
    ["another scheme", `Basic ${Buffer.from(`x:${SECRET}`).toString("base64")}`],
  ])("answers 401 to %s, before reading the body, and suppresses nothing", async (_label, authorization) => {
    for (const body of [{ events: [{ type: "bounce", email: "a@example.com" }] }, "not json"]) {
      const reply = await report(body, { authorization });
      expect(reply.status).toBe(401);
      expect(reply.body).toMatchObject({ success: false });
    }
    expect(await suppressed()).toEqual([]);
  });

  it("suppresses each address lower-cased, marks its queued mail suppressed, and is idempotent", async () => {
    await queueMailTo(["gone@example.com", "angry@example.com", "fine@example.com"]);
    const body = {
      events: [
        { type: "bounce", email: "Gone@Example.com", reason: "550 5.1.1 No such mailbox" },
        { type: "complaint", email: "angry@example.com" },
      ],
    };
    const reply = await report(body);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ success: true, suppressed: 2 });
    expect(await suppressed()).toEqual([
      { email: "angry@example.com", kind: "complaint", reason: "Complaint reported by the mail provider" },
      { email: "gone@example.com", kind: "bounce", reason: "550 5.1.1 No such mailbox" },
    ]);
    const statuses = await database.db
      .select({ email: mailDeliveries.email, status: mailDeliveries.status })
      .from(mailDeliveries)
      .orderBy(mailDeliveries.email);
    expect(statuses).toEqual([
      { email: "angry@example.com", status: "suppressed" },
      { email: "fine@example.com", status: "queued" },
      { email: "gone@example.com", status: "suppressed" },
    ]);

    // The provider sends the same report again: nothing changes, the first record stays.
    const again = await report({ events: [{ type: "complaint", email: "gone@example.com", reason: "Another" }] });
    expect(again.status).toBe(200);
    expect(await suppressed()).toHaveLength(2);
    expect((await suppressed())[1]).toEqual({
      email: "gone@example.com",
      kind: "bounce",
      reason: "550 5.1.1 No such mailbox",
    });
    // Not an admin change: the activity log stays empty.
    expect(await database.db.$count(activityLog)).toBe(0);
  });

  it.each([
    ["an empty list", { events: [] }],
    ["no events", {}],
    ["an unknown type", { events: [{ type: "delivery", email: "a@example.com" }] }],
    ["an invalid address", { events: [{ type: "bounce", email: "not an address" }] }],
    ["an unknown field", { events: [{ type: "bounce", email: "a@example.com", extra: 1 }] }],
    ["too many events", { events: Array.from({ length: 1001 }, (_, i) => ({ type: "bounce", email: `a${i}@e.co` })) }],
    ["text that is not JSON", "not json"],
  ])("answers 400 to %s and suppresses nothing", async (_label, body) => {
    const reply = await report(body);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ success: false, message: expect.any(String) });
    expect(await suppressed()).toEqual([]);
  });
});

describe("the owner's suppression list", () => {
  const asOwner = async (path: string, method = "GET") =>
    callApi(
      database.db,
      new Request(`http://localhost${path}`, { method, headers: { cookie: await signInOwner(database.db) } }),
    );

  it("lists the suppressed addresses newest first, searches them, and lifts one with an activity entry", async () => {
    await database.db.insert(mailSuppressions).values([
      { email: "old@example.com", kind: "bounce", reason: "550", createdAt: new Date("2026-01-01T00:00:00Z") },
      { email: "new@example.com", kind: "complaint", reason: "Spam", createdAt: new Date("2026-02-01T00:00:00Z") },
    ]);
    const list = await asOwner("/api/admin/mail/suppressions");
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      success: true,
      message: "2 suppressed addresses",
      data: [
        { email: "new@example.com", kind: "complaint", reason: "Spam", createdAt: "2026-02-01T00:00:00.000Z" },
        { email: "old@example.com", kind: "bounce", reason: "550", createdAt: "2026-01-01T00:00:00.000Z" },
      ],
      page: 1,
      pageSize: 50,
      pageCount: 1,
      counts: { total: 2, matching: 2, archived: 0 },
    });
    const searched = await asOwner("/api/admin/mail/suppressions?q=OLD");
    expect((searched.body as { data: { email: string }[] }).data.map((row) => row.email)).toEqual(["old@example.com"]);

    const lift = await asOwner(`/api/admin/mail/suppressions/${encodeURIComponent("Old@Example.com")}`, "DELETE");
    expect(lift.status).toBe(200);
    expect((await suppressed()).map((row) => row.email)).toEqual(["new@example.com"]);
    const [entry] = await database.db.select().from(activityLog);
    expect(entry).toMatchObject({
      kind: "suppression.lifted",
      subjectType: "suppression",
      subjectId: "old@example.com",
      subjectTitle: "old@example.com",
    });

    // The Settings page arrives with the list's first page.
    const page = await callRoute(
      settingsPage,
      database.db,
      new Request("http://localhost/admin/settings", { headers: { cookie: await signInOwner(database.db) } }),
    );
    expect((page.body as { suppressions: { data: { email: string }[] } }).suppressions.data).toEqual([
      { email: "new@example.com", kind: "complaint", reason: "Spam", createdAt: "2026-02-01T00:00:00.000Z" },
    ]);

    const again = await asOwner("/api/admin/mail/suppressions/old@example.com", "DELETE");
    expect(again.status).toBe(404);
    expect(await database.db.$count(activityLog)).toBe(1);
  });
});

describe("the send queue and suppressions", () => {
  const SITE = "https://podcast.example.com";
  const env = () => parseEnv({ NODE_ENV: "test", SITE_URL: SITE, SMTP_URL: inbox.url });
  const NOW = new Date("2026-03-02T10:00:00Z");
  const drain = async () => {
    const mailer = createMailer(env(), database.db);
    while ((await sendDueMail(database.db, env(), mailer, { now: () => NOW, limit: 10 })) > 0) {
      // Claims again until a batch comes back empty.
    }
  };

  it("never mails a reported address, and mails a lifted one again", async () => {
    await database.db
      .insert(subscribers)
      .values(["lifted@example.com", "kept@example.com"].map((email) => ({ email, source: "launch" })));
    expect(
      (
        await report({
          events: [
            { type: "bounce", email: "lifted@example.com" },
            { type: "complaint", email: "kept@example.com" },
          ],
        })
      ).status,
    ).toBe(200);
    await insertEpisodes(database.db, [
      publicEpisode({ guid: "first", title: "First", publishDate: new Date(NOW.getTime() - 60_000) }),
    ]);
    await announceNewItems(database.db, env(), NOW);
    await drain();
    expect(inbox.received).toEqual([]);

    const cookie = await signInOwner(database.db);
    const lift = await callApi(
      database.db,
      new Request("http://localhost/api/admin/mail/suppressions/lifted@example.com", {
        method: "DELETE",
        headers: { cookie },
      }),
    );
    expect(lift.status).toBe(200);
    await insertEpisodes(database.db, [
      publicEpisode({ guid: "second", title: "Second", publishDate: new Date(NOW.getTime() - 30_000) }),
    ]);
    await announceNewItems(database.db, env(), NOW);
    await drain();
    expect(inbox.received.map((mail) => mail.to)).toEqual([["lifted@example.com"]]);
    // A suppressed address is not even queued.
    expect(await database.db.$count(mailDeliveries, eq(mailDeliveries.email, "kept@example.com"))).toBe(0);
  });
});
