import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { siteSettings } from "~/db/schema";
import type { AppContext } from "~/lib/app-context.server";
import type { Env } from "~/lib/env.server";
import { downloadFailureReason, guardedFetch } from "~/lib/guarded-fetch.server";
import { PODCAST_ARTWORK_RULES } from "~/lib/media/checks/image.server";
import type { MediaStorage } from "~/lib/media/media-storage.server";
import { receiveOwnerFile } from "~/lib/media/receive-owner-file.server";
import { mediaLimits, storeUpload } from "~/lib/media/store-upload.server";
import type { SiteSettings } from "~/lib/site-config";
import { mergeSiteSettings, type StoredArtwork, showArtwork } from "~/lib/site-settings.server";
import {
  ARTWORK_REMOVED_MESSAGE,
  ARTWORK_UPLOADED_MESSAGE,
  type OwnerSettings,
  SETTINGS_CONFLICT_MESSAGE,
  type SettingsSave,
  SettingsSaveSchema,
  type ShowDetailsFromFeed,
} from "./settings-schema";

const SETTINGS_ROW = 1;
const byRow = eq(siteSettings.id, SETTINGS_ROW);

/** The show's artwork upload: Apple's rules, and WebP copies at the widths the about and links pages draw it. */
export const SHOW_ARTWORK_UPLOAD = {
  kind: "image",
  prefix: "settings/artwork",
  rules: PODCAST_ARTWORK_RULES,
  renditionWidths: [384, 768],
} as const;

const NO_ARTWORK_FILE = "Choose an artwork image to upload.";

export class SettingsConflict extends Error {
  constructor() {
    super(SETTINGS_CONFLICT_MESSAGE);
    this.name = "SettingsConflict";
  }
}

/** What the Settings screen opens: the values in use, the artwork and the version (0 while nothing was saved). */
export async function readOwnerSettings(db: Database): Promise<OwnerSettings> {
  const [row] = await db.select().from(siteSettings).where(byRow);
  return {
    settings: mergeSiteSettings(row?.settings),
    artwork: { ...showArtwork(row?.artwork ?? null), uploaded: Boolean(row?.artwork) },
    version: row?.version ?? 0,
  };
}

/**
 * Stores the owner's settings if they are still at the version the form opened, and raises the version; a stale form
 * throws SettingsConflict and writes nothing. The first save creates the row, or fills the one an artwork upload made
 * (version 0 means "never saved").
 */
/**
 * Whether a new feed address is this site's own feed (whatever the scheme, host case or trailing slash), which a
 * confirmed move would answer with a redirect to itself.
 */
export function isOwnFeedAddress(address: string, siteUrl: string): boolean {
  const target = new URL(address);
  const site = new URL(siteUrl);
  return (
    target.host.toLowerCase() === site.host.toLowerCase() && target.pathname.replace(/\/+$/, "") === "/podcast.xml"
  );
}

export async function saveSiteSettings(db: Database, input: SettingsSave): Promise<void> {
  const { version, ...values } = input;
  const settings: SiteSettings = values;
  const saved =
    version === 0
      ? await db
          .insert(siteSettings)
          .values({ id: SETTINGS_ROW, settings, version: 1 })
          // An artwork upload may have made the row first, still at version 0: the first save fills it.
          .onConflictDoUpdate({
            target: siteSettings.id,
            set: { settings, version: 1, updatedAt: new Date() },
            setWhere: eq(siteSettings.version, 0),
          })
          .returning({ id: siteSettings.id })
      : await db
          .update(siteSettings)
          .set({ settings, version: sql`${siteSettings.version} + 1`, updatedAt: new Date() })
          .where(and(byRow, eq(siteSettings.version, version)))
          .returning({ id: siteSettings.id });
  if (saved.length === 0) throw new SettingsConflict();
}

const artworkKeys = (artwork: StoredArtwork | null | undefined) =>
  artwork ? [artwork.key, ...artwork.renditions.map(({ key }) => key)] : [];

async function deleteKeys(media: MediaStorage, keys: string[], what: string) {
  const results = await Promise.allSettled(keys.map((key) => media.delete(key)));
  for (const result of results)
    if (result.status === "rejected") console.error(`[media] could not remove ${what}:`, result.reason);
}

/**
 * Makes `artwork` the show's (null: the bundled one again) and then removes the files it replaces. The row is locked
 * while it is read and changed, so two uploads at once each remove exactly what they replaced; the version is not
 * raised, so an open form's next save does not conflict. If the row cannot be written, the new files are removed.
 */
