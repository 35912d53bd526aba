import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").unique(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    profileImageUrl: text("profile_image_url"),
    membershipTier: text("membership_tier").notNull().default("free"),
    /** Set at every sign-in; shown to the owner on the Members screen. */
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    /** The member's Stripe customer, created at their first Checkout; null without Stripe. */
    stripeCustomerId: text("stripe_customer_id").unique(),
    stripeSubscriptionId: text("stripe_subscription_id"),
    /** The Stripe subscription's status as last reported (active, past_due, canceled, …); null without a subscription. */
    subscriptionStatus: text("subscription_status"),
    /** The end of the period paid for; a cancelled subscription keeps its tier until then. */
    subscriptionCurrentPeriodEnd: timestamp("subscription_current_period_end", { withTimezone: true }),
    subscriptionCancelAtPeriodEnd: boolean("subscription_cancel_at_period_end").notNull().default(false),
    /** When a renewal payment first failed; the tier falls back to free once the owner's grace period has passed. */
    paymentFailedAt: timestamp("payment_failed_at", { withTimezone: true }),
    /** A tier the owner gave by hand (a complimentary membership), which no Stripe event changes. */
    complimentary: boolean("complimentary").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("users_membership_tier_check", sql`${t.membershipTier} in ('free', 'basic', 'premium')`)],
);

/** Stripe events already applied: Stripe delivers at least once, and a replay must change nothing. */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable(
  "sessions",
  {
    sid: varchar("sid").primaryKey(),
    sess: jsonb("sess").notNull(),
    expire: timestamp("expire", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_expire_idx").on(t.expire)],
);

export const subscribers = pgTable(
  "subscribers",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    source: text("source"),
    createdAt: createdAt(),
    active: boolean("active").notNull().default(true),
    archived: boolean("archived").notNull().default(false),
    /**
     * The SHA-256 of the link that confirms a launch-list address when the owner asks for double opt-in; while it is
     * set, the address gets no audience mail. Null for a confirmed address and whenever double opt-in is off.
     */
    confirmationTokenHash: text("confirmation_token_hash"),
  },
  (t) => [
    uniqueIndex("subscribers_email_lower_unique").on(sql`lower(${t.email})`),
    // The owner's list pages newest (or oldest) first, and its export reads in that order.
    index("subscribers_created_at_id").on(t.createdAt, t.id),
  ],
);

export const contacts = pgTable(
  "contacts",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    createdAt: createdAt(),
    read: boolean("read").notNull().default(false),
    archived: boolean("archived").notNull().default(false),
  },
  (t) => [
    // The owner's inbox pages newest (or oldest) first.
    index("contacts_created_at_id").on(t.createdAt, t.id),
    // The owner's dashboard counts the unread messages: an index of only those costs what it counts.
    index("contacts_unread").on(t.createdAt).where(sql`not ${t.read} and not ${t.archived}`),
  ],
);

export const contentSeries = pgTable(
  "content_series",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    imageUrl: text("image_url"),
    slug: text("slug").notNull().unique(),
    status: text("status").notNull().default("planning"),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("content_series_status_check", sql`${t.status} in ('planning', 'active', 'completed')`)],
);

