import fc from "fast-check";
import { expect } from "vitest";

/**
 * Where a browser goes with a Location header holding `target`, on a page of the site, and wherever the target is
 * percent-decoded once, twice... more on its way: each must be a page of the site.
 */
export function expectStaysOnSite(siteUrl: string, value: string, target: string) {
  const context = JSON.stringify({ value, target });
  expect(target, context).toMatch(/^\/(?![/\\])/);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a Location header must hold none
  expect(target, context).not.toMatch(/[\u0000-\u0020\u007f]/);
  let form = target;
  for (let round = 0; round < 5; round++) {
    const resolved = new URL(form, siteUrl);
    expect(resolved.origin, context).toBe(new URL(siteUrl).origin);
    expect(`${resolved.pathname}${resolved.search}${resolved.hash}`, context).toMatch(/^\/(?![/\\])/);
    let decoded: string;
    try {
      decoded = decodeURIComponent(form);
    } catch {
      return;
    }
    if (decoded === form) return;
    form = decoded;
  }
}

/**
 * Pieces that crafted targets are made of: schemes, hosts (the site's own among them), userinfo, ports, slashes and
 * backslashes, dot segments, percent-encodings, whitespace and control characters.
 */
const pieces = (siteHost: string) => [
  "http:",
  "https:",
  "HTTPS:",
  "hTtP:",
  "javascript:",
  "JaVaScRiPt:",
  "data:",
  "file:",
  "ftp:",
  "alert(1)",
  "evil.example",
  "EVIL.EXAMPLE",
  siteHost,
  `${siteHost}.evil.example`,
  "[::1]",
  "[2001:db8::1]",
  "127.0.0.1",
  "0x7f.1",
  ":443",
  ":8080",
  "user@",
  "user:pass@",
  `${siteHost}@`,
  "@",
  "/",
  "//",
  "///",
  "\\",
  "\\\\",
  "/\\",
  "\\/",
  ".",
  "..",
  "./",
  "../",
  "/./",
  "/../",
  "%2e",
  "%2E",
  "%2e%2e",
  ".%2e",
  "%2f",
  "%2F",
  "%5c",
  "%5C",
  "%252f",
  "%252e",
  "%25",
  "?",
  "#",
  "&",
  "=",
  "returnTo=",
  "members",
  "dashboard",
  "\t",
  "\n",
  "\r",
  " ",
  "\u0000",
  "\u001f",
  "\u007f",
  "\u00a0",
  "\u3000",
  "\ufeff",
  "é",
];

/** How a value may reach the server: as typed, or percent-encoded once or twice (all of it, or the slashes and dots). */
const encodings: ((value: string) => string)[] = [
  (value) => value,
  (value) => encodeURIComponent(value),
  (value) => encodeURIComponent(encodeURIComponent(value)),
  (value) => value.replace(/[/\\.]/g, (character) => `%${character.charCodeAt(0).toString(16)}`),
  (value) => value.replace(/[/\\.]/g, (character) => `%25${character.charCodeAt(0).toString(16).toUpperCase()}`),
];

/** Redirect targets as an attacker would craft them against the site at `siteUrl`, and random text. */
export function redirectTargets(siteUrl: string): fc.Arbitrary<string> {
  const crafted = fc
    .array(fc.constantFrom(...pieces(new URL(siteUrl).host)), { minLength: 1, maxLength: 10 })
    .map((parts) => parts.join(""));
  return fc.oneof(
    fc.tuple(crafted, fc.constantFrom(...encodings)).map(([value, encode]) => encode(value)),
    fc.tuple(fc.constantFrom("/", "//", "/\\", "\\", "https://"), crafted).map(([start, rest]) => start + rest),
    fc.string({ unit: "grapheme", maxLength: 40 }),
    fc.string({ unit: "binary", maxLength: 40 }),
    fc.webUrl({ withFragments: true, withQueryParameters: true }),
  );
}