async function replaceShowArtwork(db: Database, media: MediaStorage, artwork: StoredArtwork | null) {
  let previous: StoredArtwork | null = null;
  try {
    previous = await db.transaction(async (tx) => {
      // Version 0 is "never saved", so that a form opened before this upload still saves.
      await tx.insert(siteSettings).values({ id: SETTINGS_ROW, version: 0 }).onConflictDoNothing();
      const [row] = await tx.select({ artwork: siteSettings.artwork }).from(siteSettings).where(byRow).for("update");
      await tx.update(siteSettings).set({ artwork, updatedAt: new Date() }).where(byRow);
      return row?.artwork ?? null;
    });
  } catch (error) {
    await deleteKeys(media, artworkKeys(artwork), "the files of an artwork upload that could not be saved");
    throw error;
  }
  await deleteKeys(media, artworkKeys(previous), "the show's replaced artwork");
}

/**
 * `PUT /api/admin/settings/artwork` after the owner check: streams the form's `artwork` file to storage (a square JPEG
 * or PNG of 1400 to 3000 px, checked by its content), makes it the show's and answers the artwork in use. A refused,
 * oversized or interrupted file answers its status and message, and nothing of it is kept.
 */
export async function answerArtworkUpload(
  { db, media, env }: Pick<AppContext, "db" | "media" | "env">,
  request: Request,
) {
  const received = await receiveOwnerFile({ media, env }, request, "artwork", SHOW_ARTWORK_UPLOAD, NO_ARTWORK_FILE);
  if ("refusal" in received) return received.refusal;
  const { upload } = received;
  await replaceShowArtwork(db, media, {
    key: upload.key,
    width: upload.details.width,
    height: upload.details.height,
    renditions: upload.renditions.map(({ key, width, height }) => ({ key, width, height })),
  });
  return { success: true as const, message: ARTWORK_UPLOADED_MESSAGE, data: (await readOwnerSettings(db)).artwork };
}

/** `DELETE /api/admin/settings/artwork`: the bundled artwork is used again and the uploaded files are removed. */
export async function answerArtworkRemoval({ db, media }: Pick<AppContext, "db" | "media">) {
  await replaceShowArtwork(db, media, null);
  return { success: true as const, message: ARTWORK_REMOVED_MESSAGE, data: (await readOwnerSettings(db)).artwork };
}

/** Whether `key` is one of the show's artwork files in use: those are public, whoever asks. */
export async function isShowArtworkKey(db: Database, key: string): Promise<boolean> {
  const [row] = await db.select({ artwork: siteSettings.artwork }).from(siteSettings).where(byRow);
  return artworkKeys(row?.artwork).includes(key);
}

/** A detail read from another host's feed that the settings cannot take; the message says which and why. */
export class ShowDetailsRefused extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "ShowDetailsRefused";
  }
}

const ARTWORK_FETCH_TIMEOUT_MS = 60_000;

/**
 * Makes the chosen details of an imported show the site's: the texts over the current settings (checked by the same
 * schema as the form, so a value the form would refuse is refused), and the artwork downloaded with the address checks
 * and stored as an upload is (checked by its content). Nothing is kept if any of it is refused.
 */
export async function keepShowDetails(
  { db, media, env }: { db: Database; media: MediaStorage; env: Env },
  details: ShowDetailsFromFeed,
): Promise<void> {
  const { settings, version } = await readOwnerSettings(db);
  const { artworkUrl, language, category, explicit, type, owner, copyright, ...texts } = details;
  const podcastFeed = { ...settings.podcastFeed };
  if (language !== undefined) podcastFeed.language = language;
  if (category !== undefined) podcastFeed.category = category;
  if (explicit !== undefined) podcastFeed.explicit = explicit;
  if (type !== undefined) podcastFeed.type = type;
  if (owner !== undefined) podcastFeed.owner = owner;
  if (copyright !== undefined) podcastFeed.copyright = copyright;
  const checked = SettingsSaveSchema.safeParse({ ...settings, ...texts, podcastFeed, version });
  if (!checked.success)
    throw new ShowDetailsRefused(`The feed's value cannot be kept: ${checked.error.issues[0].message}.`);
  let artwork: StoredArtwork | null = null;
  if (artworkUrl) {
    try {
      const response = await guardedFetch(artworkUrl, {
        allowPrivate: env.ALLOW_PRIVATE_FETCH,
        timeoutMs: ARTWORK_FETCH_TIMEOUT_MS,
        maxBytes: mediaLimits(env).image,
      });
      const upload = await storeUpload(media, response.body, SHOW_ARTWORK_UPLOAD, mediaLimits(env));
      artwork = {
        key: upload.key,
        width: upload.details.width,
        height: upload.details.height,
        renditions: upload.renditions.map(({ key, width, height }) => ({ key, width, height })),
      };
    } catch (error) {
      throw new ShowDetailsRefused(`The feed's artwork cannot be kept: ${downloadFailureReason(error)}`, {
        cause: error,
      });
    }
  }
  try {
    await saveSiteSettings(db, checked.data);
  } catch (error) {
    if (artwork) await deleteKeys(media, artworkKeys(artwork), "the artwork of show details that could not be saved");
    throw error;
  }
  if (artwork) await replaceShowArtwork(db, media, artwork);
}
