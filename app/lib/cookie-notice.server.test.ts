import { describe, expect, it } from "vitest";
import { dismissCookieNotice, hasDismissedCookieNotice } from "./cookie-notice.server";

const SITE_URL = "http://localhost";
const post = (url = `${SITE_URL}/cookie-notice`) => new Request(url, { method: "POST" });

describe("Got it on the cookie notice without scripts", () => {
  it("stores the dismissal in a cookie and sends the visitor back to their page with a 303", () => {
    const reply = dismissCookieNotice(post(), { returnTo: "/about?video=3" }, SITE_URL);
    expect(reply.status).toBe(303);
    expect(reply.headers.get("location")).toBe("/about?video=3");
    expect(reply.headers.get("set-cookie")).toBe(
      "cookie_notice_dismissed=1; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly",
    );
  });

  it("marks the cookie Secure over https", () => {
    const reply = dismissCookieNotice(post("https://example.com/cookie-notice"), { returnTo: "/" }, SITE_URL);
    expect(reply.headers.get("set-cookie")).toMatch(/; Secure$/);
  });

  it.each([
    ["another site", "//evil.example/"],
    ["another site by backslash", "/\\evil.example"],
    ["an absolute address", "https://evil.example/"],
    ["a header split", "/a\r\nSet-Cookie: x=1"],
    ["another site by a dot segment", "/.//evil.example"],
    ["another site by an encoded dot segment", "/%2e//evil.example"],
    ["another site by a parent segment", "/..//evil.example"],
    ["a script", "javascript:alert(1)"],
    ["nothing", undefined],
    ["not text", ["/about"]],
  ])("goes home instead of to %s", (_, returnTo) => {
    expect(dismissCookieNotice(post(), { returnTo }, SITE_URL).headers.get("location")).toBe("/");
  });

  it("reads the stored dismissal from the request's cookies", () => {
    const withCookie = (cookie: string) => new Request("http://localhost/", { headers: { cookie } });
    expect(hasDismissedCookieNotice(withCookie("sid=a; cookie_notice_dismissed=1"))).toBe(true);
    expect(hasDismissedCookieNotice(withCookie("cookie_notice_dismissed=0"))).toBe(false);
    expect(hasDismissedCookieNotice(new Request("http://localhost/"))).toBe(false);
  });
});
