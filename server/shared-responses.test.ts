import { describe, expect, it } from "vitest";
import { declareSharing, PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from "./shared-responses";

const request = (init: RequestInit & { cookie?: string } = {}) =>
  new Request("http://localhost/podcast", {
    ...init,
    headers: init.cookie === undefined ? {} : { cookie: init.cookie },
  });
const page = (init: ResponseInit = {}) => new Response("<html></html>", init);
const anonymous = { renderedForSession: false, publicRoute: true };

const cacheControlOf = (response: Response) => response.headers.get("cache-control");

describe("declareSharing", () => {
  it("makes whatever was rendered for a session private and unstored, whatever the route said", () => {
    for (const said of [undefined, "public, max-age=300", "no-cache", "private", "no-store"]) {
      const response = page({ headers: said ? { "cache-control": said } : {} });
      const declared = declareSharing(request({ cookie: "sid=x" }), response, {
        renderedForSession: true,
        publicRoute: true,
      });
      expect([said, cacheControlOf(declared)]).toEqual([said, PRIVATE_CACHE_CONTROL]);
    }
  });

  it("keeps a route's own private, no-store with what it adds", () => {
    const audio = page({ headers: { "cache-control": "private, no-store, no-transform" } });
    const declared = declareSharing(request({ cookie: "sid=x" }), audio, {
      renderedForSession: true,
      publicRoute: false,
    });
    expect(cacheControlOf(declared)).toBe("private, no-store, no-transform");
  });

  it("makes a response that sets a cookie private, even without a session, on a public route", () => {
    const response = page({
      headers: { "set-cookie": "cookie_notice_dismissed=1; Path=/", "cache-control": "public" },
    });
    expect(cacheControlOf(declareSharing(request(), response, anonymous))).toBe(PRIVATE_CACHE_CONTROL);
  });

  it("copies a response whose headers cannot change (a Response.redirect) to make it private", () => {
    const redirect = Response.redirect("http://localhost/members/dashboard", 302);
    const declared = declareSharing(request(), redirect, { renderedForSession: true, publicRoute: false });
    expect([declared.status, declared.headers.get("location"), cacheControlOf(declared)]).toEqual([
      302,
      "http://localhost/members/dashboard",
      PRIVATE_CACHE_CONTROL,
    ]);
  });

  it("declares a public route's 200 to a GET or HEAD without a personal cookie public", () => {
    for (const method of ["GET", "HEAD"]) {
      for (const cookie of [undefined, "theme=dark", "\u00a0sid=x", "SID=x"]) {
        const declared = declareSharing(request({ method, cookie }), page(), anonymous);
        expect([method, cookie, cacheControlOf(declared)]).toEqual([method, cookie, PUBLIC_CACHE_CONTROL]);
      }
    }
  });

  it("keeps what a route said itself, and declares nothing for other routes, statuses, methods or personal cookies", () => {
    const feed = page({ headers: { "cache-control": "public, max-age=300" } });
    expect(cacheControlOf(declareSharing(request(), feed, anonymous))).toBe("public, max-age=300");
    const refused = page({ headers: { "cache-control": "no-store" } });
    expect(cacheControlOf(declareSharing(request(), refused, anonymous))).toBe("no-store");

    const undeclared = [
      declareSharing(request(), page(), { renderedForSession: false, publicRoute: false }),
      declareSharing(request(), page({ status: 404 }), anonymous),
      declareSharing(request({ method: "POST" }), page(), anonymous),
      // An unknown or expired session, or the cookie notice dismissed without scripts: not shared.
      declareSharing(request({ cookie: "sid=expired" }), page(), anonymous),
      declareSharing(request({ cookie: "a=1;sid=expired" }), page(), anonymous),
      declareSharing(request({ cookie: "cookie_notice_dismissed=1" }), page(), anonymous),
    ];
    expect(undeclared.map(cacheControlOf)).toEqual([null, null, null, null, null, null]);
  });
});
