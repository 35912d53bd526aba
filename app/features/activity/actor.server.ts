import type { Database } from "~/db/client.server";
import type { Env } from "~/lib/env.server";

/** Who made a change in the admin area: their staff account (null for the owner's password) and email at the time. */
export type Actor = { staffId: number | null; email: string | null };

/**
 * The person behind an admin request. The admin area has one account today, the owner's (signed in with the shared
 * password), known by the OWNER_EMAIL address when the deployment sets one.
 */
export async function currentActor(_db: Database, _request: Request, env: Pick<Env, "OWNER_EMAIL">): Promise<Actor> {
  return { staffId: null, email: env.OWNER_EMAIL ?? null };
}
