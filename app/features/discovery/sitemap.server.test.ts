import { describe, expect, it } from "vitest";
import { publicRoutes, type RouteEntry } from "~/lib/public-routes";
import { sitemapEntries } from "./sitemap.server";

const Page = () => null;
const declared = (shows: ("insights" | "episodes")[] = []) => ({ handle: { publicRoute: { shows } }, default: Page });

const manifest: Record<string, RouteEntry> = {
  root: { id: "root", path: "", module: { default: Page } },
  "routes/home": { id: "routes/home", parentId: "root", index: true, module: declared(["episodes"]) },
  "routes/declared": { id: "routes/declared", parentId: "root", path: "declared", module: declared() },
  "routes/undeclared": { id: "routes/undeclared", parentId: "root", path: "undeclared", module: { default: Page } },
  "routes/article": { id: "routes/article", parentId: "root", path: "articles/:id", module: declared(["insights"]) },
  "routes/feed": { id: "routes/feed", parentId: "root", path: "feed.xml", module: { handle: declared().handle } },
};

describe("the sitemap of the routes that declare themselves public", () => {
  it("puts a page declared public in the sitemap, and leaves out one that is not, a feed and a parameter", () => {
    const paths = sitemapEntries({ routes: publicRoutes(manifest), insights: [], episodesChanged: null }).map(
      (entry) => entry.path,
    );
    expect(paths).toEqual(["/", "/declared"]);
  });

  it("dates a page by the content it declares it shows", () => {
    const episodesChanged = new Date("2030-01-02T00:00:00Z");
    const entries = sitemapEntries({ routes: publicRoutes(manifest), insights: [], episodesChanged });
    expect(entries.find((entry) => entry.path === "/")?.lastModified).toEqual(episodesChanged);
    expect(entries.find((entry) => entry.path === "/declared")?.lastModified).not.toEqual(episodesChanged);
  });
});
