import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import type { Env } from "~/lib/env.server";
import { MOCK_USERS, type MockTier } from "./mock-users";

/** Mock sign-in exists only outside production; a production server answers its endpoint with 404. */
export function isMockSignInEnabled(env: Env) {
  return env.NODE_ENV !== "production";
}

/** Creates or resets the mock user of `tier` (a previous upgrade is undone), returning its id. */
export async function upsertMockUser(db: Database, tier: MockTier): Promise<string> {
  const mock = MOCK_USERS[tier];
  await db
    .insert(users)
    .values({ ...mock, membershipTier: tier })
    .onConflictDoUpdate({
      target: users.id,
      set: { ...mock, membershipTier: tier, updatedAt: new Date() },
    });
  return mock.id;
}
