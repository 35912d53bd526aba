import type { MetaDescriptor } from "react-router";
import { type SiteIdentity, siteConfig } from "./site-config";
import type { StructuredData } from "./structured-data";

export type PageSeo = {
  title: string;
  description: string;
  /** Absolute path or URL of the social preview image; the show's default when absent. */
  image?: string;
  /** The image's text alternative; required with `image`, the default image brings its own. */
  imageAlt?: string;
  type?: "website" | "article";
  noIndex?: boolean;
  /**
   * JSON-LD blocks describing what the page shows, built from the site's absolute address, the page's and the show's
   * settings.
   */
  structuredData?: (context: { siteUrl: string; canonical: string; site: SiteIdentity }) => StructuredData[];
};

type MetaContext = {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
};

type RootMetaData = { siteUrl?: string; settings?: SiteIdentity } | undefined;

/**
 * The root loader publishes SITE_URL, so that every page's canonical and social URLs are absolute, and the show's
 * settings. Its data is missing only where the root's error page stands in for the whole page, whose head names no page.
 */
function rootDataFrom(matches: MetaContext["matches"]) {
  const root = matches.find((match) => match?.id === "root")?.loaderData as RootMetaData;
  return root?.settings ? { siteUrl: root.siteUrl ?? "", site: root.settings } : null;
}

/**
 * One place builds every page's head tags: title, description, canonical URL, Open Graph and Twitter card. A page
 * whose texts name the show passes a function of the settings.
 */
export function pageMeta(
  { location, matches }: MetaContext,
  pageOrBuilder: PageSeo | ((site: SiteIdentity) => PageSeo),
): MetaDescriptor[] {
  const rootData = rootDataFrom(matches);
  // The show's defaults stay on the server: every page's head is built from the settings the root loader read.
  if (!rootData) return [];
  const { siteUrl, site } = rootData;
  const page = typeof pageOrBuilder === "function" ? pageOrBuilder(site) : pageOrBuilder;
  const canonical = `${siteUrl}${location.pathname === "/" ? "/" : location.pathname.replace(/\/+$/, "")}`;
  const imagePath = page.image ?? siteConfig.socialPreviewImage.url;
  const image = /^https?:\/\//.test(imagePath) ? imagePath : `${siteUrl}${imagePath}`;
  const imageAlt = page.image ? (page.imageAlt ?? page.title) : siteConfig.socialPreviewImage.alt;
  const title = page.title === site.showName ? page.title : `${page.title} | ${site.showName}`;
  return [
    { title },
    { name: "description", content: page.description },
    ...(page.noIndex ? [{ name: "robots", content: "noindex" }] : []),
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:site_name", content: site.showName },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: canonical },
    { property: "og:image", content: image },
    { property: "og:image:alt", content: imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: imageAlt },
    // schema-dts types are interfaces, which TypeScript does not treat as the plain JSON objects React Router expects.
    ...(page.structuredData?.({ siteUrl, canonical, site }) ?? []).map(
      (block) => ({ "script:ld+json": block }) as unknown as MetaDescriptor,
    ),
  ];
}
