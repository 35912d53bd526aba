import { describe, expect, it } from "vitest";
import { exampleManifest as manifest } from "#tests/setup/public-routes";
import { publicRoutes } from "~/lib/public-routes";
import { sitemapEntries } from "./sitemap.server";

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
