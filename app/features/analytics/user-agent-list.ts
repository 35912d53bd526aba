/**
 * The players, libraries, browsers and devices the download count names, and the agents it drops, written for this
 * site in the shape of the OPAWG user-agents-v2 runtime files (`{ name, pattern }`, tried in order, first match wins),
 * so that a copy of that fuller list can stand in for it (docs/analytics.md). Crawlers this list does not name are
 * left to `isbot`.
 */
export type UserAgentEntry = { name: string; pattern: string };
export type UserAgentLists = Record<"bots" | "apps" | "libraries" | "browsers" | "devices", UserAgentEntry[]>;

export const BUILT_IN_USER_AGENTS: UserAgentLists = {
  bots: [
    { name: "Feed checker", pattern: "(FeedValidator|Feedly|Feedbin|NewsBlur|Inoreader|podcastindex\\.org)" },
    { name: "Link preview", pattern: "(Slackbot|Twitterbot|facebookexternalhit|Discordbot|WhatsApp|TelegramBot)" },
    { name: "Uptime monitor", pattern: "(UptimeRobot|Pingdom|StatusCake|Site24x7)" },
  ],
  apps: [
    { name: "Apple Podcasts", pattern: "^(Podcasts|Balados|Podcasti|Podcast)/[\\d.]+ CFNetwork" },
    { name: "Apple Podcasts", pattern: "^AppleCoreMedia/.*\\b(iPhone|iPad|Macintosh|Watch)" },
    { name: "Spotify", pattern: "^Spotify/" },
    { name: "Overcast", pattern: "^Overcast/" },
    { name: "Pocket Casts", pattern: "^Pocket ?Casts" },
    { name: "Castro", pattern: "^Castro " },
    { name: "Castbox", pattern: "^CastBox" },
    { name: "Podcast Addict", pattern: "^Podcast ?Addict" },
    { name: "AntennaPod", pattern: "^AntennaPod/" },
    { name: "Podcast Guru", pattern: "^PodcastGuru" },
    { name: "Player FM", pattern: "^Player ?FM" },
    { name: "Podbean", pattern: "^Podbean/" },
    { name: "Podverse", pattern: "^Podverse/" },
    { name: "Fountain", pattern: "^Fountain/" },
    { name: "Goodpods", pattern: "^Goodpods" },
    { name: "iHeartRadio", pattern: "^iHeartRadio/" },
    { name: "Deezer", pattern: "^Deezer/" },
    { name: "Amazon Music", pattern: "(^AmazonMusic|Amazon Music)" },
    { name: "Alexa", pattern: "(^Echo/|AlexaMediaPlayer|^Alexa)" },
    { name: "YouTube Music", pattern: "com\\.google\\.android\\.apps\\.youtube\\.music" },
    { name: "Google Podcasts", pattern: "^GooglePodcasts/|com\\.google\\.android\\.apps\\.podcasts" },
    { name: "Audible", pattern: "^Audible" },
    { name: "Stitcher", pattern: "^Stitcher/" },
    { name: "Downcast", pattern: "^Downcast/" },
    { name: "gPodder", pattern: "^gPodder/" },
  ],
  libraries: [
    { name: "Android media player", pattern: "^(stagefright|Dalvik|ExoPlayer|AndroidDownloadManager)" },
    { name: "Apple media player", pattern: "^AppleCoreMedia/" },
    { name: "VLC", pattern: "^(VLC|LibVLC)/" },
    { name: "Windows media player", pattern: "(Windows-Media-Player|NSPlayer)" },
    { name: "Lavf", pattern: "^Lavf/" },
  ],
  browsers: [
    { name: "Edge", pattern: "Edg(e|A|iOS)?/" },
    { name: "Opera", pattern: "(OPR|Opera)/" },
    { name: "Samsung Internet", pattern: "SamsungBrowser/" },
    { name: "Chrome", pattern: "(Chrome|CriOS)/" },
    { name: "Firefox", pattern: "(Firefox|FxiOS)/" },
    { name: "Safari", pattern: "Safari/" },
  ],
  devices: [
    { name: "Apple Watch", pattern: "(Watch OS|watchOS|Apple ?Watch)" },
    { name: "Apple HomePod", pattern: "HomePod" },
    { name: "Apple TV", pattern: "(AppleTV|Apple TV|tvOS)" },
    { name: "Apple iPad", pattern: "iPad" },
    {
      name: "Apple iPhone",
      pattern: "(iPhone|\\biOS\\b|^(Podcasts|Balados|Podcasti|Podcast)/[\\d.]+ CFNetwork/[\\d.]+ Darwin/)",
    },
    { name: "Apple Computer", pattern: "(Macintosh|Mac OS X|macOS)" },
    { name: "Amazon Smart Speaker", pattern: "(^Echo/|AlexaMediaPlayer)" },
    { name: "Google Home", pattern: "(Google-?Home|CrKey)" },
    { name: "Google Chromebook", pattern: "CrOS" },
    { name: "Android Tablet", pattern: "Android(?!.*Mobile).*(Tablet|SM-T|Tab)" },
    { name: "Android Phone", pattern: "Android" },
    { name: "Windows Computer", pattern: "Windows" },
    { name: "Other Computer", pattern: "(Linux|X11|FreeBSD)" },
  ],
};
