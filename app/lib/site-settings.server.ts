import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { siteSettings } from "~/db/schema";
import {
  defaultArtwork,
  defaultSiteSettings,
  newsletterLinks,
  type ShowArtwork,
  type SiteIdentity,
  type SiteSettings,
} from "./site-config";

export type StoredArtwork = NonNullable<typeof siteSettings.$inferSelect.artwork>;

/** Uploaded media is served at /media/<key> (app/routes/public/media.ts); a key never changes its bytes. */
const mediaUrl = (key: string) => `/media/${key}`;

/** The uploaded artwork as pages use it: the original for the feed and structured data, WebP copies for pages. */
export function showArtwork(stored: StoredArtwork | null): ShowArtwork {
  if (!stored) return defaultArtwork;
  const renditions = [...stored.renditions].sort((a, b) => a.width - b.width);
  const smallest = renditions[0];
  return {
    url: mediaUrl(stored.key),
    width: stored.width,
    height: stored.height,
    onPage: smallest
      ? {
          src: mediaUrl(smallest.key),
          srcSet: renditions.map(({ key, width }) => `${mediaUrl(key)} ${width}w`).join(", "),
        }
      : { src: mediaUrl(stored.key), srcSet: `${mediaUrl(stored.key)} ${stored.width}w` },
  };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The stored values over the defaults, key by key. The settings schema validated them when they were saved; a key the
 * row lacks (a setting added after the last save) or whose shape no longer matches its default's takes the default,
 * so that a newer release never shows a page built from half a value.
 */
export function mergeSiteSettings(stored: unknown): SiteSettings {
  if (!isPlainObject(stored)) return defaultSiteSettings;
  const merged: Record<string, unknown> = { ...defaultSiteSettings };
  for (const [key, fallback] of Object.entries(defaultSiteSettings)) {
    const value = stored[key];
    const sameShape =
      value !== undefined &&
      (Array.isArray(fallback)
        ? Array.isArray(value)
        : isPlainObject(fallback)
          ? isPlainObject(value) && Object.keys(fallback).every((field) => field in value)
          : fallback === null || typeof value === typeof fallback);
    if (sameShape) merged[key] = value;
  }
  return merged as SiteSettings;
}

/** The show's identity and when the owner last changed it (null: never, the defaults apply). */
export async function readSiteSettings(db: Database): Promise<{ identity: SiteIdentity; updatedAt: Date | null }> {
  const [row] = await db
    .select({ settings: siteSettings.settings, artwork: siteSettings.artwork, updatedAt: siteSettings.updatedAt })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1));
  return {
    identity: { ...mergeSiteSettings(row?.settings), artwork: showArtwork(row?.artwork ?? null) },
    updatedAt: row?.updatedAt ?? null,
  };
}

/**
 * The show's identity as every page, the feed and the structured data show it: one primary-key read per request, so
 * that a save shows at once on every instance without a restart (the page cache's version digests the same row).
 */
export async function getSiteSettings(db: Database): Promise<SiteIdentity> {
  return (await readSiteSettings(db)).identity;
}

/**
 * The newsletter publication the frames embed: the owner's address, else the deployment's NEWSLETTER_URL; null when
 * neither is set, and the frames show the site's own subscribe form instead.
 */
export function newsletterPublication(settings: SiteSettings, envUrl: string | undefined) {
  const publicationUrl = settings.newsletter.url ?? envUrl ?? null;
  return publicationUrl ? { publicationUrl, ...newsletterLinks(publicationUrl) } : null;
}
