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

/** Spaces and tabs, which RFC 6265 allows around a name and a value. */
const rfcPadding = fc.stringMatching(/^[ \t]{0,3}$/);

/** Nothing, spaces and tabs, or any of the spaces above. */
const anyPadding = fc.oneof(
  rfcPadding,
  fc.array(fc.constantFrom(...WHITESPACE), { minLength: 1, maxLength: 3 }).map((parts) => parts.join("")),
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

type Spellings = {
  padding: fc.Arbitrary<string>;
  names: string[];
  values: (token: string) => fc.Arbitrary<string>[];
  others: string[];
  separators: string[];
};

/** Ways a client may write the cookie that RFC 6265 and the parser read as the member's session. */
const CONFORMING: Spellings = {
  padding: rfcPadding,
  names: ["sid"],
  values: (token) => [fc.constant(token), percentEncoded(token)],
  others: ["theme=dark", "cookie_test=1", "_ga=GA1.2.3.4", "a=b=c", "", "=", "=x", "novalue"],
  separators: [";", "; ", ";\t", " ; ", ";;", "; ;"],
};

/** And ways that bend it: other spaces, other cases, quotes, an earlier `sid`, a non-breaking space after `;`. */
const BENT: Spellings = {
  padding: anyPadding,
  names: ["sid", "SID", "Sid", "sId", "s%69d"],
  values: (token) => [
    fc.constant(token),
    fc.constant(`"${token}"`),
    percentEncoded(token),
    fc.constant(`${token}\u00a0`),
    fc.constant(`${token}${wire("\u3000")}`),
  ],
  others: [...CONFORMING.others, "sid=", "sid=not-a-session", `sid=${"A".repeat(43)}`, "cookie_notice_dismissed=0"],
  separators: [...CONFORMING.separators, `;${wire("\u00a0")}`, ";\u00a0"],
};

/** The member's `sid` cookie written one way, among other pairs in any order, joined by any separators. */
const cookieHeader = (token: string, spellings: Spellings) =>
  fc
    .tuple(
      fc.tuple(
        spellings.padding,
        fc.constantFrom(...spellings.names),
        spellings.padding,
        spellings.padding,
        fc.oneof(...spellings.values(token)),
        spellings.padding,
      ),
      fc.array(fc.constantFrom(...spellings.others), { maxLength: 4 }),
      fc.nat(),
      fc.array(fc.constantFrom(...spellings.separators), { minLength: 6, maxLength: 6 }),
      fc.constantFrom("", ";", "; "),
    )
    .map(([[before, name, beforeEquals, afterEquals, value, after], others, position, separators, end]) => {
      const pairs: string[] = [...others];
      pairs.splice(position % (others.length + 1), 0, `${before}${name}${beforeEquals}=${afterEquals}${value}${after}`);
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
    const spelling = fc.oneof(
      cookieHeader(token, CONFORMING).map((header) => ({ header, conforming: true })),
      cookieHeader(token, BENT).map((header) => ({ header, conforming: false })),
    );
    // Tried first, before the generated ones: the spellings found from outside, and their closest kin.
    const bent = (header: string) => ({ header, conforming: false });
    const examples: [string, { header: string; conforming: boolean }][] = [
      ["/podcast", bent(`\u00a0sid=${token}`)],
      ["/insights", bent(`\u00a0\tsid=${token}`)],
      ["/", bent(`\u00a0sid=${token}; theme=dark`)],
      ["/podcast", bent(`${wire("\u00a0")}sid=${token}`)],
      ["/podcast", bent(`\u0085sid=${token}`)],
      ["/podcast", bent(`${wire("\u3000")}sid=${token}`)],
      ["/podcast", bent(`theme=dark;\u00a0sid=${token}`)],
      ["/podcast", bent(`SID=${token}`)],
      ["/podcast", bent(`sid="${token}"`)],
      ["/podcast", bent(`sid=not-a-session; sid=${token}`)],
      ["/podcast", { header: `\tsid=${token}`, conforming: true }],
      ["/podcast", { header: `theme=dark;sid=${token}`, conforming: true }],
      ["/podcast", { header: `sid=${token}; sid=not-a-session`, conforming: true }],
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("/podcast", "/insights", "/"),
        spelling,
        async (page, { header, conforming }) => {
          const url = `${site.url}${page}`;
          // Each spelling meets an empty cache, as the first request after the stored page expired would.
          site.pageCache.invalidate();
          const spelled = await get(site.pageCache, url, header);
          const signedIn = spelled.text.includes(MARKER);
          seen[signedIn ? "signedIn" : "anonymous"] += 1;
          // What RFC 6265 allows is read as the session: the one parser does not lose a member's sign-in either.
          if (conforming) expect(signedIn).toBe(true);
          if (signedIn) {
            expect(spelled.headers["cache-control"]).toBe("private, no-store");
            expect(spelled.stored).toBe(0);
          }
          const visitor = await get(site.pageCache, url);
          expect(visitor.status).toBe(200);
          expect(visitor.text).not.toContain(MARKER);
          // The cache reads the cookie as the session does: a member it signs in is never answered the stored page.
          if (signedIn) expect((await get(site.pageCache, url, header)).text).toContain(MARKER);
        },
      ),
      { numRuns: 100, examples },
    );
    // Both kinds of spelling came up: the property was tried on signed-in renders and on anonymous ones.
    expect(seen.signedIn).toBeGreaterThan(20);
    expect(seen.anonymous).toBeGreaterThan(20);
  });
});
