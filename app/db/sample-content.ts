/** Sample content seeded into an empty database so that a fresh clone shows a living site. The owner replaces it. */

export const sampleInsightPosts = [
  {
    id: "ai-agents-small-business",
    slug: "ai-agents-small-business",
    status: "published",
    title: "What AI Agents Actually Change for Small Businesses",
    excerpt:
      "Beyond the hype cycle: where autonomous software agents already save owners hours each week, and where they still need a human hand.",
    publishedAt: new Date("2025-05-06T09:00:00Z"),
    firstPublishedAt: new Date("2025-05-06T09:00:00Z"),
    imageUrl: "/images/insights/ai-agents-small-business.webp",
    category: "Technology",
    authorName: "Alex Morgan",
    content: `<p><em>Sample article: replace it with your own.</em></p>
<p>Software that acts on its own is no longer a research demo. Owners of small firms now hand agents their inbox triage, invoice chasing and first-draft proposals.</p>
<h2>Where agents already pay off</h2>
<ul><li>Repetitive back-office work with clear rules.</li><li>Research summaries that a person checks before use.</li><li>Scheduling across several calendars.</li></ul>
<h2>Where people stay in charge</h2>
<p>Anything that commits money, speaks for the brand or touches a customer relationship still needs a human to review it.</p>`,
    sourceUrl: "https://www.example.com/research/ai-agents-smb",
    sourceTitle: "Example Research: AI Agents in Small Firms",
    allSources: [
      { url: "https://www.example.com/research/ai-agents-smb", title: "Example Research: AI Agents in Small Firms" },
      { url: "https://www.example.org/survey/automation-2025", title: "Automation Survey 2025" },
    ],
  },
  {
    id: "resilient-supply-chains",
    slug: "resilient-supply-chains",
    status: "published",
    title: "Building Supply Chains That Bend Instead of Break",
    excerpt:
      "Three founders describe the week their supplier disappeared, and the changes that kept their companies shipping.",
    publishedAt: new Date("2025-04-22T09:00:00Z"),
    firstPublishedAt: new Date("2025-04-22T09:00:00Z"),
    imageUrl: "/images/insights/resilient-supply-chains.webp",
    category: "Operations",
    authorName: "Jordan Lee",
    content: `<p><em>Sample article: replace it with your own.</em></p>
<p>Resilience is rarely bought in one purchase order. It is built from second sources, honest forecasts and relationships that survive a bad quarter.</p>
<h2>Lessons from the floor</h2>
<ol><li>Map every single point of failure before it fails.</li><li>Keep a qualified second supplier warm with small, regular orders.</li><li>Share forecasts early, even when they are uncertain.</li></ol>`,
    sourceUrl: "https://www.example.com/articles/supply-chain-resilience",
    sourceTitle: null,
    allSources: [{ url: "https://www.example.com/articles/supply-chain-resilience", title: "Supply Chain Resilience" }],
  },
  {
    id: "founder-burnout",
    slug: "founder-burnout",
    status: "published",
    title: "The Quiet Cost of Founder Burnout",
    excerpt:
      "Burnout rarely announces itself. Founders who have been there explain the early signs and what finally helped.",
    publishedAt: new Date("2025-04-08T09:00:00Z"),
    firstPublishedAt: new Date("2025-04-08T09:00:00Z"),
    imageUrl: "/images/insights/founder-burnout.webp",
    category: "Leadership",
    authorName: "Alex Morgan",
    content: "",
    sourceUrl: null,
    sourceTitle: null,
    allSources: [],
  },
];

export const samplePodcastEpisodes = [
  {
    guid: "c4d5a3d0-6a8e-4c41-9f0b-3c2a1e7b9d01",
    slug: "trailer-welcome-to-the-disruption-confessional",
    status: "published",
    title: "Trailer: Welcome to The Disruption Confessional",
    description:
      "A first listen: what this show is about, who you will hear from, and why the best lessons in innovation come from the moments nobody puts on a slide.",
    audioLengthBytes: 48501,
    publishDate: new Date("2025-09-04T09:00:00Z"),
    firstPublishedAt: new Date("2025-09-04T09:00:00Z"),
    episodeNumber: null,
    episodeType: "trailer",
    durationSeconds: 12,
  },
  {
    guid: "5e2f8b14-1d3c-4e6a-8b7f-2a9c0d4e6f12",
    slug: "episode-1-the-pivot-that-almost-sank-us",
    status: "published",
    title: "Episode 1: The Pivot That Almost Sank Us",
    description:
      "A founder tells the story of the pivot that nearly ended the company, and what it taught her about timing.",
    audioLengthBytes: 48501,
    publishDate: new Date("2025-09-11T09:00:00Z"),
    firstPublishedAt: new Date("2025-09-11T09:00:00Z"),
    seasonNumber: 1,
    episodeNumber: 1,
    episodeType: "full",
    durationSeconds: 12,
  },
  {
    guid: "9a7b6c5d-4e3f-4a2b-9c1d-0e8f7a6b5c23",
    slug: "episode-2-automating-ourselves-out-of-a-job",
    status: "published",
    title: "Episode 2: Automating Ourselves Out of a Job",
    description: "An operations leader on automating her own role, and the better job that came after it.",
    audioLengthBytes: 48501,
    publishDate: new Date("2025-09-18T09:00:00Z"),
    firstPublishedAt: new Date("2025-09-18T09:00:00Z"),
    seasonNumber: 1,
    episodeNumber: 2,
    episodeType: "full",
    durationSeconds: 12,
  },
  {
    guid: "e3b1f6a2-7c4d-4f8e-a5b9-1d2c3e4f5a67",
    slug: "founders-who-failed-forward-the-unedited-cut",
    status: "published",
    title: "Founders Who Failed Forward: The Unedited Cut",
    description: "The full conversation with three founders about the launches that went wrong, for premium members.",
    audioLengthBytes: 24418,
    publishDate: new Date("2025-09-25T09:00:00Z"),
    firstPublishedAt: new Date("2025-09-25T09:00:00Z"),
    seasonNumber: 1,
    episodeNumber: null,
    episodeType: "bonus",
    durationSeconds: 3300,
    premium: true,
  },
];

