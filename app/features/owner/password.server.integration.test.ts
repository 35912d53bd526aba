import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { signInMember, signInOwner } from "#tests/setup/sessions";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { loginThrottles, ownerLoginBrowsers, sessions, staffAccounts } from "~/db/schema";
import { getViewer } from "~/lib/auth.server";
import { hashPassword, verifyPassword } from "~/lib/password-hash.server";
import { claimAccountAttempt, rememberBrowser, throttleAccountOf } from "./login-throttle.server";
import {
  ensureOwnerPassword,
  findFirstOwner,
  PLACEHOLDER_OWNER_EMAIL,
  readOwnerPasswordHash,
  setOwnerPassword,
} from "./password.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(sessions);
  await database.db.delete(staffAccounts);
});

describe("password hashes", () => {
  it("verifies the right password only, with a random salt per hash", async () => {
    const first = await hashPassword("correct horse battery staple");
    const second = await hashPassword("correct horse battery staple");
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword("correct horse battery staple", first)).toBe(true);
    expect(await verifyPassword("correct horse battery stapl", first)).toBe(false);
    expect(await verifyPassword("", first)).toBe(false);
  });

  it("refuses every password when no usable hash is stored", async () => {
    for (const stored of [null, "", "plain-text", "scrypt$1$1$1$abc$def"]) {
      expect(await verifyPassword("anything at all", stored)).toBe(false);
    }
  });
});

describe("the owner's password at start-up", () => {
  it("with nothing set and nothing stored, generates one, logs it once, and it works", async () => {
    const log = vi.fn();
    expect(await ensureOwnerPassword(database.db, undefined, log)).toBe("generated");
    expect(log).toHaveBeenCalledTimes(1);
    const password = /Owner password: (\S+)/.exec(log.mock.calls[0][0])?.[1];
    expect(password).toMatch(/^[\w-]{24}$/);
    const stored = await readOwnerPasswordHash(database.db);
    expect(stored).not.toContain(password);
    expect(await verifyPassword(password ?? "", stored)).toBe(true);

    const laterLog = vi.fn();
    expect(await ensureOwnerPassword(database.db, undefined, laterLog)).toBe("kept-stored");
    expect(laterLog).not.toHaveBeenCalled();
    expect(await readOwnerPasswordHash(database.db)).toBe(stored);
  });

  it("stores ADMIN_PASSWORD's hash, keeps it while the setting is unchanged, and replaces it when it changes", async () => {
    const log = vi.fn();
    expect(await ensureOwnerPassword(database.db, "first-admin-password", log)).toBe("set-from-setting");
    const firstHash = await readOwnerPasswordHash(database.db);
    expect(await ensureOwnerPassword(database.db, "first-admin-password", log)).toBe("unchanged");
    expect(await readOwnerPasswordHash(database.db)).toBe(firstHash);

    expect(await ensureOwnerPassword(database.db, "second-admin-password", log)).toBe("set-from-setting");
    const secondHash = await readOwnerPasswordHash(database.db);
    expect(await verifyPassword("second-admin-password", secondHash)).toBe(true);
    expect(await verifyPassword("first-admin-password", secondHash)).toBe(false);
    expect(log.mock.calls.flat().join("\n")).not.toContain("admin-password");
  });

  it("replaces a generated password when ADMIN_PASSWORD is set later", async () => {
    await ensureOwnerPassword(database.db, undefined, () => {});
    await ensureOwnerPassword(database.db, "now-from-the-setting", () => {});
    expect(await verifyPassword("now-from-the-setting", await readOwnerPasswordHash(database.db))).toBe(true);
  });

  it("two instances starting together generate and print at most one password", async () => {
    const logs = [vi.fn(), vi.fn()];
    const outcomes = await Promise.all(logs.map((log) => ensureOwnerPassword(database.db, undefined, log)));
    expect(outcomes.filter((outcome) => outcome === "generated")).toHaveLength(1);
    expect(logs.filter((log) => log.mock.calls.length > 0)).toHaveLength(1);
    const printed = logs.flatMap((log) => log.mock.calls).map((call) => /Owner password: (\S+)/.exec(call[0])?.[1]);
    expect(await verifyPassword(printed[0] ?? "", await readOwnerPasswordHash(database.db))).toBe(true);
  });

  it("makes the owner account from OWNER_EMAIL, and gives a placeholder owner account OWNER_EMAIL's address later", async () => {
    const log = vi.fn();
    await ensureOwnerPassword(database.db, undefined, log);
    expect((await findFirstOwner(database.db))?.email).toBe(PLACEHOLDER_OWNER_EMAIL);
    expect(log.mock.calls[0][0]).toContain(`Owner account: ${PLACEHOLDER_OWNER_EMAIL}`);
    await ensureOwnerPassword(database.db, undefined, log, "Host@Example.com");
    expect((await findFirstOwner(database.db))?.email).toBe("host@example.com");
    // An address the owner chose is kept whatever OWNER_EMAIL says.
    await ensureOwnerPassword(database.db, undefined, log, "other@example.com");
    expect((await findFirstOwner(database.db))?.email).toBe("host@example.com");
  });

  it("keeps an existing installation's owner password as the owner account's (the staff_accounts migration)", async () => {
    const storedBefore = await hashPassword("the-owner-password-of-old");
    // What the migration does with app_secrets' owner_password_hash.
    await database.db
      .insert(staffAccounts)
      .values({ email: PLACEHOLDER_OWNER_EMAIL, role: "owner", passwordHash: storedBefore });
    expect(await ensureOwnerPassword(database.db, undefined, () => {}, "host@example.com")).toBe("kept-stored");
    expect(await verifyPassword("the-owner-password-of-old", await readOwnerPasswordHash(database.db))).toBe(true);
  });

  it("setOwnerPassword (the admin:password script) replaces the stored hash", async () => {
    await ensureOwnerPassword(database.db, undefined, () => {});
    await setOwnerPassword(database.db, "set-by-the-script");
    expect(await verifyPassword("set-by-the-script", await readOwnerPasswordHash(database.db))).toBe(true);
  });
});