export const contentEpisodes = pgTable(
  "content_episodes",
  {
    id: serial("id").primaryKey(),
    seriesId: integer("series_id")
      .notNull()
      .references(() => contentSeries.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    longDescription: text("long_description"),
    episodeNumber: integer("episode_number").notNull(),
    seasonNumber: integer("season_number").notNull().default(1),
    scheduledDate: timestamp("scheduled_date", { withTimezone: true }),
    recordingDate: timestamp("recording_date", { withTimezone: true }),
    publishDate: timestamp("publish_date", { withTimezone: true }),
    status: text("status").notNull().default("planning"),
    guestName: text("guest_name"),
    audioUrl: text("audio_url"),
    videoUrl: text("video_url"),
    imageUrl: text("image_url"),
    notes: text("notes"),
    keyTakeaways: jsonb("key_takeaways").$type<string[]>().notNull().default([]),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    /** The podcast episode this calendar entry plans; its status shows Published once that episode is public. */
    podcastEpisodeId: integer("podcast_episode_id").references(() => podcastEpisodes.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("content_episodes_series_idx").on(t.seriesId),
    uniqueIndex("content_episodes_podcast_episode").on(t.podcastEpisodeId),
    check(
      "content_episodes_status_check",
      sql`${t.status} in ('planning', 'scheduled', 'recorded', 'editing', 'published')`,
    ),
  ],
);

export const guestApplications = pgTable(
  "guest_applications",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company"),
    jobTitle: text("job_title"),
    expertise: text("expertise").notNull(),
    topicIdea: text("topic_idea").notNull(),
    biography: text("biography").notNull(),
    socialLinks: jsonb("social_links").$type<Record<string, string>>().notNull().default({}),
    pastAppearances: text("past_appearances"),
    notes: text("notes"),
    status: text("status").notNull().default("submitted"),
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewDate: timestamp("review_date", { withTimezone: true }),
    archived: boolean("archived").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "guest_applications_status_check",
      sql`${t.status} in ('submitted', 'reviewing', 'approved', 'scheduled', 'rejected')`,
    ),
    // The applications lists page newest (or oldest) first.
    index("guest_applications_created_at_id").on(t.createdAt, t.id),
    // The owner's dashboard counts the applications waiting for a decision.
    index("guest_applications_pending")
      .on(t.createdAt)
      .where(sql`${t.status} in ('submitted', 'reviewing') and not ${t.archived}`),
  ],
);

export type InsightSource = { url: string; title: string };

/** The articles shown under /insights; `content` is the body rendered from Markdown and allow-list-sanitised. */
export const insightPosts = pgTable(
  "insight_posts",
  {
    id: text("id").primaryKey(),
    /** The article's address, `/insights/{slug}`; fixed once the post has first been published. */
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull(),
    /** draft, scheduled (publishedAt in the future), published, unpublished. */
    status: text("status").notNull().default("draft"),
    /** The owner's "skip the mail": when it becomes public, nobody is mailed about it. */
    skipMail: boolean("skip_mail").notNull().default(false),
    /** When the post is (or was) public; null for a draft never dated. */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** When the post first became public (or will, when scheduled); from then on its slug is fixed. */
    firstPublishedAt: timestamp("first_published_at", { withTimezone: true }),
    /** Raised by every save, so that a save made from an outdated form is refused instead of overwriting. */
    version: integer("version").notNull().default(1),
    /** A picture by address (the sample posts' files under public/); an uploaded cover takes its place. */
    imageUrl: text("image_url"),
    /** The uploaded cover's media key (app/lib/media) and its WebP renditions. */
    coverKey: text("cover_key"),
    coverRenditions: jsonb("cover_renditions").$type<StoredImageRendition[]>().notNull().default([]),
    coverAlt: text("cover_alt").notNull().default(""),
    category: text("category").notNull(),
    authorName: text("author_name").notNull(),
    authorAvatarUrl: text("author_avatar_url"),
    bodyMarkdown: text("body_markdown").notNull().default(""),
    content: text("content").notNull().default(""),
    sourceUrl: text("source_url"),
    sourceTitle: text("source_title"),
    allSources: jsonb("all_sources").$type<InsightSource[]>().notNull().default([]),
    seoDescription: text("seo_description").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("insight_posts_status_check", sql`${t.status} in ('draft', 'scheduled', 'published', 'unpublished')`),
    // The public list: public posts, newest first, a page at a time.
    index("insight_posts_published_at_id").on(t.publishedAt, t.id),
  ],
);

/** Slugs a post had before its last rename: `/insights/{old slug}` answers 301 to the current page. */
export const insightSlugRedirects = pgTable("insight_slug_redirects", {
  slug: text("slug").primaryKey(),
  postId: text("post_id")
    .notNull()
    .references(() => insightPosts.id, { onDelete: "cascade" }),
});

export type EpisodeChapter = { startSeconds: number; title: string; url?: string };
export type StoredImageRendition = { key: string; width: number; height: number };

