import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expectStaysOnSite, redirectTargets } from "#tests/setup/redirect-targets";
import { safeRedirectTarget, siteRedirectTarget } from "./redirect-target";

const SITE_URL = "https://podcast.example.com";

describe("siteRedirectTarget", () => {
  // About a second on an idle machine; the timeout leaves room for a busy one.
  it("sends no target off the site, however it is written (fuzzed)", { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(redirectTargets(SITE_URL), (value) => {
        expectStaysOnSite(SITE_URL, value, safeRedirectTarget(value, SITE_URL));
      }),
      { numRuns: 3000 },
    );
  });

  it.each([
    "/.//evil.example",
    "/%2e//evil.example",
    "/%2E//evil.example",
    "/..//evil.example",
    "/%2e%2e//evil.example",
    "/./\\evil.example",
    "/x/..%2f..%2f/evil.example",
    "%2F%2Fevil.example",
    "%252F%252Fevil.example",
    "/%2F/evil.example",
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    " //evil.example",
    "https://evil.example/",
    "HTTPS://podcast.example.com.evil.example/",
    "https://podcast.example.com@evil.example/",
    "http://podcast.example.com/",
    "https://podcast.example.com:8443/",
    "https://[::1]/",
    "javascript:alert(1)",
    "JAVASCRIPT:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "",
    null,
    undefined,
  ])("refuses %j", (value) => {
    expect(siteRedirectTarget(value, SITE_URL)).toBeNull();
    expect(safeRedirectTarget(value, SITE_URL)).toBe("/");
  });

  it("refuses a target longer than 2,000 characters", () => {
    expect(siteRedirectTarget(`/${"a".repeat(1999)}`, SITE_URL)).toBe(`/${"a".repeat(1999)}`);
    expect(siteRedirectTarget(`/${"a".repeat(2000)}`, SITE_URL)).toBeNull();
  });

  it.each([
    ["/about", "/about"],
    ["/members/premium-content?tab=2#top", "/members/premium-content?tab=2#top"],
    ["https://podcast.example.com/podcast", "/podcast"],
    ["https://user@podcast.example.com/podcast", "/podcast"],
    ["/podcast/../insights/./a", "/insights/a"],
    ["/insights?q=a%26b", "/insights?q=a%26b"],
    ["/insights?next=//elsewhere", "/insights?next=//elsewhere"],
    ["/podcast/caf%C3%A9", "/podcast/caf%C3%A9"],
    ["/podcast/café", "/podcast/caf%C3%A9"],
    ["about", "/about"],
  ])("keeps the page of the site %j as %j", (value, expected) => {
    expect(siteRedirectTarget(value, SITE_URL)).toBe(expected);
  });
});
