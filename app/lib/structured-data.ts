import type {
  Article,
  BreadcrumbList,
  Clip,
  DayOfWeek,
  FAQPage,
  Organization,
  Person,
  PodcastEpisode,
  PodcastSeries,
  WithContext,
} from "schema-dts";
import { type SiteIdentity, siteConfig, weekdaysBetween } from "./site-config";

/**
 * Builders of the JSON-LD blocks (spec section 1 and 3's structured-data inputs). Each takes plain data and the site's
 * absolute address, so that a page's meta function can describe exactly what the page shows.
 */

export type StructuredData = WithContext<
  Article | BreadcrumbList | FAQPage | Organization | PodcastEpisode | PodcastSeries
>;

const DAY_URLS = {
  Monday: "https://schema.org/Monday",
  Tuesday: "https://schema.org/Tuesday",
  Wednesday: "https://schema.org/Wednesday",
  Thursday: "https://schema.org/Thursday",
  Friday: "https://schema.org/Friday",
  Saturday: "https://schema.org/Saturday",
  Sunday: "https://schema.org/Sunday",
} as const satisfies Record<string, DayOfWeek>;

function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${siteUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/** ISO 8601 duration such as PT45M or PT1H2M3S. */
export function isoDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const parts = `${hours ? `${hours}H` : ""}${minutes ? `${minutes}M` : ""}${rest || seconds === 0 ? `${rest}S` : ""}`;
  return `PT${parts}`;
}

const host = (site: SiteIdentity): Person => ({ "@type": "Person", name: site.hostName });

const seriesId = (siteUrl: string) => `${siteUrl}/podcast#series`;

export function podcastSeriesJsonLd(siteUrl: string, site: SiteIdentity): WithContext<PodcastSeries> {
  const { schedule } = site;
  return {
    "@context": "https://schema.org",
    "@type": "PodcastSeries",
    "@id": seriesId(siteUrl),
    name: site.showName,
    description: site.description,
    url: `${siteUrl}/podcast`,
    image: absoluteUrl(siteUrl, site.artwork.url),
    inLanguage: "en",
    webFeed: absoluteUrl(siteUrl, siteConfig.feedPath),
    author: host(site),
    contentRating: schedule.contentRating,
    timeRequired: isoDuration(schedule.typicalMinutes * 60),
    publication: {
      "@type": "PublicationEvent",
      eventSchedule: { "@type": "Schedule", repeatFrequency: "P1W", byDay: DAY_URLS[schedule.usualDay] },
    },
  };
}

type EpisodeSegment = { title: string; startSeconds: number };

export type EpisodeStructuredDataInput = {
  title: string;
  description: string;
  /** Null for premium audio the page does not play for the visitor. */
  audioUrl: string | null;
  /** ISO 8601 timestamp. */
  publishDate: string;
  episodeNumber: number | null;
  durationSeconds: number | null;
  guests: string[];
  seasonNumber?: number | null;
  keywords?: string[];
  /** Chapters in playing order; each one ends where the next starts (the last one at the episode's end). */
  segments?: EpisodeSegment[];
};

function segmentClips(segments: EpisodeSegment[], durationSeconds: number | null): Clip[] {
  return segments.map((segment, index) => {
    const end = segments[index + 1]?.startSeconds ?? durationSeconds;
    return {
      "@type": "Clip",
      name: segment.title,
      startOffset: segment.startSeconds,
      ...(end !== null && { endOffset: end }),
    };
  });
}

