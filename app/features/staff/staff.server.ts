import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { staffAccounts, staffInvitations } from "~/db/schema";
import type { Env } from "~/lib/env.server";
import type { Mailer } from "~/lib/mailer.server";
import { hashPassword } from "~/lib/password-hash.server";
import { endStaffSessions } from "~/lib/session.server";
import { STAFF_ROLE_LABELS, type StaffMember, type StaffRole } from "~/lib/staff-roles";
import { INVITATION_DAYS, type StaffAccountView, type StaffInvite, type StaffStatus, type StaffUpdate } from "./schema";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

function toView(row: typeof staffAccounts.$inferSelect): StaffAccountView {
  return {
    id: row.id,
    email: row.email,
    role: row.role as StaffRole,
    status: row.status as StaffStatus,
    invited: row.passwordHash === null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every staff account, oldest first (the owner account leads). */
export async function listStaff(db: Database): Promise<StaffAccountView[]> {
  const rows = await db.select().from(staffAccounts).orderBy(asc(staffAccounts.id));
  return rows.map(toView);
}

export type InviteOutcome = { invited: StaffAccountView } | { exists: true };

/**
 * Invites a person: their account (no password yet) and a single-use link valid INVITATION_DAYS, mailed to them.
 * Inviting an address whose invitation was never accepted sends a new link (the older ones stop working); an address
 * that already has a password is refused. The one place staff are invited: the activity log records it here.
 */
export async function inviteStaff(
  db: Database,
  mailer: Mailer,
  env: Env,
  invite: StaffInvite,
  now = new Date(),
): Promise<InviteOutcome> {
  const token = randomBytes(32).toString("base64url");
  const account = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(staffAccounts)
      .values({ email: invite.email, role: invite.role })
      .onConflictDoNothing()
      .returning();
    let row = inserted;
    if (!row) {
      const [pending] = await tx
        .update(staffAccounts)
        .set({ role: invite.role, updatedAt: now })
        .where(and(eq(staffAccounts.email, invite.email), isNull(staffAccounts.passwordHash)))
        .returning();
      if (!pending) return null;
      row = pending;
      await tx.delete(staffInvitations).where(eq(staffInvitations.staffId, row.id));
    }
    await tx.insert(staffInvitations).values({
      tokenHash: hashToken(token),
      staffId: row.id,
      expiresAt: new Date(now.getTime() + INVITATION_DAYS * 86_400_000),
    });
    return row;
  });
  if (!account) return { exists: true };
  const link = `${env.SITE_URL}/admin/accept-invite?token=${token}`;
  await mailer.send({
    to: account.email,
    subject: "You are invited to the admin area",
    text: [
      `You have been invited to the show's admin area as ${STAFF_ROLE_LABELS[account.role as StaffRole]}.`,
      "",
      "Open this link to set your password (it works once, for 7 days):",
      link,
      "",
      "Then sign in on the admin login page with this email address and your password.",
      "If you did not expect this invitation, you can ignore this mail.",
    ].join("\n"),
  });
  return { invited: toView(account) };
}

export type StaffChangeOutcome = { changed: StaffAccountView } | { notFound: true } | { lastOwner: true };

/**
 * Whether taking `id` out of the active owners leaves none. The active owners' rows are locked first, so that two
 * changes at once cannot each leave the other as the last owner and then both go through.
 */
async function wouldLeaveNoOwner(tx: Database, id: number): Promise<boolean> {
  const owners = await tx
    .select({ id: staffAccounts.id })
    .from(staffAccounts)
    .where(and(eq(staffAccounts.role, "owner"), eq(staffAccounts.status, "active")))
    .for("update");
  return owners.some((owner) => owner.id === id) && owners.every((owner) => owner.id === id);
}

/**
 * Changes a person's role and/or status. The last active owner cannot be demoted or suspended. A suspended person's
 * sessions end at once; a new role takes effect on their next request (every request reads the account). The one
 * place a staff account's role or status changes: the activity log records it here.
 */
export async function updateStaff(db: Database, id: number, update: StaffUpdate): Promise<StaffChangeOutcome> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(staffAccounts).where(eq(staffAccounts.id, id)).for("update");
    if (!current) return { notFound: true as const };
    const leavesOwners =
      (update.role !== undefined && update.role !== "owner") ||
      (update.status !== undefined && update.status !== "active");
    if (leavesOwners && (await wouldLeaveNoOwner(tx, id))) return { lastOwner: true as const };
    const [changed] = await tx
      .update(staffAccounts)
      .set({ ...update, updatedAt: new Date() })
      .where(eq(staffAccounts.id, id))
      .returning();
    if (update.status === "suspended") await endStaffSessions(tx, id);
    return { changed: toView(changed) };
  });
}

export type StaffRemoveOutcome = { removed: StaffAccountView } | { notFound: true } | { lastOwner: true };

/**
 * Removes a person: their account, invitation links and sessions. The last active owner cannot be removed. The one
 * place a staff account is removed: the activity log records it here.
 */
export async function removeStaff(db: Database, id: number): Promise<StaffRemoveOutcome> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(staffAccounts).where(eq(staffAccounts.id, id)).for("update");
    if (!current) return { notFound: true as const };
    if (await wouldLeaveNoOwner(tx, id)) return { lastOwner: true as const };
    await tx.delete(staffAccounts).where(eq(staffAccounts.id, id));
    await endStaffSessions(tx, id);
    return { removed: toView(current) };
  });
}

export type InvitationState = "usable" | "used" | "invalid";

/** What an invitation link is now, without using it up: mail scanners that open links must not spend them. */
export async function invitationState(db: Database, token: string, now = new Date()): Promise<InvitationState> {
  if (!token) return "invalid";
  const [row] = await db
    .select({ usedAt: staffInvitations.usedAt, expiresAt: staffInvitations.expiresAt })
    .from(staffInvitations)
    .where(eq(staffInvitations.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return "invalid";
  if (row.usedAt) return "used";
  return row.expiresAt > now ? "usable" : "invalid";
}

export type AcceptOutcome = { accepted: StaffMember } | { refused: Exclude<InvitationState, "usable"> };

/**
 * Uses an invitation link: marks it used (once, however many posts race), sets the person's password and returns
 * their account for signing in. A suspended person's link sets nothing. The one place an invitation is accepted.
 */
export async function acceptInvitation(
  db: Database,
  token: string,
  password: string,
  now = new Date(),
): Promise<AcceptOutcome> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(staffInvitations)
      .set({ usedAt: now })
      .where(
        and(
          eq(staffInvitations.tokenHash, hashToken(token)),
          isNull(staffInvitations.usedAt),
          gt(staffInvitations.expiresAt, now),
        ),
      )
      .returning({ staffId: staffInvitations.staffId });
    if (!used) {
      const state = await invitationState(tx, token, now);
      return { refused: state === "used" ? "used" : "invalid" };
    }
    const [account] = await tx
      .update(staffAccounts)
      .set({ passwordHash, updatedAt: now })
      .where(and(eq(staffAccounts.id, used.staffId), eq(staffAccounts.status, "active")))
      .returning({ id: staffAccounts.id, email: staffAccounts.email, role: staffAccounts.role });
    if (!account) return { refused: "invalid" as const };
    // Any other link of the same invitation (a resent one) is spent with it.
    await tx
      .update(staffInvitations)
      .set({ usedAt: now })
      .where(and(eq(staffInvitations.staffId, used.staffId), isNull(staffInvitations.usedAt)));
    return { accepted: { ...account, role: account.role as StaffRole } };
  });
}