export const podcastEpisodes = pgTable(
  "podcast_episodes",
  {
    id: serial("id").primaryKey(),
    guid: text("guid").notNull().unique(),
    /** The episode page's address, `/podcast/{slug}`; fixed once the episode has first been published. */
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    /** The summary: plain text of at most 4,000 characters, the feed's description. */
    description: text("description").notNull(),
    showNotesMarkdown: text("show_notes_markdown").notNull().default(""),
    /** The show notes rendered from Markdown and allow-list-sanitised when saved. */
    showNotesHtml: text("show_notes_html").notNull().default(""),
    /** draft, scheduled (publishDate in the future), published, unpublished. */
    status: text("status").notNull().default("draft"),
    /** The owner's "skip the mail": when it becomes public, nobody is mailed about it. */
    skipMail: boolean("skip_mail").notNull().default(false),
    /** When the episode first became public (or will, when scheduled); from then on its slug is fixed. */
    firstPublishedAt: timestamp("first_published_at", { withTimezone: true }),
    /** Raised by every save, so that a save made from an outdated form is refused instead of overwriting. */
    version: integer("version").notNull().default(1),
    /** The audio's media key (app/lib/media); null until audio is uploaded. */
    audioKey: text("audio_key"),
    /** The audio file's size for the feed's enclosure; null when unknown (the feed then says 0, as RSS allows). */
    audioLengthBytes: bigint("audio_length_bytes", { mode: "number" }),
    audioMimeType: text("audio_mime_type").notNull().default("audio/mpeg"),
    /** When the episode is (or was) public; null for a draft never scheduled. */
    publishDate: timestamp("publish_date", { withTimezone: true }),
    seasonNumber: integer("season_number"),
    episodeNumber: integer("episode_number"),
    episodeType: text("episode_type").notNull().default("full"),
    explicit: boolean("explicit").notNull().default(false),
    durationSeconds: integer("duration_seconds"),
    /** The episode's own artwork (square JPEG or PNG) and its WebP renditions; null for the show's artwork. */
    artworkKey: text("artwork_key"),
    artworkRenditions: jsonb("artwork_renditions").$type<StoredImageRendition[]>().notNull().default([]),
    spotifyUrl: text("spotify_url"),
    youtubeUrl: text("youtube_url"),
    /** The transcript's media key (WebVTT or SRT). */
    transcriptKey: text("transcript_key"),
    transcriptMimeType: text("transcript_mime_type"),
    /** The chapters as edited in the owner's form, served as Podcasting 2.0 JSON chapters. */
    chapters: jsonb("chapters").$type<EpisodeChapter[]>().notNull().default([]),
    /** Premium episodes are listed and have a page, with a lock: their audio is for premium members, never in the feed. */
    premium: boolean("premium").notNull().default(false),
    /**
     * Whether the media keys were all made while the episode was premium, so that none was ever served to everyone.
     * A premium episode without it gets new keys (renewPremiumMediaKeys): public caches may hold its old addresses.
     */
    premiumMediaKeys: boolean("premium_media_keys").notNull().default(false),
    /**
     * Early access: Basic and Premium members may hear a scheduled episode from this time, before its publish date
     * (a premium episode stays for Premium members); null when the episode has no early access.
     */
    earlyAccessAt: timestamp("early_access_at", { withTimezone: true }),
    /** The episode's page at the host it was imported from (the feed item's `<link>`), kept for redirects later. */
    importedLink: text("imported_link"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("podcast_episodes_type_check", sql`${t.episodeType} in ('full', 'trailer', 'bonus')`),
    check("podcast_episodes_status_check", sql`${t.status} in ('draft', 'scheduled', 'published', 'unpublished')`),
    // The public list and the feed: published episodes, newest first.
    index("podcast_episodes_publish_date_id").on(t.publishDate, t.id),
  ],
);

/** An episode's guests in order: chosen from a guest application, or entered by hand. */
export const episodeGuests = pgTable(
  "episode_guests",
  {
    id: serial("id").primaryKey(),
    episodeId: integer("episode_id")
      .notNull()
      .references(() => podcastEpisodes.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    role: text("role"),
    link: text("link"),
    guestApplicationId: integer("guest_application_id").references(() => guestApplications.id, {
      onDelete: "set null",
    }),
  },
  (t) => [
    uniqueIndex("episode_guests_episode_position").on(t.episodeId, t.position),
    index("episode_guests_application").on(t.guestApplicationId),
  ],
);

/** Slugs an episode had before its last rename: `/podcast/{old slug}` answers 301 to the current page. */
export const episodeSlugRedirects = pgTable("episode_slug_redirects", {
  slug: text("slug").primaryKey(),
  episodeId: integer("episode_id")
    .notNull()
    .references(() => podcastEpisodes.id, { onDelete: "cascade" }),
});

/** Records one-time data steps (the sample-content seed) so that a restart never repeats them. */
export const seedRuns = pgTable("seed_runs", {
  name: text("name").primaryKey(),
  appliedAt: timestamp("applied_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use email sign-in links; only the SHA-256 of the token is stored. */
export const loginTokens = pgTable(
  "login_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    email: text("email").notNull(),
    returnTo: text("return_to"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("login_tokens_expires_idx").on(t.expiresAt)],
);

/** An OpenID Connect authorisation in progress: what the callback must check (state, nonce) and prove (PKCE). */
export const authRequests = pgTable("auth_requests", {
  state: text("state").primaryKey(),
  nonce: text("nonce").notNull(),
  codeVerifier: text("code_verifier").notNull(),
  returnTo: text("return_to"),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** Mail written when no SMTP server is configured, so that it can still be read (development, tests). */
export const mailOutbox = pgTable("mail_outbox", {
  id: serial("id").primaryKey(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  createdAt: createdAt(),
});

/** Fixed-window request counters shared by every server instance through the database. */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("rate_limit_hits_window_idx").on(t.windowStart)],
);

/**
 * Consecutive failed logins of an account (the owner's is "owner"), whatever address they came from, and until when
 * the next attempt must wait. An attempt counts before its password is checked, so that attempts sent together cannot
 * all pass the same check; a success sets the count back to 0.
 */
export const loginThrottles = pgTable("login_throttles", {
  account: text("account").primaryKey(),
  consecutiveFailures: integer("consecutive_failures").notNull().default(0),
  blockedUntil: timestamp("blocked_until", { withTimezone: true }).notNull(),
});

/**
 * Browsers the owner has logged in with (a long-lived cookie holds the token; only its SHA-256 is stored). Their
 * attempts skip the account's slowdown, so that someone guessing from elsewhere cannot keep the owner out; a browser
 * is forgotten after a few failures of its own.
 */
export const ownerLoginBrowsers = pgTable(
  "owner_login_browsers",
  {
    tokenHash: text("token_hash").primaryKey(),
    failures: integer("failures").notNull().default(0),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("owner_login_browsers_last_sign_in_idx").on(t.lastSignInAt)],
);

/** The owner's login attempts whose password was checked, shown to the owner; kept for a bounded time. */
export const ownerSignIns = pgTable(
  "owner_sign_ins",
  {
    id: serial("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    address: text("address").notNull(),
    userAgent: text("user_agent"),
    succeeded: boolean("succeeded").notNull(),
    /** The account the login named, as its email was then; null for an address of no account. */
    accountEmail: text("account_email"),
  },
  (t) => [index("owner_sign_ins_at_idx").on(t.at)],
);

/** Site-wide secrets set at run time, such as the key private feed addresses are derived from. */
export const appSecrets = pgTable("app_secrets", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: updatedAt(),
});

/**
 * A paying member's private feed address. Its token is derived from `tokenNonce` with the site's feed key (in
 * app_secrets), so the profile can show it again; requests are matched by the token's SHA-256. A new nonce replaces
 * the address at once.
 */
export const memberFeeds = pgTable("member_feeds", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  tokenNonce: text("token_nonce").notNull(),
  tokenHash: text("token_hash").notNull().unique(),
  createdAt: createdAt(),
});

/**
 * The distinct addresses a private feed was fetched from, per UTC day, each as a keyed hash (never the address): many
 * in one day flag the feed as shared on the owner's Members screen.
 */
export const memberFeedFetches = pgTable(
  "member_feed_fetches",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    addressHash: text("address_hash").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day, t.addressHash] })],
);

/**
 * The show's identity as the owner set it on the Settings screen: one row (id 1), absent on a fresh clone, where the
 * defaults of app/lib/site-config.ts apply. `settings` holds the owner's values, validated on write by the settings
 * schema; a key it lacks takes its default. `artwork` names the uploaded artwork and its WebP renditions (null: the
 * bundled artwork). `version` rises with every save so that a stale form is told the settings changed.
 */
export const siteSettings = pgTable(
  "site_settings",
  {
    id: integer("id").primaryKey().default(1),
    settings: jsonb("settings").notNull().default({}),
    artwork: jsonb("artwork").$type<{
      key: string;
      width: number;
      height: number;
      renditions: { key: string; width: number; height: number }[];
    }>(),
    version: integer("version").notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [check("site_settings_single_row", sql`${t.id} = 1`)],
);

/**
 * The host's stories on the About page, in `position` order. `id` is the `?video=` link's number, so it never changes.
 * A sample story plays its built-in files under /attached_assets until the owner uploads a video or a poster; an
 * uploaded video drops the built-in captions, which belonged to the old one.
 */
export const hostStories = pgTable(
  "host_stories",
  {
    id: serial("id").primaryKey(),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    /** The card's short line (plain text). */
    excerpt: text("excerpt").notNull(),
    /** Plain text; paragraphs are separated by a blank line, and React escapes every one of them. */
    fullStory: text("full_story").notNull(),
    /** The uploaded video's media key (MP4 or WebM), or null for the built-in one (or none). */
    videoKey: text("video_key"),
    posterKey: text("poster_key"),
    posterRenditions: jsonb("poster_renditions").$type<StoredImageRendition[]>().notNull().default([]),
    builtInVideoPath: text("built_in_video_path"),
    builtInPosterPath: text("built_in_poster_path"),
    builtInCaptionsPath: text("built_in_captions_path"),
    /** Raised by every save of the fields, so that a save from an outdated form is refused. */
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("host_stories_position").on(t.position, t.id)],
);

/**
 * Live sessions for members. `startsAt` is the instant; `timeZone` (IANA) is the zone the owner set it in, which the
 * members' page shows it in. `tier` is the least membership that sees the event.
 */
export const memberEvents = pgTable(
  "member_events",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    /** Plain text; React escapes it. */
    description: text("description").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    timeZone: text("time_zone").notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    /** An http(s) URL, or null while the link is still to be sent by email. */
    joinUrl: text("join_url"),
    tier: text("tier").notNull().default("premium"),
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("member_events_tier_check", sql`${t.tier} in ('free', 'basic', 'premium')`),
    index("member_events_starts_at").on(t.startsAt),
  ],
);

/**
 * Members' downloads. The file is an upload (`fileKey`, a PDF or ZIP checked by content) or, for the samples, one of
 * the built-in files in app/features/premium/files (`builtInFile`). `tier` is the least membership that may download.
 */
export const memberResources = pgTable(
  "member_resources",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    /** Plain text; React escapes it. */
    description: text("description").notNull(),
    fileKey: text("file_key"),
    fileSize: bigint("file_size", { mode: "number" }),
    builtInFile: text("built_in_file"),
    tier: text("tier").notNull().default("premium"),
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("member_resources_tier_check", sql`${t.tier} in ('free', 'basic', 'premium')`)],
);

