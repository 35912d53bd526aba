import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNotNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { subscribers } from "~/db/schema";
import type { Env } from "~/lib/env.server";
import type { Mailer } from "~/lib/mailer.server";
import { getSiteSettings } from "~/lib/site-settings.server";
import type { SubscribeInput } from "./schema";

const hashOf = (token: string) => createHash("sha256").update(token).digest("base64url");

/**
 * Adds the address to the subscriber list. An address already on it (in any letter case) is left as it is, and the
 * caller answers the same either way, so that the API never reveals who is subscribed. With double opt-in on
 * (Settings), a new launch-list address is stored unconfirmed (it gets no audience mail) and mailed a link that
 * confirms it; only the link's hash is kept.
 */
export async function addSubscriber(
  db: Database,
  input: SubscribeInput,
  confirm?: { env: Env; mailer: Mailer },
): Promise<void> {
  const source = input.firstName || input.lastName ? "signup" : "launch";
  const { launchListDoubleOptIn, showName } = await getSiteSettings(db);
  const token = confirm && launchListDoubleOptIn && source === "launch" ? randomBytes(32).toString("base64url") : null;
  const added = await db
    .insert(subscribers)
    .values({
      email: input.email,
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
      source,
      confirmationTokenHash: token ? hashOf(token) : null,
    })
    .onConflictDoNothing()
    .returning({ id: subscribers.id });
  if (!token || !confirm || added.length === 0) return;
  try {
    await confirm.mailer.send({
      to: input.email,
      subject: `Confirm your subscription to ${showName}`,
      text:
        `Please confirm that you want to hear from ${showName}: ${confirm.env.SITE_URL}/subscribe/confirm/${token}\n\n` +
        "If you did not ask for this, ignore this mail and you will get nothing more.\n",
    });
  } catch (error) {
    // The address is stored unconfirmed either way; the visitor may sign up again for a new link.
    console.error("[mail] could not send a launch-list confirmation:", error);
  }
}

/** The unconfirmed address a confirmation link names, or null when the link is not (or no longer) one. */
export async function pendingConfirmation(db: Database, token: string): Promise<string | null> {
  const [row] = await db
    .select({ email: subscribers.email })
    .from(subscribers)
    .where(and(isNotNull(subscribers.confirmationTokenHash), eq(subscribers.confirmationTokenHash, hashOf(token))));
  return row?.email ?? null;
}

/** Confirms the address the link names; false when the link is not (or no longer) one. */
export async function confirmSubscription(db: Database, token: string): Promise<boolean> {
  const confirmed = await db
    .update(subscribers)
    .set({ confirmationTokenHash: null })
    .where(eq(subscribers.confirmationTokenHash, hashOf(token)))
    .returning({ id: subscribers.id });
  return confirmed.length > 0;
}
