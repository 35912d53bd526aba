import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import type { CurrentUser, MembershipTier } from "~/lib/current-user";
import { hasOwnerRole, readSession } from "~/lib/session.server";

export type { CurrentUser, MembershipTier };

/** Who is making a request: a member (or nobody), and whether the session carries the owner role. */
export type Viewer = { user: CurrentUser | null; isOwner: boolean };

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
  if (!session) return { user: null, isOwner: false };
  const user = session.data.userId ? await findCurrentUser(db, session.data.userId) : null;
  return { user, isOwner: hasOwnerRole(session.data) };
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

/** Owner pages: the owner's session, or a redirect to the admin login. */
export async function requireOwnerForPage(db: Database, request: Request): Promise<void> {
  const { isOwner } = await getViewer(db, request);
  if (!isOwner) throw redirect("/admin/login");
}
