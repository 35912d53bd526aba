export type MembershipTier = "free" | "basic" | "premium";

/** The current user as `GET /api/auth/user` answers it (spec section 3). */
export type CurrentUser = {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  membershipTier: MembershipTier;
};