describe("a new password ends the owner's sessions", () => {
  const viewerFor = (cookie: string) =>
    getViewer(database.db, new Request("http://localhost/", { headers: { cookie } }));

  it("ends every session with the owner role and leaves members' sessions signed in (the admin:password script)", async () => {
    await setOwnerPassword(database.db, "the-first-password");
    const owner = await signInOwner(database.db);
    const ownerId = (await findFirstOwner(database.db))?.id ?? 0;
    const member = await signInMember(database.db, "premium");
    const memberWithOwnerRole = await signInMember(database.db, "basic");
    await database.db.execute(
      sql`update sessions set sess = sess || jsonb_build_object('staffId', ${ownerId}::int, 'staffExpiresAt', ${Date.now() + 60_000}::bigint) where sess->>'userId' = ${memberWithOwnerRole.id}`,
    );
    expect((await viewerFor(memberWithOwnerRole.cookie)).isOwner).toBe(true);

    await setOwnerPassword(database.db, "the-second-password");
    expect(await viewerFor(owner)).toEqual({ user: null, isOwner: false, staff: null });
    expect(await viewerFor(memberWithOwnerRole.cookie)).toEqual({ user: null, isOwner: false, staff: null });
    expect((await viewerFor(member.cookie)).user?.id).toBe(member.id);
  });

  it("ends them when a changed ADMIN_PASSWORD is stored at start-up, and not when it is unchanged", async () => {
    await ensureOwnerPassword(database.db, "the-setting-at-first", () => {});
    const kept = await signInOwner(database.db);
    await ensureOwnerPassword(database.db, "the-setting-at-first", () => {});
    expect((await viewerFor(kept)).isOwner).toBe(true);
    await ensureOwnerPassword(database.db, "the-setting-changed", () => {});
    expect((await viewerFor(kept)).isOwner).toBe(false);
  });

  it("forgets the browsers the owner logged in with and the failures counted so far", async () => {
    await rememberBrowser(database.db, null);
    for (let attempt = 1; attempt <= 3; attempt++) await claimAccountAttempt(database.db, throttleAccountOf(1));
    await setOwnerPassword(database.db, "a-fresh-password");
    expect(await database.db.$count(ownerLoginBrowsers)).toBe(0);
    expect(await database.db.$count(loginThrottles)).toBe(0);
  });
});
