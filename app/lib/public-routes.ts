import { matchRoutes, type RouteObject } from "react-router";
import { declaresScriptFree, type PageScriptsHandle } from "./page-scripts";

/** Content from the database that a public route shows: when it changes, so does the route's response. */
export type PublicContent = "insights" | "episodes" | "stories";

/**
 * The `handle` of a public route: its response is the same for every visitor without a session, so the page cache
 * may store it, and a page (a route with a component and no parameters) is listed in the sitemap and measured by the
 * Lighthouse and benchmark scripts. `shows` names the content beyond its fixed text, which dates it in the sitemap.
 * This is the one place that says which routes are public (docs/decisions/031-page-cache-front-door.md).
 */
export type PublicRouteHandle = { publicRoute: { shows: PublicContent[] } };

/** The `handle` of a public page: public, and saying whether it hydrates (app/lib/page-scripts.ts). */
export type PublicPageHandle = PublicRouteHandle & PageScriptsHandle;

/** A route as the server build and the route manifest describe it. */
export type RouteEntry = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  module: { handle?: unknown; default?: unknown };
};

export type PublicRoute = {
  id: string;
  /** The full path pattern, e.g. `/insights/:id`. */
  path: string;
  /** A document with a component, rather than a feed or an API answer. */
  page: boolean;
  shows: PublicContent[];
  /** A page that loads scripts; false for a page declared script-free, and for a feed or an API answer. */
  hydrates: boolean;
};

function declaration(handle: unknown): PublicRouteHandle["publicRoute"] | null {
  if (typeof handle !== "object" || handle === null || !("publicRoute" in handle)) return null;
  return (handle as PublicRouteHandle).publicRoute;
}

function fullPath(routes: Record<string, RouteEntry | undefined>, id: string): string {
  const segments: string[] = [];
  for (let route = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined) {
    if (route.path) segments.unshift(route.path);
  }
  return `/${segments.join("/")}`.replace(/\/+/g, "/");
}

/** Every route whose handle declares it public, in the order of the route manifest. */
export function publicRoutes(routes: Record<string, RouteEntry | undefined>): PublicRoute[] {
  return Object.values(routes).flatMap((route) => {
    const declared = route && declaration(route.module.handle);
    if (!route || !declared) return [];
    const page = Boolean(route.module.default);
    return [
      {
        id: route.id,
        path: fullPath(routes, route.id),
        page,
        shows: declared.shows,
        hydrates: page && !declaresScriptFree(route.module.handle),
      },
    ];
  });
}

/** Public pages with a fixed address (no parameter): the sitemap's and the measuring scripts' list. */
export function fixedPublicPages(routes: PublicRoute[]): PublicRoute[] {
  return routes.filter((route) => route.page && !/[:*]/.test(route.path));
}

/**
 * Finds the route React Router would answer a path with, by React Router's own ranking, and returns it when it is
 * public: a more specific private route (say `/insights/new` beside `/insights/:id`) is never taken for a public one.
 */
export function publicRouteMatcher(
  routes: Record<string, RouteEntry | undefined>,
): (pathname: string) => PublicRoute | null {
  const byId = new Map(publicRoutes(routes).map((route) => [route.id, route]));
  const children = (parentId: string | undefined): RouteObject[] =>
    Object.values(routes).flatMap((route) => {
      if (!route || route.parentId !== parentId) return [];
      const nested = children(route.id);
      const common = { id: route.id, path: route.path, caseSensitive: route.caseSensitive };
      return [route.index ? { ...common, index: true as const } : { ...common, children: nested }];
    });
  const tree = children(undefined);
  return (pathname) => {
    const matches = matchRoutes(tree, pathname);
    const leaf = matches?.[matches.length - 1]?.route.id;
    return (leaf && byId.get(leaf)) || null;
  };
}
