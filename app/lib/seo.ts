import type { MetaDescriptor } from "react-router";
import { siteConfig } from "./site-config";

export type PageSeo = {
  title: string;
  description: string;
  /** Absolute path or URL of the social preview image; the show's default when absent. */
  image?: string;
  type?: "website" | "article";
  noIndex?: boolean;
};

type MetaContext = {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
};

/** The root loader publishes SITE_URL so that every page's canonical and social URLs are absolute. */
function siteUrlFrom(matches: MetaContext["matches"]): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { siteUrl?: string } | undefined;
  return root?.siteUrl ?? "";
}

/** One place builds every page's head tags: title, description, canonical URL, Open Graph and Twitter card. */
export function pageMeta({ location, matches }: MetaContext, page: PageSeo): MetaDescriptor[] {
  const siteUrl = siteUrlFrom(matches);
  const canonical = `${siteUrl}${location.pathname === "/" ? "/" : location.pathname.replace(/\/+$/, "")}`;
  const imagePath = page.image ?? siteConfig.socialPreviewImage.url;
  const image = /^https?:\/\//.test(imagePath) ? imagePath : `${siteUrl}${imagePath}`;
  const title = page.title === siteConfig.showName ? page.title : `${page.title} | ${siteConfig.showName}`;
  return [
    { title },
    { name: "description", content: page.description },
    ...(page.noIndex ? [{ name: "robots", content: "noindex" }] : []),
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:site_name", content: siteConfig.showName },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: canonical },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
  ];
}
