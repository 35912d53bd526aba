import { describe, expect, it } from "vitest";
import { pageMeta } from "./seo";
import { defaultArtwork, defaultSiteSettings, siteConfig } from "./site-config";

const settings = { ...defaultSiteSettings, showName: "The Owner's Show", artwork: defaultArtwork };
const withRoot = (pathname: string) => ({
  location: { pathname },
  matches: [{ id: "root", loaderData: { siteUrl: "https://show.example", settings } }],
});

describe("pageMeta", () => {
  it("builds the head from the root loader's settings and address", () => {
    const meta = pageMeta(withRoot("/contact/"), (site) => ({
      title: "Contact",
      description: `Write to ${site.showName}.`,
    }));
    expect(meta).toContainEqual({ title: "Contact | The Owner's Show" });
    expect(meta).toContainEqual({ name: "description", content: "Write to The Owner's Show." });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: "https://show.example/contact" });
    expect(meta).toContainEqual({ property: "og:site_name", content: "The Owner's Show" });
    expect(meta).toContainEqual({
      property: "og:image",
      content: `https://show.example${siteConfig.socialPreviewImage.url}`,
    });
  });

  it("names no page where the root's data is missing (its error page stands in)", () => {
    const meta = pageMeta({ location: { pathname: "/contact" }, matches: [{ id: "root" }] }, (site) => ({
      title: "Contact",
      description: `Write to ${site.showName}.`,
    }));
    expect(meta).toEqual([]);
  });
});