/** One episode as the page that shows it presents it; `pageUrl` is that page's canonical address. */
export function podcastEpisodeJsonLd(
  siteUrl: string,
  pageUrl: string,
  episode: EpisodeStructuredDataInput,
  site: SiteIdentity,
): WithContext<PodcastEpisode> {
  return {
    "@context": "https://schema.org",
    "@type": "PodcastEpisode",
    name: episode.title,
    description: episode.description,
    url: pageUrl,
    datePublished: episode.publishDate,
    ...(episode.episodeNumber !== null && { episodeNumber: episode.episodeNumber }),
    ...(episode.durationSeconds !== null && { timeRequired: isoDuration(episode.durationSeconds) }),
    ...(episode.audioUrl !== null && {
      associatedMedia: {
        "@type": "AudioObject",
        contentUrl: absoluteUrl(siteUrl, episode.audioUrl),
        ...(episode.durationSeconds !== null && { duration: isoDuration(episode.durationSeconds) }),
      },
    }),
    partOfSeries: { "@type": "PodcastSeries", "@id": seriesId(siteUrl), name: site.showName },
    ...(episode.seasonNumber != null && {
      partOfSeason: { "@type": "PodcastSeason", seasonNumber: episode.seasonNumber },
    }),
    author: host(site),
    ...(episode.guests.length > 0 && {
      actor: episode.guests.map((name): Person => ({ "@type": "Person", name })),
    }),
    ...(episode.keywords?.length && { keywords: episode.keywords.join(", ") }),
    ...(episode.segments?.length && { hasPart: segmentClips(episode.segments, episode.durationSeconds) }),
  };
}

/** The show as a business, with the hours in which it answers messages. */
export function organizationJsonLd(siteUrl: string, site: SiteIdentity): WithContext<Organization> {
  const { businessHours } = site;
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: site.showName,
    url: `${siteUrl}/`,
    logo: absoluteUrl(siteUrl, site.artwork.url),
    sameAs: site.social.map((profile) => profile.url),
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "customer support",
      url: `${siteUrl}/contact`,
      hoursAvailable: {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: weekdaysBetween(businessHours.firstDay, businessHours.lastDay).map((day) => DAY_URLS[day]),
        opens: businessHours.opens,
        closes: businessHours.closes,
      },
    },
  };
}

export function faqPageJsonLd(entries: ReadonlyArray<{ question: string; answer: string }>): WithContext<FAQPage> {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: entries.map(({ question, answer }) => ({
      "@type": "Question",
      name: question,
      acceptedAnswer: { "@type": "Answer", text: answer },
    })),
  };
}

/** `items` run from the home page down to the current page; paths are made absolute. */
export function breadcrumbJsonLd(
  siteUrl: string,
  items: ReadonlyArray<{ name: string; path: string }>,
): WithContext<BreadcrumbList> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: absoluteUrl(siteUrl, item.path),
    })),
  };
}

const MEMBER_DASHBOARD = { name: "Member Dashboard", path: "/members/dashboard" };

/** The trail of a member page: Home, the Member Dashboard, then the page itself unless it is the dashboard. */
export function memberBreadcrumbJsonLd(
  siteUrl: string,
  page: { name: string; path: string },
): WithContext<BreadcrumbList> {
  const trail = page.path === MEMBER_DASHBOARD.path ? [MEMBER_DASHBOARD] : [MEMBER_DASHBOARD, page];
  return breadcrumbJsonLd(siteUrl, [{ name: "Home", path: "/" }, ...trail]);
}

export type ArticleStructuredDataInput = {
  title: string;
  excerpt: string;
  /** ISO 8601 timestamp with its time zone (Z). */
  date: string;
  imageUrl: string;
  authorName: string;
};

export function articleJsonLd(
  siteUrl: string,
  pageUrl: string,
  post: ArticleStructuredDataInput,
  site: SiteIdentity,
): WithContext<Article> {
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: post.title,
    description: post.excerpt,
    image: [absoluteUrl(siteUrl, post.imageUrl)],
    datePublished: post.date,
    dateModified: post.date,
    author: { "@type": "Person", name: post.authorName },
    publisher: {
      "@type": "Organization",
      name: site.showName,
      logo: { "@type": "ImageObject", url: absoluteUrl(siteUrl, site.artwork.url) },
    },
    mainEntityOfPage: pageUrl,
  };
}
