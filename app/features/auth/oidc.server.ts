import { eq, lt } from "drizzle-orm";
import * as oidc from "openid-client";
import type { Database } from "~/db/client.server";
import { authRequests } from "~/db/schema";
import type { Env } from "~/lib/env.server";
import { consumeRateLimit, type RateLimitResult, type RateLimitRule } from "~/lib/rate-limit.server";
import { requestCookies } from "~/lib/request-cookies.server";
import { type IdentityClaims, upsertMemberFromClaims } from "./members.server";
import { safeReturnTo } from "./return-to";

type OidcSettings = { OIDC_ISSUER: string; OIDC_CLIENT_ID: string; OIDC_CLIENT_SECRET: string };

/** OpenID Connect replaces the email link when all three settings are given (env.server.ts requires all or none). */
export function isOidcEnabled(env: Env): env is Env & OidcSettings {
  return Boolean(env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET);
}

const OIDC_STATE_COOKIE = "oidc_state";
const CALLBACK_PATH = "/api/callback";
const AUTH_REQUEST_LIFETIME_MS = 10 * 60 * 1000;

const oidcRedirectUri = (env: Env) => `${env.SITE_URL}${CALLBACK_PATH}`;

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

const configurations = new Map<string, Promise<oidc.Configuration>>();

/** The provider's discovered metadata, fetched once per process (and again after a failed attempt). */
function providerConfiguration(env: Env & OidcSettings): Promise<oidc.Configuration> {
  const key = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET].join("\n");
  let configuration = configurations.get(key);
  if (!configuration) {
    const issuer = new URL(env.OIDC_ISSUER);
    // Plain http is accepted only for a provider on this machine (development, tests); anywhere else it must be https.
    const insecureAllowed = issuer.protocol === "http:" && LOOPBACK_HOSTS.has(issuer.hostname);
    // client_secret_basic is the method every provider supports (OpenID Connect Discovery's default).
    configuration = oidc.discovery(
      issuer,
      env.OIDC_CLIENT_ID,
      undefined,
      oidc.ClientSecretBasic(env.OIDC_CLIENT_SECRET),
      {
        execute: insecureAllowed ? [oidc.allowInsecureRequests] : [],
      },
    );
    configurations.set(key, configuration);
    configuration.catch(() => configurations.delete(key));
  }
  return configuration;
}

function stateCookie(env: Env, value: string, maxAgeMs: number) {
  const attributes = [
    `${OIDC_STATE_COOKIE}=${value}`,
    `Path=${CALLBACK_PATH}`,
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${Math.floor(maxAgeMs / 1000)}`,
  ];
  if (env.NODE_ENV === "production") attributes.push("Secure");
  return attributes.join("; ");
}

export const clearStateCookie = (env: Env) => stateCookie(env, "", 0);

/**
 * Each start stores a pending sign-in (swept once expired), so one address may start only so many: as many as the
 * email link allows, which no person signing in reaches.
 */
export const OIDC_START_RATE_LIMIT: RateLimitRule = { name: "oidc-start", limit: 20, windowMs: 15 * 60 * 1000 };

export function consumeOidcStartLimit(db: Database, clientIp: string): Promise<RateLimitResult> {
  return consumeRateLimit(db, OIDC_START_RATE_LIMIT, clientIp);
}

/**
 * Starts an authorisation code flow with PKCE, state and nonce. The state goes into the database (with the verifier,
 * nonce and where to return) and into a cookie, so the callback is accepted only in the browser that started it.
 */
export async function startOidcSignIn(
  db: Database,
  env: Env & OidcSettings,
  returnTo: string | null,
): Promise<{ authorizationUrl: URL; setCookie: string }> {
  const configuration = await providerConfiguration(env);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const now = Date.now();
  await db.delete(authRequests).where(lt(authRequests.expiresAt, new Date(now)));
  await db.insert(authRequests).values({
    state,
    nonce,
    codeVerifier,
    returnTo: safeReturnTo(returnTo, env.SITE_URL),
    expiresAt: new Date(now + AUTH_REQUEST_LIFETIME_MS),
  });
  const authorizationUrl = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: oidcRedirectUri(env),
    scope: "openid email profile",
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    state,
    nonce,
  });
  return { authorizationUrl, setCookie: stateCookie(env, state, AUTH_REQUEST_LIFETIME_MS) };
}

export type OidcCallbackResult = { ok: true; userId: string; returnTo: string } | { ok: false; reason: string };

/**
 * Finishes the flow: the state must match the browser's cookie and a pending request (used once), then openid-client
 * checks the state, PKCE, the ID token's signature, issuer, audience and nonce. The member record follows the claims.
 */
export async function completeOidcSignIn(
  db: Database,
  env: Env & OidcSettings,
  request: Request,
): Promise<OidcCallbackResult> {
  const url = new URL(request.url);
  const state = url.searchParams.get("state");
  if (!state || state !== requestCookies(request.headers.get("cookie"))[OIDC_STATE_COOKIE]) {
    return { ok: false, reason: "the state does not match this browser's sign-in" };
  }
  const [pending] = await db.delete(authRequests).where(eq(authRequests.state, state)).returning();
  if (!pending || pending.expiresAt.getTime() <= Date.now()) {
    return { ok: false, reason: "no pending sign-in has this state (unknown, used or expired)" };
  }

  const configuration = await providerConfiguration(env);
  try {
    // The provider redirected to SITE_URL; behind a proxy the request's own URL may differ from it.
    const callbackUrl = new URL(`${oidcRedirectUri(env)}${url.search}`);
    const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) return { ok: false, reason: "the provider sent no ID token" };
    // Many providers put email and profile claims only in the userinfo answer, not in the ID token.
    const userInfo = configuration.serverMetadata().userinfo_endpoint
      ? await oidc.fetchUserInfo(configuration, tokens.access_token, idClaims.sub)
      : {};
    const claims: IdentityClaims = { ...idClaims, ...userInfo, sub: idClaims.sub };
    const userId = await upsertMemberFromClaims(db, claims);
    return { ok: true, userId, returnTo: safeReturnTo(pending.returnTo, env.SITE_URL) };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
