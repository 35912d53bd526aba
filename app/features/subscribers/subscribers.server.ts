import type { Database } from "~/db/client.server";
import { subscribers } from "~/db/schema";
import type { SubscribeInput } from "./schema";

/**
 * Adds the address to the subscriber list. An address already on it (in any letter case) is left as it is, and the
 * caller answers the same either way, so that the API never reveals who is subscribed.
 */
export async function addSubscriber(db: Database, input: SubscribeInput): Promise<void> {
  await db
    .insert(subscribers)
    .values({
      email: input.email,
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
      source: input.firstName || input.lastName ? "signup" : "launch",
    })
    .onConflictDoNothing();
}
