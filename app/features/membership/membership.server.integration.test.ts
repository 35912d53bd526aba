import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInMember } from "#tests/setup/sessions";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { findCurrentUser } from "~/lib/auth.server";
import { changeMembershipTier } from "./membership.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe("changeMembershipTier", () => {
  it("applies an allowed upgrade", async () => {
    const member = await signInMember(database.db, "basic");
    expect(await changeMembershipTier(database.db, member.id, "premium")).toEqual({
      ok: true,
      membershipTier: "premium",
    });
    expect((await findCurrentUser(database.db, member.id))?.membershipTier).toBe("premium");
  });

  it("refuses a change that is not an upgrade and says which tier the member has", async () => {
    const member = await signInMember(database.db, "premium");
    expect(await changeMembershipTier(database.db, member.id, "basic")).toEqual({
      ok: false,
      reason: "refused",
      currentTier: "premium",
      message: "Premium membership cannot be changed.",
    });
  });

  it("answers unknown-member for an id without a user", async () => {
    expect(await changeMembershipTier(database.db, "no-such-user", "basic")).toEqual({
      ok: false,
      reason: "unknown-member",
    });
  });

  it("lets exactly one of many simultaneous identical upgrades through", async () => {
    const member = await signInMember(database.db, "free");
    const results = await Promise.all(
      Array.from({ length: 6 }, () => changeMembershipTier(database.db, member.id, "basic")),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toHaveLength(5);
    for (const result of results.filter((result) => !result.ok)) {
      expect(result).toMatchObject({ reason: "refused", currentTier: "basic" });
    }
  });
});
