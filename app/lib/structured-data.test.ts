import { describe, expect, it } from "vitest";
import { defaultArtwork, defaultSiteSettings, type SiteIdentity } from "./site-config";
import {
  articleJsonLd,
  breadcrumbJsonLd,
  faqPageJsonLd,
  isoDuration,
  memberBreadcrumbJsonLd,
  organizationJsonLd,
  podcastEpisodeJsonLd,
  podcastSeriesJsonLd,
} from "./structured-data";

const SITE = "https://show.example";
const IDENTITY: SiteIdentity = { ...defaultSiteSettings, artwork: defaultArtwork };

describe("isoDuration", () => {
  it.each([
    [0, "PT0S"],
    [12, "PT12S"],
    [2700, "PT45M"],
    [3723, "PT1H2M3S"],
    [3600, "PT1H"],
  ])("writes %i seconds as %s", (seconds, expected) => {
    expect(isoDuration(seconds)).toBe(expected);
  });
});

describe("podcastSeriesJsonLd", () => {
  it("describes a weekly, usually Thursday, 45-minute clean show with its feed and host", () => {
    expect(podcastSeriesJsonLd(SITE, IDENTITY)).toEqual({
      "@context": "https://schema.org",
      "@type": "PodcastSeries",
      "@id": "https://show.example/podcast#series",
      name: "The Disruption Confessional",
      description:
        "A business and technology podcast about innovation and disruption: real stories from founders and leaders, told without the polish.",
      url: "https://show.example/podcast",
      image: "https://show.example/images/podcast-artwork.jpg",
      inLanguage: "en",
      webFeed: "https://show.example/podcast.xml",
      author: { "@type": "Person", name: "Alex Morgan" },
      contentRating: "clean",
      timeRequired: "PT45M",
      publication: {
        "@type": "PublicationEvent",
        eventSchedule: { "@type": "Schedule", repeatFrequency: "P1W", byDay: "https://schema.org/Thursday" },
      },
    });
  });
});

describe("podcastEpisodeJsonLd", () => {
  const episode = {
    title: "Episode 1: The Pivot",
    description: "A founder on a pivot.",
    audioUrl: "/audio/episode-1.mp3",
    publishDate: "2025-09-11T09:00:00.000Z",
    episodeNumber: 1,
    durationSeconds: 2700,
    guests: ["Sam Rivera"],
  };

  it("names the episode, its audio, length, series and guests", () => {
    expect(podcastEpisodeJsonLd(SITE, `${SITE}/podcast`, episode, IDENTITY)).toEqual({
      "@context": "https://schema.org",
      "@type": "PodcastEpisode",
      name: "Episode 1: The Pivot",
      description: "A founder on a pivot.",
      url: "https://show.example/podcast",
      datePublished: "2025-09-11T09:00:00.000Z",
      episodeNumber: 1,
      timeRequired: "PT45M",
      associatedMedia: {
        "@type": "AudioObject",
        contentUrl: "https://show.example/audio/episode-1.mp3",
        duration: "PT45M",
      },
      partOfSeries: {
        "@type": "PodcastSeries",
        "@id": "https://show.example/podcast#series",
        name: "The Disruption Confessional",
      },
      author: { "@type": "Person", name: "Alex Morgan" },
      actor: [{ "@type": "Person", name: "Sam Rivera" }],
    });
  });

  it("adds the season, keywords and segment timestamps when they are known", () => {
    const described = podcastEpisodeJsonLd(
      SITE,
      `${SITE}/podcast`,
      {
        ...episode,
        seasonNumber: 2,
        keywords: ["pivots", "start-ups"],
        segments: [
          { title: "Introduction", startSeconds: 0 },
          { title: "The pivot", startSeconds: 90 },
        ],
      },
      IDENTITY,
    );
    expect(described.partOfSeason).toEqual({ "@type": "PodcastSeason", seasonNumber: 2 });
    expect(described.keywords).toBe("pivots, start-ups");
    expect(described.hasPart).toEqual([
      { "@type": "Clip", name: "Introduction", startOffset: 0, endOffset: 90 },
      { "@type": "Clip", name: "The pivot", startOffset: 90, endOffset: 2700 },
    ]);
  });

  it("leaves out what is unknown: number, length, guests", () => {
    const described = podcastEpisodeJsonLd(
      SITE,
      `${SITE}/`,
      {
        ...episode,
        episodeNumber: null,
        durationSeconds: null,
        guests: [],
      },
      IDENTITY,
    );
    expect(described).not.toHaveProperty("episodeNumber");
    expect(described).not.toHaveProperty("timeRequired");
    expect(described).not.toHaveProperty("actor");
    expect(described.associatedMedia).toEqual({
      "@type": "AudioObject",
      contentUrl: "https://show.example/audio/episode-1.mp3",
    });
  });

  it("names no media for audio the page does not play for the visitor (premium)", () => {
    const described = podcastEpisodeJsonLd(SITE, `${SITE}/podcast/members`, { ...episode, audioUrl: null }, IDENTITY);
    expect(described).not.toHaveProperty("associatedMedia");
    expect(described.partOfSeries).toMatchObject({ "@type": "PodcastSeries" });
  });
});

