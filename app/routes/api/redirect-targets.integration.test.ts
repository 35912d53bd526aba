import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, dispatchApi } from "#tests/setup/call-api";
import { callRoute, jsonPost, type RouteHandler } from "#tests/setup/call-route";
import { expectStaysOnSite, redirectTargets } from "#tests/setup/redirect-targets";
import { signInMember } from "#tests/setup/sessions";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { DEFAULT_RETURN_TO } from "~/features/auth/return-to";
import type { Mail } from "~/lib/mailer.server";
import { loader as signInPage } from "../public/sign-in";
import { action as verifyAction } from "../public/sign-in-verify";

let database: TestDatabase;
let memberCookie: string;
beforeAll(async () => {
  database = await createTestDatabase();
  memberCookie = (await signInMember(database.db, "basic")).cookie;
});
afterAll(() => database.close());

/** callRoute's site (SITE_URL's default). */
const SITE = "http://localhost:5000";

/**
 * Return targets crafted to leave the site through the sign-in redirects: three known escapes, as written in a link
 * and percent-encoded, and others of their kind.
 */
const CRAFTED = [
  "/.//evil.example",
  "/%2e//evil.example",
  "/..//evil.example",
  "/%2E%2E//evil.example",
  "/./%2e//evil.example",
  "//evil.example",
  "/\\evil.example",
  "%2F%2Fevil.example",
  "/%252e//evil.example",
  "https://evil.example/",
  "HTTPS://localhost:5000@evil.example/",
  "javascript:alert(1)",
  "/\t/evil.example",
  "/%09/evil.example",
];

let nextRequester = 1;
/** Each link request is for an email address and from an IP address of its own, under the limits on sign-in links. */
const freshRequester = () => {
  const number = nextRequester++;
  return { email: `crafted-${number}@example.com`, clientIp: `198.51.100.${number}` };
};

/** The query strings a link can carry a target in: written as is, and percent-encoded. */
const queries = (value: string) => [`returnTo=${value}`, `returnTo=${encodeURIComponent(value)}`];

/** Calls a loader as React Router does, and returns where it redirects (thrown or returned) and its data. */
async function visit(loader: RouteHandler, url: string, cookie?: string) {
  const reply = await callRoute(loader, database.db, new Request(url, { headers: cookie ? { cookie } : {} }));
  return { status: reply.status, location: reply.headers.get("location"), body: reply.body };
}

describe("crafted sign-in return targets, through the routes", () => {
  it.each(CRAFTED)("/api/login and /sign-in send a signed-in member to the dashboard, not to %j", async (value) => {
    for (const query of queries(value)) {
      for (const path of ["/api/login", "/sign-in"]) {
        const reply = await visit(
          path === "/api/login" ? dispatchApi : signInPage,
          `${SITE}${path}?${query}`,
          memberCookie,
        );
        expect({ path, query, status: reply.status, location: reply.location }).toEqual({
          path,
          query,
          status: 302,
          location: DEFAULT_RETURN_TO,
        });
      }
    }
  });

  it.each(CRAFTED)("a visitor signing in by email link after following %j lands on the dashboard", async (value) => {
    for (const query of queries(value)) {
      const started = await visit(dispatchApi, `${SITE}/api/login?${query}`);
      expect([started.status, started.location]).toEqual([
        302,
        `/sign-in?returnTo=${encodeURIComponent(DEFAULT_RETURN_TO)}`,
      ]);

      const page = await visit(signInPage, `${SITE}/sign-in?${query}`);
      expect(page.body).toMatchObject({ returnTo: DEFAULT_RETURN_TO });

      // The sign-in form posts its hidden returnTo as it received it; a crafted post is checked as strictly.
      const mails: Mail[] = [];
      const { email, clientIp } = freshRequester();
      const requested = await callApi(
        database.db,
        jsonPost(`${SITE}/api/auth/email-link`, JSON.stringify({ email, returnTo: value })),
        { mailer: { send: async (mail) => void mails.push(mail) }, clientIp },
      );
      expect(requested.status).toBe(200);
      const token = /\/sign-in\/verify\?token=([A-Za-z0-9_-]{43})/.exec(mails[0]?.text ?? "")?.[1] ?? "";
      const confirmed = await callRoute(
        verifyAction,
        database.db,
        new Request(`${SITE}/sign-in/verify?token=${token}`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: SITE },
          body: new URLSearchParams({ token }),
        }),
      );
      expect([confirmed.status, confirmed.headers.get("location")]).toEqual([302, DEFAULT_RETURN_TO]);
    }
  });

  it("keeps a target on the site, as the URL parser writes it", async () => {
    const reply = await visit(
      dispatchApi,
      `${SITE}/api/login?returnTo=/podcast/./episode-1%3Ft%3D1%23notes`,
      memberCookie,
    );
    expect(reply.location).toBe("/podcast/episode-1?t=1#notes");
  });

  it("sends no generated target off the site from /api/login or /sign-in (fuzzed)", { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(redirectTargets(SITE), fc.boolean(), async (value, encoded) => {
        const query = `returnTo=${encoded ? encodeURIComponent(value) : value}`;
        for (const [path, loader] of [
          ["/api/login", dispatchApi],
          ["/sign-in", signInPage],
        ] as const) {
          const url = `${SITE}${path}?${query}`;
          // A value that cannot make a request address at all never reaches a route.
          if (!URL.canParse(url)) return;
          const reply = await visit(loader, url, memberCookie);
          expect(reply.status).toBe(302);
          expectStaysOnSite(SITE, value, reply.location ?? "");
        }
      }),
      { numRuns: 150 },
    );
  });
});