/**
 * The admin area's activity log: every change made there, who made it (the staff account and its email at the time;
 * no foreign key, so that an entry outlives the account), what (`kind`, such as `episode.published`), which record
 * (its title at the time) and from which address. Kept for the retention the settings name, then pruned.
 */
export const activityLog = pgTable(
  "activity_log",
  {
    id: serial("id").primaryKey(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
    actorStaffId: integer("actor_staff_id"),
    actorEmail: text("actor_email"),
    kind: text("kind").notNull(),
    subjectType: text("subject_type"),
    subjectId: text("subject_id"),
    subjectTitle: text("subject_title"),
    /** What changed, in a few words: a member's new tier, the settings groups saved. */
    detail: text("detail"),
    clientAddress: text("client_address"),
  },
  (t) => [
    // Newest first, and pruning by age.
    index("activity_log_occurred_at_id").on(t.occurredAt, t.id),
    index("activity_log_actor_email").on(t.actorEmail, t.occurredAt, t.id),
    index("activity_log_kind").on(t.kind, t.occurredAt, t.id),
  ],
);

/**
 * People who work in the admin area (decision 055), each with a role: owner, editor or support. The first owner is made
 * at start-up from OWNER_EMAIL (or owner@localhost) and ADMIN_PASSWORD or a printed password; the others are invited
 * and have no password until they accept. Emails are stored lower-cased.
 */
export const staffAccounts = pgTable(
  "staff_accounts",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull().unique(),
    role: text("role").notNull(),
    /** scrypt (as hashPassword writes it); null until the invitation is accepted. */
    passwordHash: text("password_hash"),
    status: text("status").notNull().default("active"),
    /** Base32 TOTP secret (RFC 6238); set when two-factor set-up begins, in force once `totpEnabledAt` is set. */
    totpSecret: text("totp_secret"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    /** The last 30-second step a code was accepted for: a code is good once. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    /** SHA-256 hashes of the unused recovery codes. */
    recoveryCodeHashes: jsonb("recovery_code_hashes").$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("staff_accounts_role_check", sql`${t.role} in ('owner', 'editor', 'support')`),
    check("staff_accounts_status_check", sql`${t.status} in ('active', 'suspended')`),
  ],
);

/** Single-use invitation links (valid 7 days); only the SHA-256 of the token is stored. */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    tokenHash: text("token_hash").primaryKey(),
    staffId: integer("staff_id")
      .notNull()
      .references(() => staffAccounts.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("staff_invitations_staff_idx").on(t.staffId)],
);

