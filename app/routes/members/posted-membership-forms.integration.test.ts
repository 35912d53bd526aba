import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute, type RouteHandler } from "#tests/setup/call-route";
import { signInMember } from "#tests/setup/sessions";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { mailOutbox } from "~/db/schema";
import { CANCELLED_MESSAGE, DOWNGRADED_MESSAGE, NOTHING_TO_CANCEL_MESSAGE } from "~/features/membership/billing.server";
import { INVALID_BILLING_ACTION_MESSAGE } from "~/features/membership/schema";
import { findCurrentUser } from "~/lib/auth.server";
import { action as dashboard } from "./dashboard";
import { action as upgrade } from "./upgrade";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** Posts `fields` URL-encoded, as the membership buttons do when tapped before the page's scripts run. */
const postForm = (handler: RouteHandler, path: string, cookie: string | undefined, fields: Record<string, string>) =>
  callRoute(
    handler,
    database.db,
    new Request(`http://localhost${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...(cookie ? { cookie } : {}) },
      body: new URLSearchParams(fields).toString(),
    }),
  );

const tierOf = async (id: string) => (await findCurrentUser(database.db, id))?.membershipTier;

describe("POST /members/dashboard (the membership buttons before the scripts run)", () => {
  it("asks Cancel's and Downgrade's question first and changes nothing", async () => {
    const member = await signInMember(database.db, "premium");
    for (const action of ["cancel", "downgrade"] as const) {
      const reply = await postForm(dashboard, "/members/dashboard", member.cookie, { confirm: action });
      expect(reply).toMatchObject({ status: 200, body: { confirming: action } });
    }
    expect(await tierOf(member.id)).toBe("premium");
  });

  it.each([
    ["cancel", "basic", "free", CANCELLED_MESSAGE],
    ["downgrade", "premium", "basic", DOWNGRADED_MESSAGE],
  ] as const)(
    "%s, confirmed, changes %s to %s with the Membership Updated toast",
    async (action, from, to, message) => {
      const member = await signInMember(database.db, from);
      const reply = await postForm(dashboard, "/members/dashboard", member.cookie, { billingAction: action });
      expect(reply).toMatchObject({
        status: 200,
        body: { flash: { title: "Membership Updated", description: message } },
      });
      expect(await tierOf(member.id)).toBe(to);
    },
  );

  it("answers a refusal and an unknown action with the Update Failed toast and its status", async () => {
    const member = await signInMember(database.db, "free");
    expect(await postForm(dashboard, "/members/dashboard", member.cookie, { billingAction: "cancel" })).toMatchObject({
      status: 400,
      body: { flash: { title: "Update Failed", description: NOTHING_TO_CANCEL_MESSAGE, variant: "destructive" } },
    });
    expect(await postForm(dashboard, "/members/dashboard", member.cookie, { billingAction: "refund" })).toMatchObject({
      status: 400,
      body: { flash: { title: "Update Failed", description: INVALID_BILLING_ACTION_MESSAGE } },
    });
    expect(await postForm(dashboard, "/members/dashboard", member.cookie, { billingAction: "portal" })).toMatchObject({
      status: 400,
      body: { flash: { title: "Update Failed", description: "There is no billing account to manage." } },
    });
  });

  it("sends a visitor without a session to sign in and changes nothing", async () => {
    const reply = await postForm(dashboard, "/members/dashboard", undefined, { billingAction: "cancel" });
    expect(reply.status).toBe(302);
    expect(reply.headers.get("location")).toBe("/api/login?returnTo=%2Fmembers%2Fdashboard");
  });
});

describe("POST /members/upgrade (a plan's Upgrade button before the scripts run)", () => {
  it("upgrades, mails the confirmation and answers with the Membership Upgraded! toast", async () => {
    const member = await signInMember(database.db, "free");
    const reply = await postForm(upgrade, "/members/upgrade", member.cookie, { membershipTier: "basic" });
    expect(reply).toMatchObject({
      status: 200,
      body: {
        flash: { title: "Membership Upgraded!", description: "Your account has been upgraded to basic membership." },
      },
    });
    expect(await tierOf(member.id)).toBe("basic");
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, member.email));
    expect(mails).toHaveLength(1);
  });

  it.each([
    ["an unknown plan", "premium", { membershipTier: "gold" }, 400],
    ["a plan the member cannot take", "premium", { membershipTier: "basic" }, 400],
  ] as const)("refuses %s with the Upgrade Failed toast and leaves the tier", async (_case, from, fields, status) => {
    const member = await signInMember(database.db, from);
    const reply = await postForm(upgrade, "/members/upgrade", member.cookie, fields);
    expect(reply).toMatchObject({
      status,
      body: {
        flash: {
          title: "Upgrade Failed",
          description: "There was an error upgrading your membership. Please try again.",
          variant: "destructive",
        },
      },
    });
    expect(await tierOf(member.id)).toBe(from);
  });
});
