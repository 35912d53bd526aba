import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi } from "#tests/setup/call-api";
import { callRoute } from "#tests/setup/call-route";
import { signInOwner, signInStaff } from "#tests/setup/sessions";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { ownerSignIns } from "~/db/schema";
import { setOwnerPassword } from "~/features/owner/password.server";
import { SIGN_IN_RECORD_DAYS } from "~/features/owner/schema";
import { recordOwnerSignIn } from "~/features/owner/sign-ins.server";
import { loader as settingsPage } from "../../admin/settings";

const PASSWORD = "the-owner-password";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await setOwnerPassword(database.db, PASSWORD);
});
afterAll(() => database.close());

const logIn = (password: string, ip: string, userAgent: string) =>
  callApi(
    database.db,
    new Request("http://localhost/api/admin/login", {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": userAgent },
      body: JSON.stringify({ password }),
    }),
    { clientIp: ip },
  );

const listAs = async (cookie: string) =>
  callApi(database.db, new Request("http://localhost/api/admin/sign-ins", { headers: { cookie } }));

describe("the owner's sign-in record", { timeout: 60_000 }, () => {
  it("records each checked attempt with its time, address, browser and result, newest first", async () => {
    const before = Date.now();
    expect((await logIn("a wrong password", "198.51.100.7", "Guesser/1.0")).status).toBe(401);
    expect((await logIn(PASSWORD, "203.0.113.50", "Mozilla/5.0 (Owner's laptop)")).status).toBe(200);

    const reply = await listAs(await signInOwner(database.db));
    expect(reply.status).toBe(200);
    const { success, message, data } = reply.body as {
      success: boolean;
      message: string;
      data: {
        id: number;
        at: string;
        address: string;
        userAgent: string | null;
        succeeded: boolean;
        accountEmail: string | null;
      }[];
    };
    expect({ success, message }).toEqual({ success: true, message: "Recent sign-ins" });
    expect(data.slice(0, 2)).toEqual([
      {
        id: expect.any(Number),
        at: expect.any(String),
        address: "203.0.113.50",
        userAgent: "Mozilla/5.0 (Owner's laptop)",
        succeeded: true,
        accountEmail: "owner@localhost",
      },
      {
        id: expect.any(Number),
        at: expect.any(String),
        address: "198.51.100.7",
        userAgent: "Guesser/1.0",
        succeeded: false,
        accountEmail: "owner@localhost",
      },
    ]);
    for (const entry of data.slice(0, 2)) {
      expect(new Date(entry.at).getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(new Date(entry.at).getTime()).toBeLessThanOrEqual(Date.now());
    }
  });

  it("names the account each login named: a staff member's email, or none for an email of no account", async () => {
    await signInStaff(database.db, "editor", "named.editor@example.com");
    const logInAs = (email: string) =>
      callApi(
        database.db,
        new Request("http://localhost/api/admin/login", {
          method: "POST",
          headers: { "content-type": "application/json", "user-agent": "Named/1.0" },
          body: JSON.stringify({ email, password: "not-this-password" }),
        }),
        { clientIp: "198.51.100.20" },
      );
    expect((await logInAs("named.editor@example.com")).status).toBe(401);
    expect((await logInAs("nobody@example.com")).status).toBe(401);

    const reply = await listAs(await signInOwner(database.db));
    const { data } = reply.body as { data: { accountEmail: string | null; userAgent: string | null }[] };
    expect(data.slice(0, 2).map(({ accountEmail, userAgent }) => ({ accountEmail, userAgent }))).toEqual([
      { accountEmail: null, userAgent: "Named/1.0" },
      { accountEmail: "named.editor@example.com", userAgent: "Named/1.0" },
    ]);
  });

  it("records no attempt refused before its password was checked", async () => {
    const count = await database.db.$count(ownerSignIns);
    for (let attempt = 1; attempt <= 6; attempt++)
      await logIn("another wrong one", `192.0.2.${attempt}`, "Guesser/2.0");
    // Past the free failures the account waits: the sixth attempt is refused untried.
    expect(await database.db.$count(ownerSignIns)).toBe(count + 5);
  });

  it("keeps a user agent to 512 characters and drops entries older than the record's days", async () => {
    const now = new Date();
    await recordOwnerSignIn(
      database.db,
      { address: "192.0.2.200", userAgent: "x".repeat(2000), succeeded: false },
      new Date(now.getTime() - (SIGN_IN_RECORD_DAYS + 1) * 86_400_000),
    );
    await recordOwnerSignIn(
      database.db,
      { address: "192.0.2.201", userAgent: "y".repeat(2000), succeeded: false },
      now,
    );
    const rows = await database.db.select().from(ownerSignIns);
    expect(rows.map((row) => row.address)).not.toContain("192.0.2.200");
    expect(rows.find((row) => row.address === "192.0.2.201")?.userAgent).toHaveLength(512);
  });

  it("is shown on the Settings screen with the account, the latest ten", async () => {
    for (let attempt = 1; attempt <= 12; attempt++) {
      await recordOwnerSignIn(database.db, {
        address: `192.0.2.${attempt}`,
        userAgent: null,
        succeeded: true,
        accountEmail: `person-${attempt}@example.com`,
      });
    }
    const page = await callRoute(
      settingsPage,
      database.db,
      new Request("http://localhost/admin/settings", { headers: { cookie: await signInOwner(database.db) } }),
    );
    const { signIns: shown } = page.body as { signIns: { address: string; accountEmail: string | null }[] };
    expect(shown.map((signIn) => signIn.address)).toEqual(
      Array.from({ length: 10 }, (_, index) => `192.0.2.${12 - index}`),
    );
    expect(shown[0].accountEmail).toBe("person-12@example.com");
  });
});
