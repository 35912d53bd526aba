import { parseRssFeed, type RssFeed } from "feedsmith";
import type { Env } from "~/lib/env.server";
import { guardedFetchText } from "~/lib/guarded-fetch.server";
import { htmlToText } from "~/lib/sanitize-html.server";
import type { ImportedShow } from "./feed-import-schema";

/** Reading a show's feed for an import: fetched with the address checks, parsed by feedsmith, reduced to what we keep. */

const MB = 1024 * 1024;
/** A feed of a thousand episodes with full show notes is a few megabytes; this leaves ample room and bounds memory. */
const FEED_MAX_BYTES = 30 * MB;
const FEED_TIMEOUT_MS = 60_000;

export const LOCKED_FEED_MESSAGE =
  "This feed is locked (podcast:locked): its owner must unlock it at its current host before it can be imported.";

/** A feed that cannot be imported; the message is for the owner. */
export class FeedRefused extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "FeedRefused";
  }
}

/** One episode as the import keeps it, every address absolute. Stored as the queued row's `item`. */
export type ImportItem = {
  guid: string;
  title: string;
  link: string | null;
  publishDate: string | null;
  seasonNumber: number | null;
  episodeNumber: number | null;
  episodeType: "full" | "trailer" | "bonus";
  explicit: boolean;
  summary: string;
  showNotesHtml: string;
  audioUrl: string | null;
  artworkUrl: string | null;
  transcripts: { url: string; type: string }[];
  chaptersUrl: string | null;
  guests: { name: string; link: string | null }[];
};

export type ReadFeed = { url: string; show: ImportedShow; items: ImportItem[] };

type ParsedFeed = RssFeed.Feed<string>;
type ParsedItem = RssFeed.Item<string>;

