import "~/lib/zod-without-eval";
import { z } from "zod";

const MEMBERSHIP_TIERS = ["free", "basic", "premium"] as const;

export const INVALID_MOCK_TIER_MESSAGE = "Invalid user type. Please choose free, basic, or premium.";

/** The tier a tester types at the mock sign-in prompt: any case, surrounding spaces ignored. */
export const MockSignInSchema = z.object({
  membershipTier: z
    .string({ error: INVALID_MOCK_TIER_MESSAGE })
    .trim()
    .toLowerCase()
    .pipe(z.enum(MEMBERSHIP_TIERS, { error: INVALID_MOCK_TIER_MESSAGE })),
  /**
   * Tests only: signs in as a separate copy of the tier's mock user, so that a test that changes its member (an
   * upgrade) does not change the member other tests, running at the same time, are signed in as.
   */
  alias: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, { error: "An alias is 1 to 40 lower-case letters, digits or hyphens" })
    .optional(),
});

export type MockTier = (typeof MEMBERSHIP_TIERS)[number];

/** Spec section 3: three predefined mock users, one per tier, for development and tests only. */
export const MOCK_USERS = {
  free: { id: "mock-user-free", email: "free.member@example.com", firstName: "Frankie", lastName: "Free" },
  basic: { id: "mock-user-basic", email: "basic.member@example.com", firstName: "Bailey", lastName: "Basic" },
  premium: { id: "mock-user-premium", email: "premium.member@example.com", firstName: "Parker", lastName: "Premium" },
} as const satisfies Record<MockTier, { id: string; email: string; firstName: string; lastName: string }>;

/** Spec section 9: the mock sign-in's loading flag stays on for one second after start. */
export const MOCK_AUTH_LOADING_MS = 1000;

/** The local-storage key that holds the signed-in mock user (spec section 3). */
export const MOCK_USER_STORAGE_KEY = "mockUser";

/** What the key must hold to be restored: one of the three mock users, as the mock sign-in answered it. */
export const SavedMockUserSchema = z
  .object({
    id: z.string(),
    email: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    membershipTier: z.enum(MEMBERSHIP_TIERS),
  })
  .refine((user) => user.id === MOCK_USERS[user.membershipTier].id);

export type SavedMockUser = z.infer<typeof SavedMockUserSchema>;
