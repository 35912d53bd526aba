/**
 * The show's identity as a fresh clone has it. The owner edits these values on the Settings screen (/admin/settings),
 * which stores them in the database: pages read the live values from the root loader's `settings`, server code from
 * `getSiteSettings(db)` (app/lib/site-settings.server.ts). What stays fixed in code is in `siteConfig` below the
 * defaults. Every value is a neutral placeholder.
 */

export type SocialPlatform = "twitter" | "youtube" | "linkedin" | "instagram" | "bluesky" | "tiktok" | "facebook";

export type SocialProfile = { platform: SocialPlatform; label: string; url: string };

export type ListenPlatform = { id: string; label: string; url: string };

export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

export type Weekday = (typeof WEEKDAYS)[number];

/** The weekdays from `first` to `last`, wrapping past Sunday (Friday to Monday is four days). */
export function weekdaysBetween(first: Weekday, last: Weekday): Weekday[] {
  const start = WEEKDAYS.indexOf(first);
  const length = ((WEEKDAYS.indexOf(last) - start + 7) % 7) + 1;
  return Array.from({ length }, (_, offset) => WEEKDAYS[(start + offset) % 7]);
}

/** What the owner edits on the Settings screen; the artwork is uploaded separately (see `ShowArtwork`). */
export type SiteSettings = {
  showName: string;
  hostName: string;
  /** The about page's host bio, one paragraph per entry. */
  hostBio: string[];
  tagline: string;
  /** The links page's line under the show's name. */
  linksTagline: string;
  description: string;
  launchNote: string;
  social: SocialProfile[];
  /** The footer's "Listen On" services. */
  listenOn: ListenPlatform[];
  /** The links page's "LISTEN ON" row. */
  linksPageListenOn: ListenPlatform[];
  /** `url` is the publication's address on the newsletter platform; null until the owner sets one. */
  newsletter: { name: string; url: string | null };
  /** The podcast page states this release rhythm and the structured data repeats it. */
  schedule: { frequency: string; usualDay: Weekday; typicalMinutes: number; contentRating: string };
  /** When messages are answered: the contact page states it and the structured data repeats it (24-hour times). */
  businessHours: { firstDay: Weekday; lastDay: Weekday; opens: string; closes: string };
  /** The podcast RSS feed's identity. */
  podcastFeed: {
    /** ISO 639 language code. */
    language: string;
    /** From Apple Podcasts' category list. */
    category: { name: string; subcategory: string };
    explicit: boolean;
    /** "episodic" (newest first) or "serial" (in order). */
    type: "episodic" | "serial";
    /** Podcast directories verify ownership by mailing this address. */
    owner: { name: string; email: string };
    copyright: string;
  };
  membership: {
    /** Days a member keeps their paid tier after a renewal payment fails, while Stripe retries. */
    paymentGraceDays: number;
  };
  activityLog: {
    /** Days the admin area's activity log keeps an entry. */
    retentionDays: number;
  };
  /** Where the feed lives: whether other hosts may import it, and where it moved. */
  feedHome: {
    /** The feed says podcast:locked yes: other platforms may not import it unless the owner unlocks it. */
    locked: boolean;
    /** The feed's new address, announced with itunes:new-feed-url; null while the show stays here. */
    newFeedUrl: string | null;
    /** Whether /podcast.xml answers 301 to `newFeedUrl`: the owner confirmed the move. */
    redirect: boolean;
  };
  audienceMail: {
    /** Whether a new episode is mailed to subscribers and members when it becomes public. */
    newEpisodes: boolean;
    /** Whether a new insight is mailed to subscribers and members when it becomes public. */
    newInsights: boolean;
  };
  /** The owner's postal address, at the foot of every audience mail when set; empty for none. */
  postalAddress: string;
  /** Whether a new launch-list address must confirm by a mailed link before it gets audience mail (double opt-in). */
  launchListDoubleOptIn: boolean;
  /**
   * The mail an applicant gets when the owner accepts, schedules or declines their guest application: each kind on or
   * off, and its text, where `{name}` stands for the applicant's name and `{show}` for the show's.
   */
  applicantMail: Record<ApplicantMailKind, { send: boolean; text: string }>;
};

/** The application statuses an applicant is told of: accepted, scheduled, declined. */
export const APPLICANT_MAIL_KINDS = ["approved", "scheduled", "rejected"] as const;
export type ApplicantMailKind = (typeof APPLICANT_MAIL_KINDS)[number];

/**
 * The show's artwork: the JPEG or PNG is what the feed, podcast directories and structured data take; pages show the
 * WebP copies, at the sizes they draw it.
 */
export type ShowArtwork = { url: string; width: number; height: number; onPage: { src: string; srcSet: string } };

/** The settings as pages receive them: what the owner edits and the artwork in use. */
export type SiteIdentity = SiteSettings & { artwork: ShowArtwork };

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

