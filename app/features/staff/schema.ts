import "~/lib/zod-without-eval";
import { z } from "zod";
import { STAFF_ROLES, type StaffRole } from "~/lib/staff-roles";

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;

/** As the owner's password: long enough to resist guessing, short enough that scrypt's cost stays bounded. */
export const STAFF_PASSWORD_MIN_LENGTH = 12;
const STAFF_PASSWORD_MAX_LENGTH = 256;

const STAFF_STATUSES = ["active", "suspended"] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

export const LAST_OWNER_MESSAGE =
  "The last active owner cannot be removed, suspended or given another role. Make another person an owner first.";
export const STAFF_EXISTS_MESSAGE = "A staff account with this email already exists.";
export const PASSWORDS_DIFFER_MESSAGE = "The passwords do not match.";

const email = z
  .string({ error: "Please enter an email address." })
  .trim()
  .toLowerCase()
  .max(254, { error: "Please enter an email address." })
  .pipe(z.email({ error: "Please enter a valid email address." }));
const role = z.enum(STAFF_ROLES, { error: "Please choose a role: owner, editor or support." });

/** POST /api/admin/staff: invite a person by email with a role. */
export const StaffInviteSchema = z.object({ email, role });
export type StaffInvite = z.infer<typeof StaffInviteSchema>;

/** PATCH /api/admin/staff/:id: a new role and/or status. */
export const StaffUpdateSchema = z
  .object({ role: role.optional(), status: z.enum(STAFF_STATUSES).optional() })
  .refine((value) => value.role !== undefined || value.status !== undefined, {
    error: "Send a role or a status to change.",
  });
export type StaffUpdate = z.infer<typeof StaffUpdateSchema>;

const newPassword = z
  .string({ error: `Use at least ${STAFF_PASSWORD_MIN_LENGTH} characters.` })
  .min(STAFF_PASSWORD_MIN_LENGTH, { error: `Use at least ${STAFF_PASSWORD_MIN_LENGTH} characters.` })
  .max(STAFF_PASSWORD_MAX_LENGTH, { error: `Use at most ${STAFF_PASSWORD_MAX_LENGTH} characters.` });

/** The invitation page's form, checked in the page and by its action alike. */
export const SetPasswordSchema = z
  .object({
    token: z.string().min(1).max(100),
    password: newPassword,
    confirmPassword: z.string(),
  })
  .refine((value) => value.password === value.confirmPassword, {
    error: PASSWORDS_DIFFER_MESSAGE,
    path: ["confirmPassword"],
  });

export const WRONG_CURRENT_PASSWORD_MESSAGE = "Your current password is not right.";

const currentPassword = z
  .string({ error: "Please enter your current password." })
  .min(1, { error: "Please enter your current password." })
  .max(STAFF_PASSWORD_MAX_LENGTH, { error: WRONG_CURRENT_PASSWORD_MESSAGE });

/**
 * POST /api/admin/account/password and the Your Sessions page's form: the person's current password, and the new one
 * twice under the invitation's rules. The current one is only bounded: an older password may be shorter than today's
 * rule.
 */
export const ChangePasswordSchema = z
  .object({
    currentPassword,
    newPassword,
    confirmPassword: z.string({ error: PASSWORDS_DIFFER_MESSAGE }),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    error: PASSWORDS_DIFFER_MESSAGE,
    path: ["confirmPassword"],
  });

/** POST /api/admin/account/email and the Your Sessions page's form: the new email, confirmed by the current password. */
export const ChangeEmailSchema = z.object({ email, currentPassword });

/** One staff account as the Staff screen and GET /api/admin/staff show it. */
export type StaffAccountView = {
  id: number;
  email: string;
  role: StaffRole;
  status: StaffStatus;
  /** Invited and not yet accepted: no password set. */
  invited: boolean;
  createdAt: string;
};
