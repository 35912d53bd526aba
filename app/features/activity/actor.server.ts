import type { Database } from "~/db/client.server";
import { getViewer } from "~/lib/auth.server";

/** Who made a change in the admin area: their staff account and its email at the time. */
export type Actor = { staffId: number | null; email: string | null };

/** The staff account behind an admin request (none for a call made without one, such as a sign-in). */
export async function currentActor(db: Database, request: Request): Promise<Actor> {
  const { staff } = await getViewer(db, request);
  return { staffId: staff?.id ?? null, email: staff?.email ?? null };
}
