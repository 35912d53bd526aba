import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi } from "#tests/setup/call-api";
import { signInMember } from "#tests/setup/sessions";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { mailOutbox } from "~/db/schema";
import { INVALID_PLAN_MESSAGE, PREMIUM_CANNOT_CHANGE_MESSAGE } from "~/features/membership/schema";
import { findCurrentUser, type MembershipTier } from "~/lib/auth.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

function upgradeRequest(body: string, headers: Record<string, string> = {}) {
  return new Request("http://localhost/api/auth/membership", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });
}

const upgrade = (cookie: string | undefined, body: unknown) =>
  callApi(database.db, upgradeRequest(JSON.stringify(body), cookie ? { cookie } : {}));

const tierOf = async (id: string) => (await findCurrentUser(database.db, id))?.membershipTier;

describe("POST /api/auth/membership", () => {
  it.each([
    ["free", "basic"],
    ["free", "premium"],
    ["basic", "premium"],
  ] as const)("upgrades %s to %s", async (from, to) => {
    const member = await signInMember(database.db, from);
    const reply = await upgrade(member.cookie, { membershipTier: to });
    expect(reply).toMatchObject({
      status: 200,
      body: {
        success: true,
        message: `Your account has been upgraded to ${to} membership.`,
        data: { membershipTier: to },
      },
    });
    expect(await tierOf(member.id)).toBe(to);
  });

  it.each([
    ["basic", "basic", "You already have the Basic membership."],
    ["premium", "basic", PREMIUM_CANNOT_CHANGE_MESSAGE],
    ["premium", "premium", PREMIUM_CANNOT_CHANGE_MESSAGE],
  ] as const)("refuses %s to %s with a 400 and leaves the tier", async (from, to, message) => {
    const member = await signInMember(database.db, from);
    const reply = await upgrade(member.cookie, { membershipTier: to });
    expect(reply).toMatchObject({ status: 400, body: { success: false, message } });
    expect(await tierOf(member.id)).toBe(from);
  });

  it.each([
    ["free", { membershipTier: "free" }],
    ["an unknown plan", { membershipTier: "gold" }],
    ["a capitalised plan", { membershipTier: "Premium" }],
    ["a number", { membershipTier: 2 }],
    ["null", { membershipTier: null }],
    ["no plan", {}],
  ])("refuses %s as the plan with the plan message", async (_case, body) => {
    const member = await signInMember(database.db, "free");
    const reply = await upgrade(member.cookie, body);
    expect(reply).toMatchObject({ status: 400, body: { success: false, message: INVALID_PLAN_MESSAGE } });
    expect(await tierOf(member.id)).toBe("free");
  });

  it("refuses bodies that are not a JSON object", async () => {
    const member = await signInMember(database.db, "free");
    const cookie = { cookie: member.cookie };
    expect((await callApi(database.db, upgradeRequest("{not json", cookie))).status).toBe(400);
    expect((await callApi(database.db, upgradeRequest('["premium"]', cookie))).status).toBe(400);
    const asForm = upgradeRequest("membershipTier=premium", { ...cookie, "content-type": "text/plain" });
    expect((await callApi(database.db, asForm)).status).toBe(415);
    expect(await tierOf(member.id)).toBe("free");
  });

  it("answers 401 without a session, before reading the body", async () => {
    expect(await upgrade(undefined, { membershipTier: "premium" })).toMatchObject({
      status: 401,
      body: { success: false },
    });
    expect((await upgrade(undefined, { membershipTier: "gold" })).status).toBe(401);
    const unknownSession = `sid=${"A".repeat(43)}`;
    expect((await upgrade(unknownSession, { membershipTier: "basic" })).status).toBe(401);
  });

  it("answers other methods with 405", async () => {
    const member = await signInMember(database.db, "free");
    const get = new Request("http://localhost/api/auth/membership", { headers: { cookie: member.cookie } });
    expect((await callApi(database.db, get)).status).toBe(405);
    const put = new Request("http://localhost/api/auth/membership", {
      method: "PUT",
      headers: { cookie: member.cookie, "content-type": "application/json" },
      body: JSON.stringify({ membershipTier: "premium" }),
    });
    expect((await callApi(database.db, put)).status).toBe(405);
    expect(await tierOf(member.id)).toBe("free");
  });

  it("applies only one of two identical upgrades sent at once", async () => {
    const member = await signInMember(database.db, "free");
    const replies = await Promise.all([
      upgrade(member.cookie, { membershipTier: "premium" }),
      upgrade(member.cookie, { membershipTier: "premium" }),
    ]);
    expect(replies.map(({ status }) => status).sort()).toEqual([200, 400]);
    expect(replies.find(({ status }) => status === 400)?.body).toMatchObject({
      message: PREMIUM_CANNOT_CHANGE_MESSAGE,
    });
    expect(await tierOf(member.id)).toBe("premium");
  });

  it("never ends lower than premium when basic and premium upgrades race", async () => {
    const member = await signInMember(database.db, "free");
    const [toBasic, toPremium] = await Promise.all([
      upgrade(member.cookie, { membershipTier: "basic" }),
      upgrade(member.cookie, { membershipTier: "premium" }),
    ]);
    expect(toPremium.status).toBe(200);
    expect([200, 400]).toContain(toBasic.status);
    expect(await tierOf(member.id)).toBe("premium");
  });

  it("mails the member their access details", async () => {
    const member = await signInMember(database.db, "basic", { email: "upgrade-mail@example.com" });
    expect((await upgrade(member.cookie, { membershipTier: "premium" })).status).toBe(200);
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, "upgrade-mail@example.com"));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Your Premium membership is active");
    expect(mails[0].text).toContain("http://localhost:5000/members/premium-content");
  });

  it("still upgrades when the confirmation mail cannot be sent", async () => {
    const member = await signInMember(database.db, "free");
    const failingMailer = {
      send: () => Promise.reject(new Error("SMTP is down")),
    };
    const reply = await callApi(
      database.db,
      upgradeRequest(JSON.stringify({ membershipTier: "basic" }), { cookie: member.cookie }),
      { mailer: failingMailer },
    );
    expect(reply.status).toBe(200);
    expect(await tierOf(member.id)).toBe("basic" satisfies MembershipTier);
  });
});
