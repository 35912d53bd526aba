import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import express from "express";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as AppModule from "../../server/app";
import type { AppRuntime } from "../../server/app";
import { createPageCache, type PageCache } from "../../server/page-cache";
import { securityMiddleware } from "../../server/security";
import { databaseUrlFor, uniqueDatabaseName, withMaintenanceClient } from "../setup/postgres";
import { signInMember } from "../setup/sessions";
import { makeTempDir, PROJECT_ROOT, rawGet, removeTempDir } from "./helpers";

/** The member's first name: the signed-in render shows it (header and loader data), the anonymous one cannot. */
const MARKER = "Quillonmere";

/** A header's text as its bytes reach the server, which reads header bytes as Latin-1: UTF-8 `\u00a0` is two. */
const wire = (text: string) => Buffer.from(text, "utf8").toString("latin1");

/** What may stand around a cookie's name or value: spaces, tabs and Unicode's other spaces, sent as bytes or UTF-8. */
const WHITESPACE = [
  " ",
  "\t",
  "\u00a0",
  wire("\u00a0"),
  "\u0085",
  wire("\u2003"),
  wire("\u3000"),
  wire("\u200b"),
  wire("\ufeff"),
  wire("\u2028"),
  wire("\u1680"),
];

/** Most often nothing, or spaces and tabs (which RFC 6265 allows around a name); else any of the spaces above. */
const padding = fc.oneof(
  { arbitrary: fc.constant(""), weight: 4 },
  { arbitrary: fc.stringMatching(/^[ \t]{1,3}$/), weight: 3 },
  {
    arbitrary: fc.array(fc.constantFrom(...WHITESPACE), { minLength: 1, maxLength: 3 }).map((parts) => parts.join("")),
    weight: 2,
  },
);

/** Percent-encodes some of the token's characters, as a client may: the parser decodes them back. */
const percentEncoded = (token: string) =>
  fc
    .array(fc.boolean(), { minLength: token.length, maxLength: token.length })
    .map((choices) =>
      [...token]
        .map((character, index) =>
          choices[index] ? `%${character.charCodeAt(0).toString(16).toUpperCase()}` : character,
        )
        .join(""),
    );

/** The member's `sid` cookie in one of the ways a client could write it. */
const spelledSession = (token: string) =>
  fc
    .record({
      before: padding,
      name: fc.constantFrom("sid", "sid", "sid", "sid", "SID", "Sid", "sId", "s%69d"),
      beforeEquals: padding,
      afterEquals: padding,
      value: fc.oneof(
        fc.constant(token),
        fc.constant(token),
        fc.constant(`"${token}"`),
        percentEncoded(token),
        fc.constant(`${token}\u00a0`),
      ),
      after: padding,
    })
    .map(
      (parts) => `${parts.before}${parts.name}${parts.beforeEquals}=${parts.afterEquals}${parts.value}${parts.after}`,
    );

/** Other pairs a Cookie header carries: other cookies, another `sid`, empty and malformed pairs. */
const otherPair = fc.constantFrom(
  "theme=dark",
  "cookie_test=1",
  "_ga=GA1.2.3.4",
  "a=b=c",
  "sid=",
  "sid=not-a-session",
  `sid=${"A".repeat(43)}`,
  "",
  "=",
  "=x",
  "novalue",
  "cookie_notice_dismissed=0",
);

const SEPARATORS = [";", "; ", ";\t", " ; ", ";;", `;${wire("\u00a0")}`, "; ;"];

/** A whole Cookie header: the session's spelling among other pairs, in any order, joined by any separators. */
const cookieHeader = (token: string) =>
  fc
    .tuple(
      spelledSession(token),
      fc.array(otherPair, { maxLength: 4 }),
      fc.nat(),
      fc.array(fc.constantFrom(...SEPARATORS), { minLength: 6, maxLength: 6 }),
      fc.constantFrom("", ";", "; "),
    )
    .map(([session, others, position, separators, end]) => {
      const pairs: string[] = [...others];
      pairs.splice(position % (others.length + 1), 0, session);
      return pairs.map((pair, index) => (index === 0 ? pair : separators[index] + pair)).join("") + end;
    });

/**
 * The production build's app as server/index.ts runs it in production, in this process: the page cache answering
 * from memory before Express and wrapping the render, after the security middleware that gives each render its nonce.
 */
