import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi } from "#tests/setup/call-api";
import { insertApplication, insertSubscriber } from "#tests/setup/owner-fixtures";
import { signInMember, signInOwner, signInStaff, userFor } from "#tests/setup/sessions";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import {
  audienceMails,
  guestApplications,
  mailDeliveries,
  mailUnsubscribes,
  sessions,
  subscribers,
  users,
} from "~/db/schema";
import { recordSignIn } from "~/features/auth/members.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const json = (method: string, path: string, cookie: string, body: unknown) =>
  new Request(`http://localhost${path}`, {
    method,
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
const get = (path: string, cookie: string, method = "GET") =>
  new Request(`http://localhost${path}`, { method, headers: { cookie } });

async function namesOf(id: string) {
  const [row] = await database.db
    .select({ firstName: users.firstName, lastName: users.lastName, lastSignInAt: users.lastSignInAt })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

describe("sign-in bookkeeping", () => {
  it("records the time and takes the names given at sign-up when the member has none", async () => {
    const member = await signInMember(database.db, "free", { firstName: null, lastName: null });
    await insertSubscriber(database.db, { email: member.email.toUpperCase(), firstName: "Ada", lastName: "Lovelace" });
    const at = new Date("2026-11-20T10:00:00Z");
    await recordSignIn(database.db, member.id, at);
    expect(await namesOf(member.id)).toEqual({ firstName: "Ada", lastName: "Lovelace", lastSignInAt: at });
  });

  it("happens at a real sign-in (the mock sign-in here)", async () => {
    const reply = await callApi(
      database.db,
      new Request("http://localhost/api/auth/mock-login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ membershipTier: "basic", alias: "bookkeeping" }),
      }),
    );
    const { id } = reply.body as { id: string };
    const { lastSignInAt } = await namesOf(id);
    expect(Date.now() - (lastSignInAt as Date).getTime()).toBeLessThan(60_000);
  });

  it("keeps names the member already has", async () => {
    const member = await signInMember(database.db, "free", { firstName: "Kept", lastName: null });
    await insertSubscriber(database.db, { email: member.email, firstName: "Other", lastName: "Name" });
    await recordSignIn(database.db, member.id);
    expect(await namesOf(member.id)).toMatchObject({ firstName: "Kept", lastName: "Name" });
  });
});

describe("PUT /api/members/profile", () => {
  it("saves the member's names and answers the member as saved; an empty box clears a name", async () => {
    const member = await signInMember(database.db, "basic");
    const reply = await callApi(
      database.db,
      json("PUT", "/api/members/profile", member.cookie, { firstName: "  Grace ", lastName: "" }),
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      success: true,
      message: "Profile Updated",
      data: { firstName: "Grace", lastName: null },
    });
    expect(await namesOf(member.id)).toMatchObject({ firstName: "Grace", lastName: null });
  });

  it("refuses a name that is too long with 400 and changes nothing", async () => {
    const member = await signInMember(database.db, "free");
    const reply = await callApi(
      database.db,
      json("PUT", "/api/members/profile", member.cookie, { firstName: "x".repeat(101), lastName: "Ok" }),
    );
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ success: false, message: "First name has at most 100 characters" });
    expect(await namesOf(member.id)).toMatchObject({ firstName: "Test", lastName: "Member" });
  });

  it("answers 405 to another method", async () => {
    const member = await signInMember(database.db, "free");
    const reply = await callApi(database.db, json("POST", "/api/members/profile", member.cookie, {}));
    expect(reply.status).toBe(405);
  });
});

describe("GET /api/members/export", () => {
  it("is a JSON download of the account, the sign-up rows and the guest applications of the member's address", async () => {
    const member = await signInMember(database.db, "premium");
    await insertSubscriber(database.db, { email: member.email, firstName: "Test", source: "member-sign-up" });
    await insertApplication(database.db, { email: member.email, topicIdea: "Mine" });
    await insertApplication(database.db, { email: "someone-else@example.com", topicIdea: "Not mine" });
    const reply = await callApi(database.db, get("/api/members/export", member.cookie));
    expect(reply.status).toBe(200);
    expect(reply.headers.get("content-disposition")).toMatch(
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(reply.headers.get("cache-control")).toBe("private, no-store");
    const body = reply.body as {
      account: unknown;
      newsletterAndSignUp: unknown[];
      guestApplications: { topicIdea: string }[];
      sessions: unknown[];
      privateFeed: unknown;
    };
    expect(body.account).toMatchObject({ id: member.id, email: member.email, membershipTier: "premium" });
    expect(body.newsletterAndSignUp).toEqual([
      expect.objectContaining({ email: member.email, source: "member-sign-up" }),
    ]);
    expect(body.guestApplications.map((application: { topicIdea: string }) => application.topicIdea)).toEqual(["Mine"]);
    expect(body.sessions).toHaveLength(1);
    expect(body.privateFeed).toBeNull();
  });
});

describe("the export's mail record", () => {
  it("lists the member's mail preferences and the audience mails queued or sent to them", async () => {
    const member = await signInMember(database.db, "basic");
    const address = member.email.toLowerCase();
    await database.db.insert(mailUnsubscribes).values({ email: address, list: "insights" });
    const [mail] = await database.db
      .insert(audienceMails)
      .values({ itemKey: "announcement:export-test", kind: "announcement", subject: "We are live", text: "Hello" })
      .returning();
    const sentAt = new Date("2026-11-20T10:00:00Z");
    await database.db.insert(mailDeliveries).values({ mailId: mail.id, email: address, status: "sent", sentAt });
    const reply = await callApi(database.db, get("/api/members/export", member.cookie));
    expect((reply.body as { mail: unknown }).mail).toEqual({
      preferences: { episodes: true, insights: false, announcements: true },
      unsubscribed: [{ list: "insights", createdAt: expect.any(String) }],
      suppressed: null,
      audienceMails: [
        { subject: "We are live", status: "sent", queuedAt: expect.any(String), sentAt: sentAt.toISOString() },
      ],
    });
  });
});

describe("DELETE /api/members/account", () => {
  it("deletes the member, their sessions and sign-up rows, keeps their guest applications, and clears the cookie", async () => {
    const member = await signInMember(database.db, "premium");
    const subscriber = await insertSubscriber(database.db, { email: member.email.toUpperCase() });
    const application = await insertApplication(database.db, { email: member.email });
    const reply = await callApi(database.db, get("/api/members/account", member.cookie, "DELETE"));
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true, message: "Account Deleted" });
    expect(reply.headers.get("set-cookie")).toMatch(/^sid=; .*Max-Age=0/);
    expect(await database.db.select().from(users).where(eq(users.id, member.id))).toEqual([]);
    expect(await database.db.select().from(sessions).where(sql`${sessions.sess}->>'userId' = ${member.id}`)).toEqual(
      [],
    );
    expect(await database.db.select().from(subscribers).where(eq(subscribers.id, subscriber.id))).toEqual([]);
    expect(
      await database.db
        .select({ id: guestApplications.id })
        .from(guestApplications)
        .where(eq(guestApplications.id, application.id)),
    ).toEqual([{ id: application.id }]);
    expect((await userFor(database.db, member.cookie)).status).toBe(401);
  });

  it("answers 405 to another method and deletes nothing", async () => {
    const member = await signInMember(database.db, "free");
    const reply = await callApi(database.db, get("/api/members/account", member.cookie, "POST"));
    expect(reply.status).toBe(405);
    expect(await database.db.select({ id: users.id }).from(users).where(eq(users.id, member.id))).toHaveLength(1);
  });
});