export const defaultSiteSettings: SiteSettings = {
  showName: "The Disruption Confessional",
  hostName: "Alex Morgan",
  hostBio: [
    "Alex Morgan has spent twenty years inside start-ups and the companies they set out to disrupt: as a founder, an operator and, more than once, the person who had to explain what went wrong.",
    "The Disruption Confessional grew out of the conversations that happen after the conference talk is over, when founders and leaders say what really happened. Each week Alex sits down with one of them for an unfiltered account of a turning point: the pivot, the failure, the risky bet that paid off.",
  ],
  tagline: "Where disruption gets personal. Real stories of innovation through unfiltered conversations.",
  linksTagline: "The Future Isn't Predicted. It's Confessed.",
  description:
    "A business and technology podcast about innovation and disruption: real stories from founders and leaders, told without the polish.",
  launchNote: "Streaming Fall 2025",
  social: [
    { platform: "twitter", label: "X (Twitter)", url: "https://x.com/disruptionconfessional" },
    { platform: "youtube", label: "YouTube", url: "https://www.youtube.com/@disruptionconfessional" },
    { platform: "linkedin", label: "LinkedIn", url: "https://www.linkedin.com/company/disruptionconfessional" },
    { platform: "instagram", label: "Instagram", url: "https://www.instagram.com/disruptionconfessional" },
    { platform: "bluesky", label: "Bluesky", url: "https://bsky.app/profile/disruptionconfessional.bsky.social" },
    { platform: "tiktok", label: "TikTok", url: "https://www.tiktok.com/@disruptionconfessional" },
    { platform: "facebook", label: "Facebook", url: "https://www.facebook.com/disruptionconfessional" },
  ],
  listenOn: [
    listenPlatforms.applePodcasts,
    listenPlatforms.spotify,
    listenPlatforms.youtubeMusic,
    listenPlatforms.amazonMusic,
    listenPlatforms.youtube,
  ],
  linksPageListenOn: [
    listenPlatforms.applePodcasts,
    listenPlatforms.spotify,
    listenPlatforms.youtubePlaylist,
    listenPlatforms.amazonMusic,
    listenPlatforms.iheartRadio,
  ],
  // A fresh clone has no newsletter publication: its frames show the site's own subscribe form until the owner (or
  // NEWSLETTER_URL) sets one.
  newsletter: { name: "The Briefing", url: null },
  schedule: { frequency: "Weekly", usualDay: "Thursday", typicalMinutes: 45, contentRating: "clean" },
  businessHours: { firstDay: "Monday", lastDay: "Friday", opens: "09:00", closes: "17:00" },
  podcastFeed: {
    language: "en",
    category: { name: "Business", subcategory: "Entrepreneurship" },
    explicit: false,
    type: "episodic",
    owner: { name: "Alex Morgan", email: "podcast@disruptionconfessional.example" },
    copyright: "© 2025 The Disruption Confessional",
  },
  membership: { paymentGraceDays: 7 },
  activityLog: { retentionDays: 365 },
  feedHome: { locked: true, newFeedUrl: null, redirect: false },
  audienceMail: { newEpisodes: true, newInsights: true },
  postalAddress: "",
  launchListDoubleOptIn: false,
  applicantMail: {
    approved: {
      send: true,
      text: "Hello {name},\n\nThank you for applying to be a guest on {show}. We would love to have you on the show and will be in touch soon to find a date for the recording.",
    },
    scheduled: {
      send: true,
      text: "Hello {name},\n\nYour recording for {show} is scheduled. We will send you the date, the time and how to join shortly before.",
    },
    rejected: {
      send: true,
      text: "Hello {name},\n\nThank you for applying to be a guest on {show}. We are not able to invite you this time, and we wish you all the best.",
    },
  },
};

/** The bundled artwork, in use until the owner uploads the show's own. */
export const defaultArtwork: ShowArtwork = {
  url: "/images/podcast-artwork.jpg",
  width: 1400,
  height: 1400,
  onPage: {
    src: "/images/podcast-artwork-384.webp",
    srcSet: "/images/podcast-artwork-384.webp 384w, /images/podcast-artwork-768.webp 768w",
  },
};

/** What stays fixed in code: the feed's address and permanent identity, the default social preview. */
export const siteConfig = {
  /**
   * The links page's local episode list; its first entry is the LATEST EPISODE button, which opens the show's page on
   * the streaming service. Newest first.
   */
  episodes: [
    { title: "Episode 2: Automating Ourselves Out of a Job" },
    { title: "Episode 1: The Pivot That Almost Sank Us" },
    { title: "Trailer: Welcome to The Disruption Confessional" },
  ],
  podcastFeed: {
    /**
     * The show's permanent Podcasting 2.0 identity: the UUID v5 of the first public feed URL (here the placeholder
     * www.disruptionconfessional.example/podcast.xml). Compute it once for the real address and keep it when the
     * feed moves; it is not a setting, because changing it would make directories see a new show.
     */
    guidFeedUrl: "www.disruptionconfessional.example/podcast.xml",
    guid: "742c99e1-d2b3-5ec0-a6b4-19527d7e0bb2",
  },
  socialPreviewImage: {
    url: "/images/social-preview.jpg",
    width: 1200,
    height: 630,
    alt: "The Disruption Confessional: where disruption gets personal",
  },
  /** The podcast's RSS feed, linked from every page's head. */
  feedPath: "/podcast.xml",
} as const;

/** The newsletter platform serves its sign-up frame at /embed and past issues at /archive. */
export function newsletterLinks(publicationUrl: string) {
  const base = publicationUrl.replace(/\/+$/, "");
  return { embedUrl: `${base}/embed`, archiveUrl: `${base}/archive` };
}
