import "~/lib/zod-without-eval";
import { z } from "zod";
import type { MembershipTier } from "~/lib/current-user";
import { ownerListQueryFields, ownerListSearchField } from "~/lib/owner-list";

export type { MembershipTier };

export const MEMBER_TIERS = ["free", "basic", "premium"] as const satisfies readonly MembershipTier[];

const NAME_MAX_LENGTH = 100;

const nameField = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(NAME_MAX_LENGTH, { error: `${label} has at most ${NAME_MAX_LENGTH} characters` })
    .default("")
    .transform((value) => value || null);

/** PUT /api/members/profile and the profile's form: the member's own names; an empty box clears a name. */
export const MemberNamesSchema = z.object({
  firstName: nameField("First name"),
  lastName: nameField("Last name"),
});

/** PATCH /api/admin/members/{id}/tier: a tier the owner gives by hand (complimentary), or Free to end it. */
export const MemberTierChangeSchema = z.object({
  membershipTier: z.enum(MEMBER_TIERS, { error: 'membershipTier must be "free", "basic" or "premium"' }),
});

/** GET /api/admin/members: the owner-list query (newest first, search by email or name). */
export const MemberListQuerySchema = z.strictObject({
  page: ownerListQueryFields.page,
  ...ownerListSearchField,
  sort: z.enum(["newest", "oldest"], { error: 'sort must be "newest" or "oldest"' }).default("newest"),
});
export type MemberListQuery = z.output<typeof MemberListQuerySchema>;

/** One row of the owner's Members screen. */
export type MemberRow = {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  membershipTier: MembershipTier;
  /** A tier the owner gave by hand. */
  complimentary: boolean;
  /** The Stripe subscription's state, or null without one. */
  subscriptionStatus: string | null;
  /** ISO 8601 */
  createdAt: string;
  lastSignInAt: string | null;
  /** The most distinct addresses the member's private feed was fetched from in one day lately, when that is many. */
  sharedFeedAddresses: number | null;
};

/** A member's id in a path: ids are provider subjects or UUIDs, printable and short; anything else is a 400. */
export function parseMemberId(value: string | undefined): string | null {
  return value && /^[\x21-\x7e]{1,255}$/.test(value) ? value : null;
}
