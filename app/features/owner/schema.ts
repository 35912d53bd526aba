import "~/lib/zod-without-eval";
import { z } from "zod";

/** Spec section 5 "Admin login": the texts of a refused and an accepted password. */
export const INVALID_PASSWORD_TITLE = "Invalid password";
export const INVALID_PASSWORD_DESCRIPTION = "Please check your password and try again.";
export const LOGIN_SUCCESS_TITLE = "Login successful";
export const LOGIN_SUCCESS_DESCRIPTION = "You are now logged in as an admin";

/** scrypt's cost grows with the input; no real password is this long, so longer ones are refused unhashed. */
export const PASSWORD_MAX_LENGTH = 256;
export const PASSWORD_MIN_LENGTH = 12;

/** An address is at most 254 characters (RFC 5321); the login refuses longer ones as a wrong password. */
const EMAIL_MAX_LENGTH = 254;

/**
 * POST /api/admin/login: `{ email, password }` signs in a staff account, `{ password }` alone (or an empty email) the
 * owner account. Any wrong or malformed password or address gets the same answer as a wrong password.
 */
export const AdminLoginSchema = z.object({
  email: z
    .string({ error: INVALID_PASSWORD_DESCRIPTION })
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX_LENGTH, { error: INVALID_PASSWORD_DESCRIPTION })
    .optional()
    .transform((value) => value || undefined),
  /** A staff account with two-factor on: the authenticator app's current code, or a recovery code. */
  code: z
    .string({ error: INVALID_PASSWORD_DESCRIPTION })
    .trim()
    .max(20, { error: INVALID_PASSWORD_DESCRIPTION })
    .optional()
    .transform((value) => value || undefined),
  password: z
    .string({ error: INVALID_PASSWORD_DESCRIPTION })
    .min(1, { error: INVALID_PASSWORD_DESCRIPTION })
    .max(PASSWORD_MAX_LENGTH, { error: INVALID_PASSWORD_DESCRIPTION }),
});

/** `role`: the signed-in account's, so that the form sends the person to a screen their role opens. */
export type AdminLoginResponse = {
  success: boolean;
  message: string;
  role?: "owner" | "editor" | "support";
  /** The password was right and the account has two-factor on: send it again with `code`. */
  twoFactorRequired?: boolean;
};

export const TWO_FACTOR_REQUIRED_MESSAGE = "Enter the code from your authenticator app, or a recovery code.";

/** One login attempt of a staff account's whose password was checked, as the Settings screen and the API show it. */
export type OwnerSignIn = {
  id: number;
  at: string;
  address: string;
  userAgent: string | null;
  succeeded: boolean;
  /** The account the login named (its email at the time); null for an email of no account. */
  accountEmail: string | null;
};

/** How long the owner's sign-in record is kept: long enough to notice what happened over a quarter. */
export const SIGN_IN_RECORD_DAYS = 90;

/** How many of the latest attempts GET /api/admin/sign-ins answers and the Settings screen shows. */
export const RECENT_SIGN_INS_LISTED = 50;
export const RECENT_SIGN_INS_SHOWN = 10;

/** The owner's dashboard's summary of the show: what waits for the owner, the audience, the members and what is next. */
export type ShowAtAGlance = {
  unreadMessages: number;
  pendingApplications: number;
  subscribers: { total: number; new: number; days: number };
  members: { free: number; basic: number; premium: number; paying: number };
  /** What the paying subscriptions bring in a month, in US dollars. */
  monthlyRevenueUsd: number;
  /** The next episode due to go public; null when none is scheduled. */
  nextEpisode: { id: number; title: string; publishDate: string } | null;
  drafts: { episodes: number; insights: number };
};
