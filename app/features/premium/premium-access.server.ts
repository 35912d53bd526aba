import type { CurrentUser, MembershipTier } from "~/lib/auth.server";
import type { PremiumPageData } from "./schema";

const plainText = (status: number, text: string) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

export const PREMIUM_REQUIRED_MESSAGE = "Premium membership required";

export const hasPremiumAccess = (user: Pick<CurrentUser, "membershipTier">) => user.membershipTier === "premium";

const TIER_RANK: Record<MembershipTier, number> = { free: 0, basic: 1, premium: 2 };

/** The tiers of the events and resources a member sees: their own and every lower one. */
export const tiersReachedBy = (user: Pick<CurrentUser, "membershipTier">): MembershipTier[] =>
  (Object.keys(TIER_RANK) as MembershipTier[]).filter((tier) => TIER_RANK[tier] <= TIER_RANK[user.membershipTier]);

const TIER_REQUIRED: Record<MembershipTier, string> = {
  free: "Sign in required",
  basic: "Basic membership required",
  premium: PREMIUM_REQUIRED_MESSAGE,
};

/**
 * A members' list page's loader data: the items the member's tier reaches. A member who reaches none of them (the
 * samples are all premium) gets only the marker for the access panel, so no item above their tier is ever sent.
 */
export async function tieredPageData<Item>(
  user: Pick<CurrentUser, "membershipTier">,
  loadItems: (tiers: MembershipTier[]) => Promise<Item[]>,
): Promise<PremiumPageData<Item[]>> {
  const items = await loadItems(tiersReachedBy(user));
  if (items.length === 0 && !hasPremiumAccess(user)) return { access: "denied" };
  return { access: "granted", content: items };
}

/** 403 with the least tier that may have the item, for a member below it. */
export const tierRequired = (tier: MembershipTier) => plainText(403, TIER_REQUIRED[tier]);

/**
 * A premium page's loader data: the content is loaded only for a premium member; anyone else gets just the marker
 * for the "Premium Access Required" panel, so no premium item is ever in their HTML or data requests.
 */
export async function premiumPageData<Content>(
  user: Pick<CurrentUser, "membershipTier">,
  loadContent: () => Content | Promise<Content>,
): Promise<PremiumPageData<Content>> {
  if (!hasPremiumAccess(user)) return { access: "denied" };
  return { access: "granted", content: await loadContent() };
}