/** The owner's replies to a contact message, kept with it; each was mailed to the sender when it was written. */
export const contactReplies = pgTable(
  "contact_replies",
  {
    id: serial("id").primaryKey(),
    contactId: integer("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    message: text("message").notNull(),
    /** The staff account's email at the time. */
    sentBy: text("sent_by").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("contact_replies_contact").on(t.contactId, t.createdAt)],
);

/**
 * One mail to the audience (a new episode's or insight's announcement): its subject and body, made once. `itemKey`
 * names what it announces ("episode:12", "insight:abc"), unique, so that two instances or a retried sweep cannot
 * announce the same item twice.
 */
export const audienceMails = pgTable(
  "audience_mails",
  {
    id: serial("id").primaryKey(),
    itemKey: text("item_key").notNull().unique(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    /** An announcement's body as HTML (its Markdown rendered and sanitised); null for a new item's text-only mail. */
    html: text("html"),
    /** `item` (a new episode or insight, mailed by the sweep) or `announcement` (written by the owner). */
    kind: text("kind").notNull().default("item"),
    /** An announcement's recipients: `launch`, `subscribers`, `members` or `tier` (with `tier`). */
    audience: text("audience"),
    tier: text("tier"),
    /** When an announcement is due; its recipients are added once, when it comes (`queuedAt`). */
    sendAt: timestamp("send_at", { withTimezone: true }),
    queuedAt: timestamp("queued_at", { withTimezone: true }),
    /** A sent announcement readable at /briefing/{id} when the owner ticked "Publish on the site". */
    publish: boolean("publish").notNull().default(false),
    createdBy: text("created_by"),
    createdAt: createdAt(),
  },
  (t) => [
    check("audience_mails_kind_check", sql`${t.kind} in ('item', 'announcement')`),
    index("audience_mails_due").on(t.kind, t.queuedAt, t.sendAt),
  ],
);

/**
 * The send queue: one row per (mail, recipient). A worker claims rows (status `sending`, a claim token and a lease)
 * before the SMTP exchange and marks them `sent` after it; a `sending` row whose lease has run out belonged to a
 * process that died, and is claimed again. See docs/mail.md and decision 056.
 */
export const mailDeliveries = pgTable(
  "mail_deliveries",
  {
    id: serial("id").primaryKey(),
    mailId: integer("mail_id")
      .notNull()
      .references(() => audienceMails.id, { onDelete: "cascade" }),
    /** Lower case. */
    email: text("email").notNull(),
    /** The list the recipient is on for this mail, named in its unsubscribe token. */
    list: text("list").notNull().default("audience"),
    status: text("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    claimToken: text("claim_token"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("mail_deliveries_status_check", sql`${t.status} in ('queued', 'sending', 'sent', 'failed', 'suppressed')`),
    uniqueIndex("mail_deliveries_mail_email_unique").on(t.mailId, t.email),
    // The worker's claim: due queued rows, and sending rows whose lease ran out.
    index("mail_deliveries_due").on(t.status, t.nextAttemptAt),
  ],
);

/**
 * Addresses never mailed again until the owner lifts them; lower case. `kind`: `bounce` (a permanent SMTP failure or
 * a bounce the mail provider reported to `POST /api/mail/events`) or `complaint` (the reader marked a mail as spam).
 */
export const mailSuppressions = pgTable(
  "mail_suppressions",
  {
    email: text("email").primaryKey(),
    kind: text("kind").notNull().default("bounce"),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (t) => [check("mail_suppressions_kind_check", sql`${t.kind} in ('bounce', 'complaint')`)],
);

/** Addresses that left a list with the one-click unsubscribe; lower case. */
export const mailUnsubscribes = pgTable(
  "mail_unsubscribes",
  {
    email: text("email").notNull(),
    list: text("list").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.email, t.list] })],
);

/**
 * One import of a show from its feed: the address, and the show's details as the feed gave them (`show`), which the
 * owner may keep in Settings. Its episodes are `feed_import_episodes`; its progress is counted from them.
 */
export const feedImports = pgTable("feed_imports", {
  id: serial("id").primaryKey(),
  feedUrl: text("feed_url").notNull(),
  show: jsonb("show").notNull(),
  /** How many of the feed's items were on the site already (by GUID) and were left alone. */
  alreadyHere: integer("already_here").notNull().default(0),
  /** When the owner kept some of the show's details, or chose to keep none. */
  showSettledAt: timestamp("show_settled_at", { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * One episode to import, queued with the import. A worker claims it (status `importing`, a claim token and a lease),
 * downloads its files, and creates the episode and marks the row `imported` in one transaction; a row whose lease ran
 * out belonged to a process that died, and is claimed again (see decision 059).
 */
export const feedImportEpisodes = pgTable(
  "feed_import_episodes",
  {
    id: serial("id").primaryKey(),
    importId: integer("import_id")
      .notNull()
      .references(() => feedImports.id, { onDelete: "cascade" }),
    guid: text("guid").notNull(),
    title: text("title").notNull(),
    /** The item as read from the feed (addresses, dates, texts), validated when the import was made. */
    item: jsonb("item").notNull(),
    status: text("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    claimToken: text("claim_token"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    /** Why the episode failed, or what of it could not be kept (an imported episode without its transcript). */
    problem: text("problem"),
    episodeId: integer("episode_id").references(() => podcastEpisodes.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("feed_import_episodes_status_check", sql`${t.status} in ('queued', 'importing', 'imported', 'failed')`),
    uniqueIndex("feed_import_episodes_import_guid").on(t.importId, t.guid),
    index("feed_import_episodes_due").on(t.status, t.leaseUntil),
  ],
);

/**
 * The day's key that listener hashes are made with (docs/analytics.md): a random secret per UTC day, deleted once no
 * request it hashed can still be within a rolling 24 hours of a new one, so a stored hash can no longer be linked to an
 * address.
 */
export const analyticsKeys = pgTable("analytics_keys", {
  day: date("day", { mode: "string" }).primaryKey(),
  secret: text("secret").notNull(),
});

/**
 * One request for an episode's audio by a player, bots left out: who asked (the listener hash of the day's key over the
 * address and user agent), when, which bytes, and how the daily row names the listener (app, platform, device, access,
 * country). Written in batches beside the responses; a counting pass examines it later (docs/analytics.md).
 * `downloadAt`: the time of the download this request completed or took part in; a request with none has not (yet)
 * made one. Kept for ANALYTICS_RAW_DAYS.
 */
export const audioRequests = pgTable(
  "audio_requests",
  {
    id: serial("id").primaryKey(),
    episodeId: integer("episode_id")
      .notNull()
      .references(() => podcastEpisodes.id, { onDelete: "cascade" }),
    listener: text("listener").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    firstByte: bigint("first_byte", { mode: "number" }).notNull(),
    lastByte: bigint("last_byte", { mode: "number" }).notNull(),
    downloadAt: timestamp("download_at", { withTimezone: true }),
    /** The same listener hashed with the previous UTC day's key: a request of the day before is stored under it. */
    earlierDayListener: text("earlier_day_listener").notNull(),
    /** The size of the file the bytes were served from. */
    size: bigint("size", { mode: "number" }).notNull(),
    app: text("app").notNull(),
    platform: text("platform").notNull(),
    device: text("device").notNull(),
    access: text("access").notNull(),
    country: text("country").notNull(),
    /** When a counting pass examined the request; null while it waits for one. */
    examinedAt: timestamp("examined_at", { withTimezone: true }),
  },
  (t) => [
    index("audio_requests_listener_episode_download").on(t.listener, t.episodeId, t.downloadAt),
    index("audio_requests_at").on(t.at),
    index("audio_requests_waiting").on(t.id).where(sql`${t.examinedAt} is null`),
  ],
);

/**
 * Downloads per UTC day, episode and the listener's app, platform, device, access (`public` or `premium`) and country
 * ('' when unknown), kept for ever.
 */
export const downloadDays = pgTable(
  "download_days",
  {
    day: date("day", { mode: "string" }).notNull(),
    episodeId: integer("episode_id")
      .notNull()
      .references(() => podcastEpisodes.id, { onDelete: "cascade" }),
    app: text("app").notNull(),
    platform: text("platform").notNull(),
    device: text("device").notNull(),
    access: text("access").notNull(),
    country: text("country").notNull(),
    downloads: integer("downloads").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.episodeId, t.app, t.platform, t.device, t.access, t.country] }),
    index("download_days_episode").on(t.episodeId, t.day),
    check("download_days_access_check", sql`${t.access} in ('public', 'premium')`),
  ],
);

/**
 * The daily rows added up per episode and day, with the episode's downloads of that day and every day before
 * (`through`): an episode's days, its downloads between two days (two rows' `through`) and its first days from its
 * publish day, without reading every app, device and place of each day, nor every day of a long history. Kept equal
 * to the sums of `download_days` by `addToDailyRows`, and by a trigger when daily rows are deleted (their episode is).
 */
export const downloadEpisodeDays = pgTable(
  "download_episode_days",
  {
    episodeId: integer("episode_id")
      .notNull()
      .references(() => podcastEpisodes.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    downloads: integer("downloads").notNull(),
    through: bigint("through", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.episodeId, t.day] })],
);

/**
 * The daily rows added up per day and one of the listener's app, platform, device or country, over every episode: the
 * show's downloads per day (the app rows of a day: each download has one app) and each breakdown over a range.
 */
export const downloadBreakdownDays = pgTable(
  "download_breakdown_days",
  {
    dimension: text("dimension").notNull(),
    value: text("value").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    downloads: integer("downloads").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.dimension, t.day, t.value] }),
    check("download_breakdown_days_dimension_check", sql`${t.dimension} in ('app', 'platform', 'device', 'country')`),
  ],
);

/**
 * The latest subscriber count a feed reader reported in its user agent ("… 42 subscribers"), one row per reader: the
 * sum is the estimate of feed subscribers.
 */
export const feedSubscriberReports = pgTable("feed_subscriber_reports", {
  reader: text("reader").primaryKey(),
  subscribers: integer("subscribers").notNull(),
  reportedAt: timestamp("reported_at", { withTimezone: true }).notNull(),
});
