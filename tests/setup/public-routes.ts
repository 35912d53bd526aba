import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { type PublicRoute, publicRoutes, type RouteEntry } from "~/lib/public-routes";
import routeConfig from "~/routes";

/**
 * The public routes as the server reads them from its build, read here from app/routes.ts and each route module, for
 * tests that call route code without a build.
 */
export async function loadPublicRoutes(): Promise<PublicRoute[]> {
  // Layout routes hold their children: the manifest lists every route with its parent's id, depth first.
  const flat: { route: RouteConfigEntry; id: string; parentId: string }[] = [];
  const visit = (routes: RouteConfigEntry[], parentId: string) => {
    for (const route of routes) {
      const id = route.id ?? route.file.replace(/\.[jt]sx?$/, "");
      flat.push({ route, id, parentId });
      visit(route.children ?? [], id);
    }
  };
  visit(routeConfig, "root");
  const entries: Record<string, RouteEntry> = { root: { id: "root", path: "", module: {} } };
  await Promise.all(
    flat.map(async ({ route, id, parentId }) => {
      const module = (await import(/* @vite-ignore */ path.resolve("app", route.file))) as RouteEntry["module"];
      entries[id] = { id, parentId, path: route.path, index: route.index, module };
    }),
  );
  // Object order is the manifest's order, as in the server build.
  const ordered: Record<string, RouteEntry> = { root: entries.root };
  for (const { id } of flat) ordered[id] = entries[id];
  return publicRoutes(ordered);
}

const Page = () => null;
const declared = (shows: ("insights" | "episodes")[] = []) => ({ handle: { publicRoute: { shows } }, default: Page });

/**
 * A small route manifest for unit tests of the declaration: pages declared public or not, a parameter, a more specific
 * private route beside a public one, and a feed.
 */
export const exampleManifest: Record<string, RouteEntry> = {
  root: { id: "root", path: "", module: { default: Page } },
  "routes/home": { id: "routes/home", parentId: "root", index: true, module: declared(["episodes"]) },
  "routes/declared": { id: "routes/declared", parentId: "root", path: "declared", module: declared() },
  "routes/undeclared": { id: "routes/undeclared", parentId: "root", path: "undeclared", module: { default: Page } },
  "routes/article": { id: "routes/article", parentId: "root", path: "articles/:id", module: declared(["insights"]) },
  "routes/draft": { id: "routes/draft", parentId: "root", path: "articles/draft", module: { default: Page } },
  "routes/feed": { id: "routes/feed", parentId: "root", path: "feed.xml", module: { handle: declared().handle } },
};
