import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import type { Env } from "~/lib/env.server";
import { MOCK_USERS, type MockTier } from "./mock-users";

/** Mock sign-in exists only outside production; a production server answers its endpoint with 404. */
export function isMockSignInEnabled(env: Env) {
  return env.NODE_ENV !== "production";
}

/**
 * Creates or resets the mock user of `tier` (a previous upgrade is undone), returning its id. With an `alias`, the
 * user is that alias's own copy of the tier's mock user (same names, its own id and email).
 */
export async function upsertMockUser(db: Database, tier: MockTier, alias?: string): Promise<string> {
  const shared = MOCK_USERS[tier];
  const mock = alias
    ? { ...shared, id: `${shared.id}-${alias}`, email: shared.email.replace("@", `+${alias}@`) }
    : shared;
  await db
    .insert(users)
    .values({ ...mock, membershipTier: tier })
    .onConflictDoUpdate({
      target: users.id,
      set: { ...mock, membershipTier: tier, updatedAt: new Date() },
    });
  return mock.id;
}
