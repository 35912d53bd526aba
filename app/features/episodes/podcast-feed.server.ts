import type { EpisodeChapter } from "~/db/schema";
import { buildChaptersDocument } from "~/lib/media/checks/chapters";
import { type SiteIdentity, siteConfig } from "~/lib/site-config";
import { cdata, element, type XmlChild, xmlDocument } from "~/lib/xml";
import type { FeedEpisode, FeedEpisodePart } from "./episodes.server";
import { episodeMediaUrl, episodePagePath } from "./schema";

export const PODCAST_FEED_CONTENT_TYPE = "application/rss+xml; charset=utf-8";

const NAMESPACES = {
  "xmlns:itunes": "http://www.itunes.com/dtds/podcast-1.0.dtd",
  "xmlns:podcast": "https://podcastindex.org/namespace/1.0",
  "xmlns:atom": "http://www.w3.org/2005/Atom",
  "xmlns:content": "http://purl.org/rss/1.0/modules/content/",
};

/** Apple Podcasts reads at most 4000 bytes of a show's description. */
export const MAX_DESCRIPTION_BYTES = 4000;

const CHAPTERS_MIME_TYPE = "application/json+chapters";

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** Plain text as an HTML paragraph, cut on a character boundary so that its UTF-8 form fits `maxBytes`. */
export function htmlParagraph(text: string, maxBytes = Number.POSITIVE_INFINITY): string {
  const html = (body: string) => `<p>${escapeHtml(body)}</p>`;
  if (Buffer.byteLength(html(text)) <= maxBytes) return html(text);
  // Every character takes at least one byte, so no more than maxBytes of them can fit.
  const characters = Array.from(text).slice(0, maxBytes);
  while (characters.length > 0 && Buffer.byteLength(html(`${characters.join("")}…`)) > maxBytes) characters.pop();
  return html(`${characters.join("").trimEnd()}…`);
}

const absoluteUrl = (siteUrl: string, pathOrUrl: string) => new URL(pathOrUrl, `${siteUrl}/`).href;

const rfc2822 = (date: Date) => date.toUTCString();

function person(role: "host" | "guest", name: string, href?: string | null): XmlChild {
  return element("podcast:person", href ? { role, href } : { role }, name);
}

/** The address of an episode's Podcasting 2.0 chapters document. */
const episodeChaptersPath = (slug: string) => `${episodePagePath(slug)}/chapters.json`;

/** A Podcasting 2.0 JSON chapters document: cached for five minutes by anyone, or (a member's) by no one. */
export function chaptersResponse(chapters: EpisodeChapter[], caching: "public" | "private"): Response {
  const document = buildChaptersDocument(
    chapters.map((chapter) => ({ startTime: chapter.startSeconds, title: chapter.title, url: chapter.url })),
  );
  return new Response(JSON.stringify(document), {
    headers: {
      "Content-Type": CHAPTERS_MIME_TYPE,
      "Cache-Control": caching === "public" ? "public, max-age=300" : "private, no-store",
    },
  });
}

/**
 * Where a feed lives and where its items' parts point: the public feed's own address, the media URLs and the chapters
 * documents, or a member's private feed, whose addresses carry its token and check the member's tier on every request.
 */
export type FeedAddresses = {
  feedPath: string;
  partPath: (episode: FeedEpisode, part: FeedEpisodePart) => string;
  titleSuffix?: string;
};

const PUBLIC_FEED: FeedAddresses = {
  feedPath: siteConfig.feedPath,
  partPath: (episode, part) => {
    if (part === "chapters") return episodeChaptersPath(episode.slug);
    const key = { audio: episode.audioKey, transcript: episode.transcriptKey, artwork: episode.artworkKey }[part];
    return episodeMediaUrl(key as string);
  },
};

