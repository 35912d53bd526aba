import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import type { Env } from "~/lib/env.server";
import type { Mailer } from "~/lib/mailer.server";
import {
  canUpgrade,
  MEMBERSHIP_TIERS,
  type MembershipTier,
  type PaidTier,
  planTitle,
  upgradeRefusalMessage,
} from "./schema";

export type MembershipChange =
  | { ok: true; membershipTier: PaidTier }
  | { ok: false; reason: "refused"; currentTier: MembershipTier; message: string }
  | { ok: false; reason: "unknown-member" };

export const readMembershipTier = (value: string): MembershipTier =>
  value === "basic" || value === "premium" ? value : "free";

/**
 * The one way a member's tier changes: the upgrade page calls it now, a billing provider's webhook later.
 * The rule and the write are one conditional UPDATE (only from a tier that may become `tier`), so two requests racing
 * cannot both apply: the second sees the first's result and is refused.
 */
export async function changeMembershipTier(db: Database, userId: string, tier: PaidTier): Promise<MembershipChange> {
  const allowedFrom = MEMBERSHIP_TIERS.filter((from) => canUpgrade(from, tier));
  const [updated] = await db
    .update(users)
    .set({ membershipTier: tier, updatedAt: new Date() })
    .where(and(eq(users.id, userId), inArray(users.membershipTier, allowedFrom)))
    .returning({ id: users.id });
  if (updated) return { ok: true, membershipTier: tier };

  const [current] = await db
    .select({ membershipTier: users.membershipTier })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!current) return { ok: false, reason: "unknown-member" };
  const currentTier = readMembershipTier(current.membershipTier);
  return { ok: false, reason: "refused", currentTier, message: upgradeRefusalMessage(currentTier, tier) };
}

/**
 * The upgrade page's FAQ promises that access details arrive by email. Never throws: the upgrade is already stored
 * and must not be reported as failed because mail did.
 */
export async function sendUpgradeConfirmation(
  mailer: Mailer,
  env: Env,
  member: { email: string | null; firstName: string | null },
  tier: PaidTier,
): Promise<void> {
  if (!member.email) return;
  const plan = planTitle(tier);
  const links =
    tier === "premium"
      ? [
          `Premium episodes and downloads: ${env.SITE_URL}/members/premium-content`,
          `Virtual events: ${env.SITE_URL}/members/events`,
          `Resource library: ${env.SITE_URL}/members/resources`,
        ]
      : [];
  const text = [
    `Hello ${member.firstName?.trim() || "there"},`,
    "",
    `Your ${plan} membership is active. Sign in and open your dashboard to see what it includes:`,
    `${env.SITE_URL}/members/dashboard`,
    ...links,
    "",
    "Memberships are billed monthly; plan changes take effect at the start of your next billing cycle.",
  ].join("\n");
  try {
    await mailer.send({ to: member.email, subject: `Your ${plan} membership is active`, text });
  } catch (error) {
    console.error(`[mail] could not send the ${plan} membership confirmation:`, error);
  }
}
