import { createHash, randomBytes } from "node:crypto";
import { eq, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { sessions } from "~/db/schema";
import type { Env } from "~/lib/env.server";
import { requestCookies, SESSION_COOKIE } from "~/lib/request-cookies.server";

const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * What a session carries: the signed-in member and/or a staff account (`staffId`), whose part lasts until
 * `staffExpiresAt` (milliseconds since the epoch) whatever the session's own expiry, which the member part may set
 * further away. The account's role and status are read fresh from the db on every request; `staffStartedAt`,
 * `address` and `userAgent` describe the sign-in to the person's list of their sessions.
 */
export type SessionData = {
  userId?: string;
  staffId?: number;
  staffExpiresAt?: number;
  staffStartedAt?: number;
  address?: string;
  userAgent?: string;
};

/** The staff account the session still carries, if any. */
export function liveStaffId(data: SessionData, now = Date.now()): number | null {
  return typeof data.staffId === "number" && typeof data.staffExpiresAt === "number" && data.staffExpiresAt > now
    ? data.staffId
    : null;
}

/** The staff part of a session, kept when a member signs in on it (or out of it). */
export function staffPartOf(data: SessionData | undefined): SessionData {
  if (!data || liveStaffId(data) === null) return {};
  const { staffId, staffExpiresAt, staffStartedAt, address, userAgent } = data;
  return { staffId, staffExpiresAt, staffStartedAt, address, userAgent };
}

export type ActiveSession = { id: string; data: SessionData; expiresAt: Date };

/** The cookie holds a random 256-bit token; the database only its SHA-256, so a leaked table opens no session. */
function sessionIdFor(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

const SESSION_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The session token of the request's `sid` cookie, as the site's one cookie parser reads it (request-cookies). */
function readSessionToken(request: Request): string | null {
  const value = requestCookies(request.headers.get("cookie"))[SESSION_COOKIE];
  return value !== undefined && SESSION_TOKEN.test(value) ? value : null;
}

/**
 * The requests whose session readSession found. Route code is handed the very Request the server built
 * (`v8_passThroughRequests`), so the server can tell afterwards whether a response was rendered for a session.
 */
const requestsWithSession = new WeakSet<Request>();

/** Whether readSession found a live session for this request: what was rendered for it is that visitor's own. */
export function wasSessionFound(request: Request): boolean {
  return requestsWithSession.has(request);
}

export async function readSession(db: Database, request: Request): Promise<ActiveSession | null> {
  const token = readSessionToken(request);
  if (!token) return null;
  const id = sessionIdFor(token);
  const [row] = await db.select().from(sessions).where(eq(sessions.sid, id)).limit(1);
  if (!row) return null;
  if (row.expire.getTime() <= Date.now()) {
    await db.delete(sessions).where(eq(sessions.sid, id));
    return null;
  }
  requestsWithSession.add(request);
  return { id, data: row.sess as SessionData, expiresAt: row.expire };
}

/** Stores a new session and returns its token; callers send it with `sessionCookie`. */
export async function createSession(db: Database, data: SessionData, maxAgeMs = SESSION_MAX_AGE_MS) {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + maxAgeMs);
  await db.insert(sessions).values({ sid: sessionIdFor(token), sess: data, expire: expiresAt });
  // Expired rows are swept here, on the rare write path, rather than by a timer every instance would run.
  await db.delete(sessions).where(lt(sessions.expire, new Date()));
  return { token, expiresAt };
}

/**
 * Signs in: the request's current session (if any) is dropped and a new token issued, so that a token planted
 * before sign-in never becomes a signed-in one. Returns the Set-Cookie header value.
 */
export async function startSession(
  db: Database,
  env: Env,
  request: Request,
  data: SessionData,
  maxAgeMs = SESSION_MAX_AGE_MS,
): Promise<string> {
  const previous = readSessionToken(request);
  if (previous) await db.delete(sessions).where(eq(sessions.sid, sessionIdFor(previous)));
  const { token } = await createSession(db, data, maxAgeMs);
  return sessionCookie(env, token, maxAgeMs);
}

/** A staff account's part of a session lasts a working day; a stolen staff cookie is worth less than a member's. */
export const STAFF_SESSION_MAX_AGE_MS = 12 * 60 * 60 * 1000;

/** User agents are free text from the client; what a person needs to recognise a browser fits in this. */
const USER_AGENT_MAX_LENGTH = 512;

/**
 * Signs a staff account in on a fresh session (the login, an accepted invitation). A member signed in on the
 * request's session stays signed in, their part keeping its own end; the staff part gets its twelve hours. The address
 * and browser are kept for the person's list of their sessions. Returns the Set-Cookie header value.
 */
export async function startStaffSession(
  db: Database,
  env: Env,
  request: Request,
  staffId: number,
  address: string,
): Promise<string> {
  const now = Date.now();
  const current = await readSession(db, request);
  const memberLeftMs = current?.data.userId ? current.expiresAt.getTime() - now : 0;
  const userAgent = request.headers.get("user-agent")?.slice(0, USER_AGENT_MAX_LENGTH);
  const data: SessionData = {
    ...(current?.data.userId && { userId: current.data.userId }),
    staffId,
    staffExpiresAt: now + STAFF_SESSION_MAX_AGE_MS,
    staffStartedAt: now,
    address,
    ...(userAgent && { userAgent }),
  };
  return startSession(db, env, request, data, Math.max(STAFF_SESSION_MAX_AGE_MS, memberLeftMs));
}

/**
 * Ends every session of a staff account (its password changed, it was suspended or removed). A member signed in on
 * such a session is signed out too: the session's token may be what leaked, and signing in again by email costs a
 * member little.
 */
export async function endStaffSessions(db: Database, staffId: number): Promise<void> {
  await db.delete(sessions).where(sql`(${sessions.sess}->>'staffId')::int = ${staffId}`);
}

/** One of a staff member's own sessions, as their Sessions screen lists it. */
export type StaffSessionView = {
  /** Names the session in the API without being its key: a hash of the stored hash. */
  id: string;
  startedAt: string | null;
  address: string | null;
  userAgent: string | null;
  expiresAt: string;
  current: boolean;
};

const publicSessionId = (sid: string) => createHash("sha256").update(`session:${sid}`).digest("hex").slice(0, 32);

const ofStaff = (staffId: number, now: number) =>
  sql`(${sessions.sess}->>'staffId')::int = ${staffId} and coalesce((${sessions.sess}->>'staffExpiresAt')::bigint, 0) > ${now}`;

/** A staff member's live sessions, newest first, marking the one the request came with. */
export async function listStaffSessions(db: Database, request: Request, staffId: number): Promise<StaffSessionView[]> {
  const now = Date.now();
  const current = readSessionToken(request);
  const currentId = current ? sessionIdFor(current) : null;
  const rows = await db.select().from(sessions).where(ofStaff(staffId, now));
  return rows
    .map((row) => {
      const data = row.sess as SessionData;
      return {
        id: publicSessionId(row.sid),
        startedAt: data.staffStartedAt ? new Date(data.staffStartedAt).toISOString() : null,
        address: data.address ?? null,
        userAgent: data.userAgent ?? null,
        expiresAt: new Date(data.staffExpiresAt ?? row.expire.getTime()).toISOString(),
        current: row.sid === currentId,
      };
    })
    .sort((a, b) => (b.startedAt ?? "").localeCompare(a.startedAt ?? ""));
}

/**
 * Ends a staff member's own sessions: the one named by `id` (a StaffSessionView id), or with `id` null every one but the
 * request's. Returns how many ended.
 */
export async function endStaffSessionsOf(
  db: Database,
  request: Request,
  staffId: number,
  id: string | null,
): Promise<number> {
  const current = readSessionToken(request);
  const currentId = current ? sessionIdFor(current) : null;
  const rows = await db.select({ sid: sessions.sid }).from(sessions).where(ofStaff(staffId, Date.now()));
  const ending = rows
    .map((row) => row.sid)
    .filter((sid) => (id === null ? sid !== currentId : publicSessionId(sid) === id));
  if (ending.length > 0) await db.delete(sessions).where(inArray(sessions.sid, ending));
  return ending.length;
}

/** In a query of the sessions table: the rows whose session still carries a staff account (as `liveStaffId`). */
export function carriesStaffAccount(now = Date.now()): SQL {
  return sql`(${sessions.sess}->>'staffId') is not null and coalesce((${sessions.sess}->>'staffExpiresAt')::bigint, 0) > ${now}`;
}

/** Ends the request's session; returns the Set-Cookie header value that clears the cookie. */
export async function endSession(db: Database, env: Env, request: Request): Promise<string> {
  const token = readSessionToken(request);
  if (token) await db.delete(sessions).where(eq(sessions.sid, sessionIdFor(token)));
  return sessionCookie(env, "", 0);
}

function sessionCookie(env: Env, token: string, maxAgeMs: number) {
  const attributes = [
    `${SESSION_COOKIE}=${token}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${Math.floor(maxAgeMs / 1000)}`,
  ];
  if (env.NODE_ENV === "production") attributes.push("Secure");
  return attributes.join("; ");
}