function item(episode: FeedEpisode, siteUrl: string, site: SiteIdentity, addresses: FeedAddresses): XmlChild {
  const artworkUrl = absoluteUrl(
    siteUrl,
    episode.artworkKey ? addresses.partPath(episode, "artwork") : site.artwork.url,
  );
  const description = htmlParagraph(episode.description);
  return element(
    "item",
    {},
    element("title", {}, episode.title),
    element("itunes:title", {}, episode.title),
    element("description", {}, cdata(description)),
    element("content:encoded", {}, cdata(description)),
    element("link", {}, absoluteUrl(siteUrl, episodePagePath(episode.slug))),
    element("guid", { isPermaLink: "false" }, episode.guid),
    element("pubDate", {}, rfc2822(episode.publishDate)),
    element("enclosure", {
      url: absoluteUrl(siteUrl, addresses.partPath(episode, "audio")),
      length: episode.audioLengthBytes ?? 0,
      type: episode.audioMimeType,
    }),
    episode.durationSeconds !== null && element("itunes:duration", {}, episode.durationSeconds),
    element("itunes:episodeType", {}, episode.episodeType),
    episode.seasonNumber !== null && element("itunes:season", {}, episode.seasonNumber),
    episode.episodeNumber !== null && element("itunes:episode", {}, episode.episodeNumber),
    element("itunes:image", { href: artworkUrl }),
    element("itunes:explicit", {}, String(episode.explicit)),
    // Item-level people replace the channel's list, so the host is named again beside the guests.
    person("host", site.hostName),
    ...episode.guests.map((guest) => person("guest", guest.name, guest.link)),
    episode.transcriptKey &&
      element("podcast:transcript", {
        url: absoluteUrl(siteUrl, addresses.partPath(episode, "transcript")),
        type: episode.transcriptMimeType ?? "text/plain",
        language: site.podcastFeed.language,
      }),
    episode.hasChapters &&
      element("podcast:chapters", {
        url: absoluteUrl(siteUrl, addresses.partPath(episode, "chapters")),
        type: CHAPTERS_MIME_TYPE,
      }),
  );
}

function trailer(episode: FeedEpisode, siteUrl: string, addresses: FeedAddresses): XmlChild {
  return element(
    "podcast:trailer",
    {
      pubdate: rfc2822(episode.publishDate),
      url: absoluteUrl(siteUrl, addresses.partPath(episode, "audio")),
      length: episode.audioLengthBytes ?? 0,
      type: episode.audioMimeType,
      season: episode.seasonNumber,
    },
    episode.title,
  );
}

/** When the feed's content last changed: an edit, or an episode whose publication time has come. */
export function feedLastModified(episodes: FeedEpisode[]): Date | null {
  const times = episodes.flatMap((episode) => [episode.updatedAt.getTime(), episode.publishDate.getTime()]);
  return times.length === 0 ? null : new Date(Math.max(...times));
}

/**
 * The RSS 2.0 podcast feed of the given episodes (the caller chooses them: the public feed leaves out premium and
 * unpublished ones), with the show's identity as the owner set it; its permanent guid stays fixed in code. A private
 * feed asks directories not to list it (itunes:block).
 */
export function buildPodcastFeed(
  episodes: FeedEpisode[],
  siteUrl: string,
  site: SiteIdentity,
  addresses: FeedAddresses = PUBLIC_FEED,
): string {
  const feed = site.podcastFeed;
  const { guid } = siteConfig.podcastFeed;
  const { locked, newFeedUrl } = site.feedHome;
  const isPrivate = addresses !== PUBLIC_FEED;
  const feedUrl = absoluteUrl(siteUrl, addresses.feedPath);
  const artworkUrl = absoluteUrl(siteUrl, site.artwork.url);
  const siteHome = absoluteUrl(siteUrl, "/");
  const lastModified = feedLastModified(episodes);
  return xmlDocument(
    element(
      "rss",
      { version: "2.0", ...NAMESPACES },
      element(
        "channel",
        {},
        element("atom:link", { href: feedUrl, rel: "self", type: "application/rss+xml" }),
        element("title", {}, `${site.showName}${addresses.titleSuffix ?? ""}`),
        isPrivate && element("itunes:block", {}, "Yes"),
        element("description", {}, cdata(htmlParagraph(site.description, MAX_DESCRIPTION_BYTES))),
        element("link", {}, siteHome),
        element("language", {}, feed.language),
        element("copyright", {}, feed.copyright),
        lastModified && element("lastBuildDate", {}, rfc2822(lastModified)),
        element(
          "image",
          {},
          element("url", {}, artworkUrl),
          element("title", {}, site.showName),
          element("link", {}, siteHome),
        ),
        element("itunes:image", { href: artworkUrl }),
        element(
          "itunes:category",
          { text: feed.category.name },
          element("itunes:category", { text: feed.category.subcategory }),
        ),
        element("itunes:explicit", {}, String(feed.explicit)),
        element("itunes:author", {}, site.hostName),
        element(
          "itunes:owner",
          {},
          element("itunes:name", {}, feed.owner.name),
          element("itunes:email", {}, feed.owner.email),
        ),
        element("itunes:type", {}, feed.type),
        // A member's private feed stays where it is: only the public feed announces the show's move.
        !isPrivate && newFeedUrl && element("itunes:new-feed-url", {}, newFeedUrl),
        element("podcast:guid", {}, guid),
        element("podcast:locked", { owner: feed.owner.email }, locked ? "yes" : "no"),
        person("host", site.hostName),
        ...episodes
          .filter((episode) => episode.episodeType === "trailer")
          .map((episode) => trailer(episode, siteUrl, addresses)),
        ...episodes.map((episode) => item(episode, siteUrl, site, addresses)),
      ),
    ),
  );
}
