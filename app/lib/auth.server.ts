import { and, eq, isNotNull } from "drizzle-orm";
import { redirect } from "react-router";
import type { Database } from "~/db/client.server";
import { staffAccounts, users } from "~/db/schema";
import type { CurrentUser, MembershipTier } from "~/lib/current-user";
import { liveStaffId, readSession } from "~/lib/session.server";
import type { StaffMember, StaffRole } from "~/lib/staff-roles";

export type { CurrentUser, MembershipTier };

/**
 * Who is making a request: a member (or nobody), the staff account the session carries (active, with a password, as
 * the database says now), and whether that account is an owner.
 */
export type Viewer = { user: CurrentUser | null; isOwner: boolean; staff: StaffMember | null };

const viewers = new WeakMap<Request, Promise<Viewer>>();

/** Reads the session once per request, however many loaders ask. */
export function getViewer(db: Database, request: Request): Promise<Viewer> {
  let viewer = viewers.get(request);
  if (!viewer) {
    viewer = loadViewer(db, request);
    viewers.set(request, viewer);
  }
  return viewer;
}

async function loadViewer(db: Database, request: Request): Promise<Viewer> {
  const session = await readSession(db, request);
  if (!session) return { user: null, isOwner: false, staff: null };
  const staffId = liveStaffId(session.data);
  const [user, staff] = await Promise.all([
    session.data.userId ? findCurrentUser(db, session.data.userId) : null,
    staffId === null ? null : findActiveStaff(db, staffId),
  ]);
  return { user, isOwner: staff?.role === "owner", staff };
}

/** An active staff account that has set its password: a suspended, removed or still invited one signs nobody in. */
async function findActiveStaff(db: Database, id: number): Promise<StaffMember | null> {
  const [row] = await db
    .select({ id: staffAccounts.id, email: staffAccounts.email, role: staffAccounts.role })
    .from(staffAccounts)
    .where(and(eq(staffAccounts.id, id), eq(staffAccounts.status, "active"), isNotNull(staffAccounts.passwordHash)))
    .limit(1);
  return row ? { ...row, role: row.role as StaffRole } : null;
}

export async function findCurrentUser(db: Database, userId: string): Promise<CurrentUser | null> {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      membershipTier: users.membershipTier,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) return null;
  return { ...user, membershipTier: user.membershipTier as MembershipTier };
}

export const NOT_SIGNED_IN_MESSAGE = "You need to sign in first";
export const FORBIDDEN_MESSAGE = "You do not have access to this";

function signInPath(request: Request) {
  const { pathname, search } = new URL(request.url);
  return `/api/login?returnTo=${encodeURIComponent(pathname + search)}`;
}

/** Pages: a signed-in member, or a redirect to sign-in that comes back here. */
export async function requireUserForPage(db: Database, request: Request): Promise<CurrentUser> {
  const { user } = await getViewer(db, request);
  if (!user) throw redirect(signInPath(request));
  return user;
}

/**
 * Admin pages: a staff account of one of `roles`. Nobody signed in goes to the admin login; a staff member whose role
 * does not reach the page gets a 403 page (the admin shell's navigation never links there).
 */
export async function requireStaffForPage(
  db: Database,
  request: Request,
  roles: readonly StaffRole[],
): Promise<StaffMember> {
  const { staff } = await getViewer(db, request);
  if (!staff) throw redirect("/admin/login");
  if (!roles.includes(staff.role)) throw Response.json({ message: FORBIDDEN_MESSAGE }, { status: 403 });
  return staff;
}