describe("the owner's Members calls", () => {
  let owner: string;
  beforeAll(async () => {
    owner = await signInOwner(database.db);
  });

  it("GET /api/admin/members lists members with their tier and last sign-in, searched by email or name", async () => {
    const member = await signInMember(database.db, "basic", { firstName: "Searchable", lastName: "Zebediah" });
    await recordSignIn(database.db, member.id, new Date("2026-11-21T08:00:00Z"));
    const reply = await callApi(database.db, get("/api/admin/members?q=zebed", owner));
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      success: true,
      message: "1 members",
      counts: { matching: 1 },
      data: [
        {
          id: member.id,
          email: member.email,
          firstName: "Searchable",
          lastName: "Zebediah",
          membershipTier: "basic",
          complimentary: false,
          subscriptionStatus: null,
          lastSignInAt: "2026-11-21T08:00:00.000Z",
          sharedFeedAddresses: null,
        },
      ],
    });
  });

  it("refuses an unknown query parameter with 400", async () => {
    const reply = await callApi(database.db, get("/api/admin/members?archived=include", owner));
    expect(reply.status).toBe(400);
  });

  it("PATCH /api/admin/members/{id} gives a complimentary tier, and Free ends it", async () => {
    const member = await signInMember(database.db, "free");
    const comp = await callApi(
      database.db,
      json("PATCH", `/api/admin/members/${member.id}`, owner, { membershipTier: "premium" }),
    );
    expect(comp.status).toBe(200);
    expect(comp.body).toMatchObject({
      message: "Membership Updated",
      data: { membershipTier: "premium", complimentary: true },
    });
    const back = await callApi(
      database.db,
      json("PATCH", `/api/admin/members/${member.id}`, owner, { membershipTier: "free" }),
    );
    expect(back.body).toMatchObject({ data: { membershipTier: "free", complimentary: false } });
  });

  it("refuses an unknown tier with 400 and an unknown member with 404, changing nothing", async () => {
    const member = await signInMember(database.db, "basic");
    const bad = await callApi(
      database.db,
      json("PATCH", `/api/admin/members/${member.id}`, owner, { membershipTier: "gold" }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ message: 'membershipTier must be "free", "basic" or "premium"' });
    const missing = await callApi(
      database.db,
      json("PATCH", "/api/admin/members/nobody", owner, { membershipTier: "basic" }),
    );
    expect(missing.status).toBe(404);
    const [row] = await database.db.select({ tier: users.membershipTier }).from(users).where(eq(users.id, member.id));
    expect(row.tier).toBe("basic");
  });

  it("DELETE /api/admin/members/{id} removes the member as their own deletion does; 404 the second time", async () => {
    const member = await signInMember(database.db, "premium");
    const request = () => get(`/api/admin/members/${member.id}`, owner, "DELETE");
    const first = await callApi(database.db, request());
    expect(first.body).toEqual({ success: true, message: "Member Removed" });
    expect((await userFor(database.db, member.cookie)).status).toBe(401);
    const second = await callApi(database.db, request());
    expect(second.status).toBe(404);
  });

  it("an owner session that also carried the removed member keeps the owner role", async () => {
    const member = await signInMember(database.db, "free");
    const ownerAccount = await signInStaff(database.db, "owner");
    await database.db
      .update(sessions)
      .set({ sess: { userId: member.id, staffId: ownerAccount.id, staffExpiresAt: Date.now() + 60_000 } })
      .where(sql`${sessions.sess}->>'userId' = ${member.id}`);
    await callApi(database.db, get(`/api/admin/members/${member.id}`, owner, "DELETE"));
    const stillOwner = await callApi(database.db, get("/api/admin/members", member.cookie));
    expect(stillOwner.status).toBe(200);
  });
});