/** An address from the feed made absolute against the feed's own; null when it is not an http(s) address. */
function absolute(value: string | undefined | null, base: string): string | null {
  const text = value?.trim();
  if (!text) return null;
  // A mangled absolute address (real feeds have `<itunes:image>href=http://…"></itunes:image>`) would otherwise resolve
  // as a path on the feed's own host and name a file that was never there.
  if (text.includes("://") && !URL.canParse(text)) return null;
  try {
    const url = new URL(text, base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

const wholeNumber = (value: unknown): number | null =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 1_000_000 ? value : null;

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

const EPISODE_TYPES = new Set(["full", "trailer", "bonus"]);

/** The episode's audio: the first enclosure (or Podcasting 2.0 alternate source) that says it is audio, else the first. */
function audioOf(item: ParsedItem, base: string): string | null {
  const enclosures = item.enclosures ?? [];
  const audio = enclosures.find((enclosure) => enclosure.type?.startsWith("audio/")) ?? enclosures[0];
  return absolute(audio?.url, base);
}

function itemOf(item: ParsedItem, base: string): ImportItem | null {
  const audioUrl = audioOf(item, base);
  // Apps that meet an item without a GUID identify it by its enclosure's address; so does the import.
  const guid = item.guid?.value?.trim() || audioUrl;
  if (!guid) return null;
  const notes = item.content?.encoded ?? item.description ?? item.itunes?.summary ?? "";
  const summary = htmlToText(item.itunes?.summary ?? item.description ?? item.itunes?.subtitle ?? notes);
  const title = htmlToText(item.title ?? item.itunes?.title ?? "") || "Untitled episode";
  const date = item.pubDate ? new Date(item.pubDate) : null;
  const episodeType = item.itunes?.episodeType?.toLowerCase() ?? "full";
  const persons = item.podcast?.persons ?? [];
  return {
    guid: clip(guid, 1000),
    title: clip(title, 200),
    link: absolute(item.link, base),
    publishDate: date && !Number.isNaN(date.getTime()) ? date.toISOString() : null,
    seasonNumber: wholeNumber(item.itunes?.season),
    episodeNumber: wholeNumber(item.itunes?.episode),
    episodeType: (EPISODE_TYPES.has(episodeType) ? episodeType : "full") as ImportItem["episodeType"],
    explicit: item.itunes?.explicit === true,
    summary: clip(summary, 4000),
    showNotesHtml: notes,
    audioUrl,
    artworkUrl: absolute(item.itunes?.image, base),
    transcripts: (item.podcast?.transcripts ?? []).flatMap((transcript) => {
      const url = absolute(transcript.url, base);
      return url ? [{ url, type: transcript.type ?? "" }] : [];
    }),
    chaptersUrl: absolute(item.podcast?.chapters?.url, base),
    // A person without a role is the host (the namespace's default), whom the site names itself.
    guests: persons.flatMap((person) => {
      const name = person.display?.trim();
      return person.role?.toLowerCase() === "guest" && name
        ? [{ name: clip(name, 120), link: absolute(person.href, base) }]
        : [];
    }),
  };
}

function showOf(feed: ParsedFeed, base: string): ImportedShow {
  const category = feed.itunes?.categories?.[0];
  const ownerEmail = feed.itunes?.owner?.email?.trim();
  const type = feed.itunes?.type;
  const language = feed.language?.trim().toLowerCase();
  return {
    showName: feed.title ? clip(htmlToText(feed.title), 120) : null,
    hostName: feed.itunes?.author ? clip(htmlToText(feed.itunes.author), 120) : null,
    description:
      feed.description || feed.itunes?.summary
        ? clip(htmlToText(feed.description ?? feed.itunes?.summary ?? ""), 4000)
        : null,
    language: language && /^[a-z]{2,3}(-[a-z]{2,4})?$/.test(language) ? language : null,
    category: category?.text
      ? { name: clip(category.text, 80), subcategory: clip(category.categories?.[0]?.text ?? "", 80) }
      : null,
    explicit: typeof feed.itunes?.explicit === "boolean" ? feed.itunes.explicit : null,
    type: type === "episodic" || type === "serial" ? type : null,
    owner: ownerEmail ? { name: clip(feed.itunes?.owner?.name?.trim() || ownerEmail, 120), email: ownerEmail } : null,
    copyright: feed.copyright ? clip(htmlToText(feed.copyright), 200) : null,
    artworkUrl: absolute(feed.itunes?.image, base) ?? absolute(feed.image?.url, base),
  };
}

/**
 * Fetches and reads a show's feed. Refuses (FeedRefused) an address it may not fetch, a feed that cannot be read, and
 * a locked feed. Items without a GUID and without audio cannot be named, and are left out; the first of two items
 * with the same GUID is kept.
 */
export async function readShowFeed(env: Pick<Env, "ALLOW_PRIVATE_FETCH">, feedUrl: string): Promise<ReadFeed> {
  let fetched: { url: string; text: string };
  try {
    fetched = await guardedFetchText(feedUrl, {
      allowPrivate: env.ALLOW_PRIVATE_FETCH,
      timeoutMs: FEED_TIMEOUT_MS,
      maxBytes: FEED_MAX_BYTES,
    });
  } catch (error) {
    throw new FeedRefused(`The feed could not be fetched: ${(error as Error).message}.`, { cause: error });
  }
  let feed: ParsedFeed;
  try {
    feed = parseRssFeed(fetched.text);
  } catch (error) {
    throw new FeedRefused("The address does not answer with an RSS podcast feed.", { cause: error });
  }
  if (feed.podcast?.locked?.value === true) throw new FeedRefused(LOCKED_FEED_MESSAGE);
  const seen = new Set<string>();
  const items: ImportItem[] = [];
  for (const parsed of feed.items ?? []) {
    const item = itemOf(parsed, fetched.url);
    if (!item || seen.has(item.guid)) continue;
    seen.add(item.guid);
    items.push(item);
  }
  return { url: fetched.url, show: showOf(feed, fetched.url), items };
}
