import { carriesPersonalCookie } from "../app/lib/request-cookies.server";

/** A response that is one visitor's own: no shared cache may keep it, nor the browser past its use. */
export const PRIVATE_CACHE_CONTROL = "private, no-store";
/**
 * A public route's answer to a visitor without a session: any cache may keep it, and asks again (with the ETag the page
 * cache gives it) before using it, so that a change of content shows at once.
 */
export const PUBLIC_CACHE_CONTROL = "public, no-cache";

type Rendering = {
  /** The request's session was found while rendering (app/lib/session.server.ts, wasSessionFound). */
  renderedForSession: boolean;
  /** The path is answered by a route whose handle declares it public (app/lib/public-routes.ts). */
  publicRoute: boolean;
};

/**
 * Says, once for every response of the app, who may keep it: a response rendered for a session, or one that sets a
 * cookie, is the visitor's own (`private, no-store`, whatever the route said); a 200 to a GET or HEAD of a public
 * route, for a request without a personal cookie, may be shared (`public, no-cache`) unless the route said otherwise;
 * anything else goes as the route sent it. The page cache stores only what says `public`.
 */
export function declareSharing(request: Request, response: Response, rendering: Rendering): Response {
  if (rendering.renderedForSession || response.headers.has("set-cookie")) {
    const directives = cacheDirectives(response.headers.get("cache-control"));
    // A route that said as much already keeps the rest of what it said (no-transform on audio, say).
    if (directives.includes("private") && directives.includes("no-store")) return response;
    return withCacheControl(response, PRIVATE_CACHE_CONTROL);
  }
  const shareable =
    rendering.publicRoute &&
    (request.method === "GET" || request.method === "HEAD") &&
    response.status === 200 &&
    !response.headers.has("cache-control") &&
    !carriesPersonalCookie(request.headers.get("cookie"));
  return shareable ? withCacheControl(response, PUBLIC_CACHE_CONTROL) : response;
}

/** The directive names of a Cache-Control header, in lower case. */
export function cacheDirectives(header: string | null): string[] {
  return (header ?? "").split(",").map((directive) => directive.split("=")[0].trim().toLowerCase());
}

function withCacheControl(response: Response, value: string): Response {
  try {
    response.headers.set("Cache-Control", value);
    return response;
  } catch {
    // A response made by Response.redirect() or fetch() has immutable headers: it is copied with the new one.
    const headers = new Headers(response.headers);
    headers.set("Cache-Control", value);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}
