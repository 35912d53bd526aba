/**
 * The show's identity. An owner changes the podcast's name, host, links and artwork here and nowhere else.
 * Every value below is a neutral placeholder.
 */

export type SocialPlatform = "twitter" | "youtube" | "linkedin" | "instagram" | "bluesky" | "tiktok" | "facebook";

export type SocialProfile = { platform: SocialPlatform; label: string; url: string };

export type ListenPlatform = { id: string; label: string; url: string };

export type EpisodeDetails = { keywords: string[]; segments: { title: string; startSeconds: number }[] };

export const listenPlatforms = {
  applePodcasts: {
    id: "apple-podcasts",
    label: "Apple Podcasts",
    url: "https://podcasts.apple.com/podcast/id0000000000",
  },
  spotify: { id: "spotify", label: "Spotify", url: "https://open.spotify.com/show/placeholder" },
  youtubeMusic: {
    id: "youtube-music",
    label: "YouTube Music",
    url: "https://music.youtube.com/playlist?list=placeholder",
  },
  youtubePlaylist: {
    id: "youtube-playlist",
    label: "YouTube",
    url: "https://www.youtube.com/playlist?list=placeholder",
  },
  youtube: { id: "youtube", label: "YouTube", url: "https://www.youtube.com/@disruptionconfessional" },
  amazonMusic: { id: "amazon-music", label: "Amazon Music", url: "https://music.amazon.com/podcasts/placeholder" },
  iheartRadio: { id: "iheartradio", label: "iHeartRadio", url: "https://www.iheart.com/podcast/placeholder" },
} as const satisfies Record<string, ListenPlatform>;

export const siteConfig = {
  showName: "The Disruption Confessional",
  hostName: "Alex Morgan",
  description:
    "A business and technology podcast about innovation and disruption: real stories from founders and leaders, told without the polish.",
  tagline: "Where disruption gets personal. Real stories of innovation through unfiltered conversations.",
  linksTagline: "The Future Isn't Predicted. It's Confessed.",
  launchNote: "Streaming Fall 2025",
  /** The about page's host bio, one paragraph per entry. Sample text: replace it with the host's own. */
  hostBio: [
    "Alex Morgan has spent twenty years inside start-ups and the companies they set out to disrupt: as a founder, an operator and, more than once, the person who had to explain what went wrong.",
    "The Disruption Confessional grew out of the conversations that happen after the conference talk is over, when founders and leaders say what really happened. Each week Alex sits down with one of them for an unfiltered account of a turning point: the pivot, the failure, the risky bet that paid off.",
  ],
  /**
   * The links page's local episode list; its first entry is the LATEST EPISODE button, which opens the show's page on
   * the streaming service. Newest first.
   */
  episodes: [
    { title: "Episode 2: Automating Ourselves Out of a Job" },
    { title: "Episode 1: The Pivot That Almost Sank Us" },
    { title: "Trailer: Welcome to The Disruption Confessional" },
  ],
  newsletter: {
    name: "The Briefing",
    /** The publication's address on the newsletter platform; NEWSLETTER_URL overrides it per deployment. */
    url: "https://thebriefing.example.com",
  },
  social: [
    { platform: "twitter", label: "X (Twitter)", url: "https://x.com/disruptionconfessional" },
    { platform: "youtube", label: "YouTube", url: "https://www.youtube.com/@disruptionconfessional" },
    { platform: "linkedin", label: "LinkedIn", url: "https://www.linkedin.com/company/disruptionconfessional" },
    { platform: "instagram", label: "Instagram", url: "https://www.instagram.com/disruptionconfessional" },
    { platform: "bluesky", label: "Bluesky", url: "https://bsky.app/profile/disruptionconfessional.bsky.social" },
    { platform: "tiktok", label: "TikTok", url: "https://www.tiktok.com/@disruptionconfessional" },
    { platform: "facebook", label: "Facebook", url: "https://www.facebook.com/disruptionconfessional" },
  ] satisfies SocialProfile[],
  /** The footer's "Listen On" services. */
  listenOn: [
    listenPlatforms.applePodcasts,
    listenPlatforms.spotify,
    listenPlatforms.youtubeMusic,
    listenPlatforms.amazonMusic,
    listenPlatforms.youtube,
  ] satisfies ListenPlatform[],
  /** The links page's "LISTEN ON" row. */
  linksPageListenOn: [
    listenPlatforms.applePodcasts,
    listenPlatforms.spotify,
    listenPlatforms.youtubePlaylist,
    listenPlatforms.amazonMusic,
    listenPlatforms.iheartRadio,
  ] satisfies ListenPlatform[],
  /**
   * The show's artwork: the JPEG is what the feed, podcast directories and structured data take; pages show the WebP
   * copies, at the sizes they draw it.
   */
  artwork: {
    url: "/images/podcast-artwork.jpg",
    width: 1400,
    height: 1400,
    onPage: {
      src: "/images/podcast-artwork-384.webp",
      srcSet: "/images/podcast-artwork-384.webp 384w, /images/podcast-artwork-768.webp 768w",
    },
  },
  /** The podcast RSS feed at /podcast.xml: what podcast directories read to list the show. */
  podcastFeed: {
    /** ISO 639 language code. */
    language: "en",
    /** From Apple Podcasts' category list. */
    category: { name: "Business", subcategory: "Entrepreneurship" },
    /** The show is rated clean. */
    explicit: false,
    /** "episodic" (newest first) or "serial" (in order). */
    type: "episodic",
    /** Podcast directories verify ownership by mailing this address. */
    owner: { name: "Alex Morgan", email: "podcast@disruptionconfessional.example" },
    copyright: "© 2025 The Disruption Confessional",
    /**
     * The show's permanent Podcasting 2.0 identity: the UUID v5 of the first public feed URL (here the placeholder
     * www.disruptionconfessional.example/podcast.xml). Compute it once for the real address and keep it when the
     * feed moves.
     */
    guidFeedUrl: "www.disruptionconfessional.example/podcast.xml",
    guid: "742c99e1-d2b3-5ec0-a6b4-19527d7e0bb2",
    /** Other platforms may not import the feed unless the owner confirms by this email. */
    locked: true,
  },
  socialPreviewImage: {
    url: "/images/social-preview.jpg",
    width: 1200,
    height: 630,
    alt: "The Disruption Confessional: where disruption gets personal",
  },
  /** The podcast page states this release rhythm and the structured data repeats it. */
  schedule: { frequency: "Weekly", usualDay: "Thursday", typicalMinutes: 45, contentRating: "clean" },
  /** When messages are answered; the contact page states it and the structured data repeats it. */
  businessHours: { days: "Monday to Friday", opens: "09:00", closes: "17:00" },
  /**
   * Chapters and topics of published episodes, keyed by the episode's guid, until the episodes table holds them. The
   * episode card lists them and the structured data repeats them. Sample values for the sample trailer.
   */
  episodeDetails: {
    "c4d5a3d0-6a8e-4c41-9f0b-3c2a1e7b9d01": {
      keywords: ["innovation", "disruption", "founder stories"],
      segments: [
        { title: "Welcome", startSeconds: 0 },
        { title: "What you will hear each week", startSeconds: 6 },
      ],
    },
  } as Record<string, EpisodeDetails>,
  /** The podcast's RSS feed, linked from every page's head. */
  feedPath: "/podcast.xml",
} as const;

/** The newsletter platform serves its sign-up frame at /embed and past issues at /archive. */
export function newsletterLinks(publicationUrl: string) {
  const base = publicationUrl.replace(/\/+$/, "");
  return { embedUrl: `${base}/embed`, archiveUrl: `${base}/archive` };
}
