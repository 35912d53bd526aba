import { describe, expect, it } from "vitest";
import { DEFAULT_RETURN_TO, safeReturnTo } from "./return-to";

const SITE_URL = "https://podcast.example.com";

describe("safeReturnTo", () => {
  it.each([
    ["/members/profile", "/members/profile"],
    ["/members/premium-content?tab=2#top", "/members/premium-content?tab=2#top"],
    ["/", "/"],
    ["https://podcast.example.com/about?x=1", "/about?x=1"],
    ["/podcast/./episode-1/../episode-2", "/podcast/episode-2"],
    ["/insights?q=%2F%2Fsearch", "/insights?q=%2F%2Fsearch"],
  ])("keeps the same-site path %s", (value, expected) => {
    expect(safeReturnTo(value, SITE_URL)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    "",
    "members/dashboard",
    "https://evil.example/",
    "//evil.example/path",
    "/\\evil.example",
    "/\\/evil.example",
    "javascript:alert(1)",
    "/members\n/x",
    "/.//evil.example",
    "/%2e//evil.example",
    "/%2E%2E//evil.example",
    "/..//evil.example",
    "%2F%2Fevil.example",
    "/%252e//evil.example",
    "http://podcast.example.com/members",
    "/api/logout",
    "/sign-in/verify?token=x",
    `/${"a".repeat(2001)}`,
  ])("falls back to the dashboard for %j", (value) => {
    expect(safeReturnTo(value, SITE_URL)).toBe(DEFAULT_RETURN_TO);
  });
});