async function startSite(settings: Record<string, string>) {
  const build = (await import(
    pathToFileURL(path.join(PROJECT_ROOT, "build/server/index.js")).href
  )) as typeof AppModule;
  const runtime: AppRuntime = await build.startApp({
    NODE_ENV: "production",
    SITE_URL: "http://localhost",
    ADMIN_PASSWORD: "cookie-spellings-owner",
    ...settings,
  });
  const pageCache = createPageCache({
    isPublicPath: await build.publicPathTest(),
    contentVersion: build.publicContentVersionOf(runtime),
  });
  const app = express();
  app.use(securityMiddleware(() => runtime.env));
  app.use(await build.createAppHandler(runtime, pageCache.wrap));
  const server = http.createServer(async (req, res) => {
    if (!(await pageCache.answer(req, res))) app(req, res);
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    runtime,
    pageCache,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await runtime.close();
    },
  };
}

type Site = Awaited<ReturnType<typeof startSite>>;

const databases: { kind: string; settings(): Promise<{ settings: Record<string, string>; drop(): Promise<void> }> }[] =
  [
    {
      kind: "PGlite",
      async settings() {
        const dataDir = makeTempDir("podcast-cookie-spellings-");
        return { settings: { DATA_DIR: dataDir }, drop: async () => removeTempDir(dataDir) };
      },
    },
    ...(process.env.TEST_DATABASE_URL
      ? [
          {
            kind: "PostgreSQL",
            async settings() {
              const name = uniqueDatabaseName("cookie_spellings");
              await withMaintenanceClient((client) => client.query(`create database "${name}"`));
              return {
                settings: { DATABASE_URL: databaseUrlFor(name) },
                drop: async () => {
                  await withMaintenanceClient((client) =>
                    client.query(`drop database if exists "${name}" with (force)`),
                  );
                },
              };
            },
          },
        ]
      : []),
  ];

describe.each(databases)("a member's cookie, however spelled, on $kind", (database) => {
  let site: Site;
  let drop: () => Promise<void>;
  let cookieValue: string;
  let token: string;

  beforeAll(async () => {
    const prepared = await database.settings();
    drop = prepared.drop;
    site = await startSite(prepared.settings);
    cookieValue = (await signInMember(site.runtime.db, "premium", { firstName: MARKER })).cookie;
    token = cookieValue.slice("sid=".length);
  });
  afterAll(async () => {
    await site?.close();
    await drop?.();
  });

  const get = (pageCache: PageCache, url: string, cookie?: string) =>
    rawGet(url, cookie === undefined ? {} : { cookie }).then((reply) => ({
      ...reply,
      text: reply.body.toString(),
      stored: pageCache.size,
    }));

  it("signs the member in with the cookie as the browser sends it, privately and unstored", async () => {
    site.pageCache.invalidate();
    const member = await get(site.pageCache, `${site.url}/podcast`, cookieValue);
    expect(member.text).toContain(MARKER);
    expect(member.headers["cache-control"]).toBe("private, no-store");
    expect(member.stored).toBe(0);
    const visitor = await get(site.pageCache, `${site.url}/podcast`);
    expect(visitor.headers["cache-control"]).toBe("public, no-cache");
    expect(visitor.text).not.toContain(MARKER);
    expect((await get(site.pageCache, `${site.url}/podcast`)).headers["x-page-cache"]).toBe("hit");
  });

  it("never stores a signed-in render, nor serves one to a visitor without a session (property)", {
    timeout: 300_000,
  }, async () => {
    const seen = { signedIn: 0, anonymous: 0 };
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("/podcast", "/insights", "/"), cookieHeader(token), async (page, header) => {
        const url = `${site.url}${page}`;
        // Each spelling meets an empty cache, as the first request after the stored page expired would.
        site.pageCache.invalidate();
        const spelled = await get(site.pageCache, url, header);
        const signedIn = spelled.text.includes(MARKER);
        seen[signedIn ? "signedIn" : "anonymous"] += 1;
        if (signedIn) {
          expect(spelled.headers["cache-control"]).toBe("private, no-store");
          expect(spelled.stored).toBe(0);
        }
        const visitor = await get(site.pageCache, url);
        expect(visitor.status).toBe(200);
        expect(visitor.text).not.toContain(MARKER);
        // The cache reads the cookie as the session does: a member it signs in is never answered the stored page.
        if (signedIn) expect((await get(site.pageCache, url, header)).text).toContain(MARKER);
      }),
      { numRuns: 100 },
    );
    // Both kinds of spelling came up: the property was tried on signed-in renders and on anonymous ones.
    expect(seen.signedIn).toBeGreaterThan(10);
    expect(seen.anonymous).toBeGreaterThan(10);
  });
});
