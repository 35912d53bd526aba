import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute } from "#tests/setup/call-route";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { mailUnsubscribes, subscribers } from "~/db/schema";
import { AUDIENCE_LIST, unsubscribeToken } from "~/features/mail/audience-mail.server";
import { action, loader } from "./unsubscribe";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const SITE = "http://localhost:5000";
const oneClickPost = (token: string, body = "List-Unsubscribe=One-Click") =>
  new Request(`${SITE}/unsubscribe/${token}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });

describe("the one-click unsubscribe address", () => {
  it("changes nothing when opened, and unsubscribes at once on the one-click POST, without a session", async () => {
    await database.db.insert(subscribers).values({ email: "Ann@example.com", source: "launch" });
    const token = await unsubscribeToken(database.db, "ann@example.com", AUDIENCE_LIST);

    const page = await callRoute(loader, database.db, new Request(`${SITE}/unsubscribe/${token}`), {
      params: { token },
    });
    expect(page).toMatchObject({ status: 200, body: { valid: true, email: "ann@example.com", left: false } });
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    expect(await database.db.select().from(mailUnsubscribes)).toEqual([]);
    expect(await database.db.select({ active: subscribers.active }).from(subscribers)).toEqual([{ active: true }]);

    const posted = await callRoute(action, database.db, oneClickPost(token), { params: { token } });
    expect(posted).toMatchObject({ status: 200, body: { done: true } });
    expect(await database.db.select().from(mailUnsubscribes)).toMatchObject([
      { email: "ann@example.com", list: AUDIENCE_LIST },
    ]);
    expect(await database.db.select({ active: subscribers.active }).from(subscribers)).toEqual([{ active: false }]);

    const again = await callRoute(loader, database.db, new Request(`${SITE}/unsubscribe/${token}`), {
      params: { token },
    });
    expect(again.body).toMatchObject({ valid: true, left: true });
  });

  it("refuses a token the site did not sign, and a POST without the one-click body", async () => {
    const token = await unsubscribeToken(database.db, "bob@example.com", AUDIENCE_LIST);
    const [payload] = token.split(".");
    const forged = `${Buffer.from(JSON.stringify({ e: "carol@example.com", l: AUDIENCE_LIST })).toString("base64url")}.${token.split(".")[1]}`;
    for (const bad of [forged, `${payload}.AAAA`, "nonsense"]) {
      expect((await callRoute(action, database.db, oneClickPost(bad), { params: { token: bad } })).status).toBe(404);
      expect(
        (await callRoute(loader, database.db, new Request(`${SITE}/unsubscribe/${bad}`), { params: { token: bad } }))
          .status,
      ).toBe(404);
    }
    expect((await callRoute(action, database.db, oneClickPost(token, "other=1"), { params: { token } })).status).toBe(
      400,
    );
    expect(
      (await database.db.select().from(mailUnsubscribes)).filter(({ email }) => email !== "ann@example.com"),
    ).toEqual([]);
  });
});

describe("the preferences form on the unsubscribe page", () => {
  it("stops the unticked kinds only, and rejoins after a one-click unsubscribe when a kind is ticked again", async () => {
    await database.db.insert(subscribers).values({ email: "dora@example.com", source: "launch" });
    const token = await unsubscribeToken(database.db, "dora@example.com", AUDIENCE_LIST);
    const open = () =>
      callRoute(loader, database.db, new Request(`${SITE}/unsubscribe/${token}`), { params: { token } });
    expect((await open()).body).toMatchObject({
      preferences: { episodes: true, insights: true, announcements: true },
    });

    const saved = await callRoute(action, database.db, oneClickPost(token, "intent=preferences&episodes=on"), {
      params: { token },
    });
    expect(saved).toMatchObject({ status: 200, body: { saved: true } });
    expect((await open()).body).toMatchObject({
      left: false,
      preferences: { episodes: true, insights: false, announcements: false },
    });

    await callRoute(action, database.db, oneClickPost(token), { params: { token } });
    expect((await open()).body).toMatchObject({
      left: true,
      preferences: { episodes: false, insights: false, announcements: false },
    });
    await callRoute(action, database.db, oneClickPost(token, "intent=preferences&announcements=on"), {
      params: { token },
    });
    expect((await open()).body).toMatchObject({
      left: false,
      preferences: { episodes: false, insights: false, announcements: true },
    });
    const [row] = await database.db.select().from(subscribers).where(eq(subscribers.email, "dora@example.com"));
    expect(row.active).toBe(true);
  });
});