/**
 * The other two premium sample episodes (the spec's members' Premium Content lists three: 55, 47 and 63 minutes, from
 * 2025; the first is the premium one above). They came after the first sample content, so they are seeded under a
 * marker of their own and a database seeded before gets them too. Their audio is a short stand-in, so they keep the
 * duration given here rather than the file's.
 */
export const samplePremiumEpisodes = [
  {
    guid: "0b6f2c7e-3d9a-4e15-8c4b-7a1d2e3f4b58",
    slug: "inside-the-boardroom-ai-decisions-off-the-record",
    status: "published",
    title: "Inside the Boardroom: AI Decisions Off the Record",
    description: "Board members on how they really decide where automation goes first, and where it never will.",
    audioLengthBytes: 24418,
    publishDate: new Date("2025-08-28T09:00:00Z"),
    firstPublishedAt: new Date("2025-08-28T09:00:00Z"),
    episodeNumber: null,
    episodeType: "bonus",
    durationSeconds: 47 * 60,
    premium: true,
  },
  {
    guid: "6d1e9a4b-2c7f-4b83-9e5a-1f0c3d8b7a29",
    slug: "the-turnaround-playbook-live-q-and-a",
    status: "published",
    title: "The Turnaround Playbook: Live Q&A",
    description: "A recorded members-only session answering your questions about leading a company through a crisis.",
    audioLengthBytes: 24418,
    publishDate: new Date("2025-08-21T09:00:00Z"),
    firstPublishedAt: new Date("2025-08-21T09:00:00Z"),
    episodeNumber: null,
    episodeType: "bonus",
    durationSeconds: 63 * 60,
    premium: true,
  },
];

/** The sample episodes' guests, by episode guid, in order. */
export const sampleEpisodeGuests: Record<string, string[]> = {
  "5e2f8b14-1d3c-4e6a-8b7f-2a9c0d4e6f12": ["Sam Rivera"],
  "9a7b6c5d-4e3f-4a2b-9c1d-0e8f7a6b5c23": ["Priya Natarajan"],
};

/**
 * The files behind the sample episodes (paths from the project's root), stored through the media module at start-up
 * so that the sample episodes are served, edited and deleted like any other.
 */
export const sampleEpisodeFiles: Record<string, { audio: string; transcript?: string; chapters?: string }> = {
  "c4d5a3d0-6a8e-4c41-9f0b-3c2a1e7b9d01": { audio: "public/attached_assets/audio/trailer.mp3" },
  "5e2f8b14-1d3c-4e6a-8b7f-2a9c0d4e6f12": {
    audio: "public/attached_assets/audio/episode-1.mp3",
    transcript: "public/attached_assets/transcripts/episode-1.vtt",
    chapters: "public/attached_assets/chapters/episode-1.json",
  },
  "9a7b6c5d-4e3f-4a2b-9c1d-0e8f7a6b5c23": { audio: "public/attached_assets/audio/episode-2.mp3" },
  "e3b1f6a2-7c4d-4f8e-a5b9-1d2c3e4f5a67": { audio: "app/features/premium/files/premium-episode-1.mp3" },
  "0b6f2c7e-3d9a-4e15-8c4b-7a1d2e3f4b58": { audio: "app/features/premium/files/premium-episode-2.mp3" },
  "6d1e9a4b-2c7f-4b83-9e5a-1f0c3d8b7a29": { audio: "app/features/premium/files/premium-episode-3.mp3" },
};

export const sampleContentSeries = {
  title: "Season One: Confessions of Disruption",
  slug: "season-one-confessions-of-disruption",
  description: "The launch season: eight conversations with founders about the moment their plan stopped working.",
  status: "active",
  episodes: [
    {
      title: "The Pivot That Almost Sank Us",
      description: "Recording with a founder about a near-fatal pivot.",
      episodeNumber: 1,
      status: "published",
      guestName: "Sam Rivera",
      scheduledDate: new Date("2025-09-11T09:00:00Z"),
    },
    {
      title: "Automating Ourselves Out of a Job",
      description: "An operations leader on automating her own role.",
      episodeNumber: 2,
      status: "editing",
      guestName: "Priya Natarajan",
      scheduledDate: new Date("2025-09-18T09:00:00Z"),
    },
    {
      title: "When the Investor Says No",
      description: "Raising money after a public rejection.",
      episodeNumber: 3,
      status: "planning",
      guestName: null,
      scheduledDate: null,
    },
  ],
} as const;
