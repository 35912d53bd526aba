import { describe, expect, it } from "vitest";
import { DEFAULT_RETURN_TO, safeReturnTo } from "./return-to";

describe("safeReturnTo", () => {
  it.each([
    ["/members/profile", "/members/profile"],
    ["/members/premium-content?tab=2#top", "/members/premium-content?tab=2#top"],
    ["/", "/"],
  ])("keeps the same-site path %s", (value, expected) => {
    expect(safeReturnTo(value)).toBe(expected);
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
    "/api/logout",
    "/sign-in/verify?token=x",
    `/${"a".repeat(2001)}`,
  ])("falls back to the dashboard for %j", (value) => {
    expect(safeReturnTo(value)).toBe(DEFAULT_RETURN_TO);
  });
});