describe("organizationJsonLd", () => {
  it("gives the business's hours as Monday to Friday, 09:00 to 17:00", () => {
    expect(organizationJsonLd(SITE, IDENTITY)).toMatchObject({
      "@type": "Organization",
      name: "The Disruption Confessional",
      sameAs: defaultSiteSettings.social.map((profile) => profile.url),
      contactPoint: {
        "@type": "ContactPoint",
        contactType: "customer support",
        url: "https://show.example/contact",
        hoursAvailable: {
          "@type": "OpeningHoursSpecification",
          dayOfWeek: [
            "https://schema.org/Monday",
            "https://schema.org/Tuesday",
            "https://schema.org/Wednesday",
            "https://schema.org/Thursday",
            "https://schema.org/Friday",
          ],
          opens: "09:00",
          closes: "17:00",
        },
      },
    });
  });
});

describe("faqPageJsonLd and breadcrumbJsonLd", () => {
  it("turns questions and answers into FAQPage entries", () => {
    expect(faqPageJsonLd([{ question: "Can I cancel?", answer: "Yes." }])).toEqual({
      "@context": "https://schema.org",
      "@type": "FAQPage",
      mainEntity: [{ "@type": "Question", name: "Can I cancel?", acceptedAnswer: { "@type": "Answer", text: "Yes." } }],
    });
  });

  it("numbers the trail from 1 with absolute addresses", () => {
    expect(
      breadcrumbJsonLd(SITE, [
        { name: "Home", path: "/" },
        { name: "Insights", path: "/insights" },
      ]).itemListElement,
    ).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: "https://show.example/" },
      { "@type": "ListItem", position: 2, name: "Insights", item: "https://show.example/insights" },
    ]);
  });
});

describe("memberBreadcrumbJsonLd", () => {
  it("leads from Home through the Member Dashboard to the page, and stops at the dashboard itself", () => {
    expect(memberBreadcrumbJsonLd(SITE, { name: "Virtual Events", path: "/members/events" })).toMatchObject({
      itemListElement: [{ name: "Home" }, { name: "Member Dashboard" }, { name: "Virtual Events" }],
    });
    expect(memberBreadcrumbJsonLd(SITE, { name: "Member Dashboard", path: "/members/dashboard" })).toMatchObject({
      itemListElement: [{ name: "Home" }, { name: "Member Dashboard" }],
    });
  });
});

describe("articleJsonLd", () => {
  it("carries the headline, absolute image, dates with their time zone and the author", () => {
    expect(
      articleJsonLd(
        SITE,
        `${SITE}/insights/abc`,
        {
          title: "Resilient supply chains",
          excerpt: "How small firms cope.",
          date: "2025-05-06T00:00:00.000Z",
          imageUrl: "/images/insights/x.webp",
          authorName: "Alex Morgan",
        },
        IDENTITY,
      ),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "Article",
      headline: "Resilient supply chains",
      description: "How small firms cope.",
      image: ["https://show.example/images/insights/x.webp"],
      datePublished: "2025-05-06T00:00:00.000Z",
      dateModified: "2025-05-06T00:00:00.000Z",
      author: { "@type": "Person", name: "Alex Morgan" },
      publisher: {
        "@type": "Organization",
        name: "The Disruption Confessional",
        logo: { "@type": "ImageObject", url: "https://show.example/images/podcast-artwork.jpg" },
      },
      mainEntityOfPage: "https://show.example/insights/abc",
    });
  });
});
