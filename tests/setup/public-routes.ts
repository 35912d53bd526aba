import path from "node:path";
import { type PublicRoute, publicRoutes, type RouteEntry } from "~/lib/public-routes";
import routeConfig from "~/routes";

/**
 * The public routes as the server reads them from its build, read here from app/routes.ts and each route module, for
 * tests that call route code without a build.
 */
export async function loadPublicRoutes(): Promise<PublicRoute[]> {
  const entries: Record<string, RouteEntry> = { root: { id: "root", path: "", module: {} } };
  await Promise.all(
    routeConfig.map(async (route) => {
      const id = route.id ?? route.file.replace(/\.[jt]sx?$/, "");
      const module = (await import(/* @vite-ignore */ path.resolve("app", route.file))) as RouteEntry["module"];
      entries[id] = { id, parentId: "root", path: route.path, index: route.index, module };
    }),
  );
  // Object order is the manifest's order, as in the server build.
  const ordered: Record<string, RouteEntry> = { root: entries.root };
  for (const route of routeConfig) {
    const id = route.id ?? route.file.replace(/\.[jt]sx?$/, "");
    ordered[id] = entries[id];
  }
  return publicRoutes(ordered);
}
