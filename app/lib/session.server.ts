import { createHash, randomBytes } from "node:crypto";
import { eq, lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { sessions } from "~/db/schema";
import type { Env } from "~/lib/env.server";
import { requestCookies, SESSION_COOKIE } from "~/lib/request-cookies.server";

const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * What a session carries: the signed-in member and/or the owner role, which lasts until `ownerExpiresAt` (milliseconds
 * since the epoch) whatever the session's own expiry, which the member part may set further away. Everything else is
 * read fresh from the db.
 */
export type SessionData = { userId?: string; ownerExpiresAt?: number };

/** Whether the session still carries the owner role. */
export function hasOwnerRole(data: SessionData, now = Date.now()): boolean {
  return typeof data.ownerExpiresAt === "number" && data.ownerExpiresAt > now;
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

/**
 * Ends every session that carries the owner role (the owner's password changed). A member signed in on such a session
 * is signed out too: the session's token may be what leaked, and signing in again by email costs a member little.
 */
export async function endOwnerSessions(db: Database, now = Date.now()): Promise<void> {
  await db.delete(sessions).where(carriesOwnerRole(now));
}

/** In a query of the sessions table: the rows whose session still carries the owner role (as `hasOwnerRole`). */
export function carriesOwnerRole(now = Date.now()): SQL {
  return sql`coalesce((${sessions.sess}->>'ownerExpiresAt')::bigint, 0) > ${now}`;
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
