import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callRoute, routeContext } from "#tests/setup/call-route";
import { openTestMediaStorage, type TestMediaStorage } from "#tests/setup/media-storages";
import { seedSampleEpisodes } from "#tests/setup/sample-episodes";
import { signInMember, type TestMember } from "#tests/setup/sessions";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import type { MembershipTier } from "~/lib/auth.server";
import { loader as dashboard, headers as dashboardHeaders } from "./dashboard";
import { loader as events, headers as eventsHeaders } from "./events";
import { loader as premiumAudio } from "./premium-audio";
import { loader as premiumContent, headers as premiumHeaders } from "./premium-content";
import { loader as profile, headers as profileHeaders } from "./profile";
import { loader as resourceDownload } from "./resource-download";
import { loader as resources, headers as resourcesHeaders } from "./resources";
import { loader as upgrade, headers as upgradeHeaders } from "./upgrade";

let database: TestDatabase;
let media: TestMediaStorage;
const members = {} as Record<MembershipTier, TestMember>;

beforeAll(async () => {
  database = await createTestDatabase();
  // The premium episodes are the sample content's, stored as at start-up.
  media = await openTestMediaStorage("disk");
  await seedSampleEpisodes(database.db, media.storage);
  for (const tier of ["free", "basic", "premium"] as const) {
    members[tier] = await signInMember(database.db, tier, { email: `${tier}@example.com` });
  }
});
afterAll(async () => {
  await media.close();
  await database.close();
});

const TIERS = ["free", "basic", "premium"] as const;
const NON_PREMIUM = ["free", "basic"] as const;

const pageRequest = (path: string, cookie?: string, headers: Record<string, string> = {}) =>
  new Request(`http://localhost${path}`, { headers: { ...headers, ...(cookie ? { cookie } : {}) } });

const load = (handler: Parameters<typeof callRoute>[0], path: string, cookie?: string) =>
  callRoute(handler, database.db, pageRequest(path, cookie));

/**
 * File routes answer binary bodies, which callRoute would read as JSON: this calls the loader as React Router does
 * and keeps the Response (a thrown guard redirect included).
 */
async function loadFile(
  handler: typeof resourceDownload | typeof premiumAudio,
  path: string,
  params: Record<string, string>,
  cookie?: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  const request = pageRequest(path, cookie, headers);
  const context = routeContext(database.db, { media: media.storage });
  try {
    // biome-ignore lint/suspicious/noExplicitAny: the generated route args carry more than a test needs
    return (await handler({ request, params, context } as any)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const MEMBER_PAGES = [
  ["/members/dashboard", dashboard],
  ["/members/profile", profile],
  ["/members/upgrade", upgrade],
  ["/members/premium-content", premiumContent],
  ["/members/events", events],
  ["/members/resources", resources],
] as const;

describe("member pages without a session", () => {
  it.each(MEMBER_PAGES)("%s redirects to sign-in, coming back afterwards", async (path, handler) => {
    const reply = await load(handler, `${path}?from=test`);
    expect(reply.status).toBe(302);
    expect(reply.headers.get("location")).toBe(`/api/login?returnTo=${encodeURIComponent(`${path}?from=test`)}`);
  });

  it("a premium file redirects to sign-in without saying whether it exists", async () => {
    for (const [handler, path, params] of [
      [resourceDownload, "/members/resources/download/1", { fileId: "1" }],
      [resourceDownload, "/members/resources/download/999", { fileId: "999" }],
      [
        premiumAudio,
        "/members/premium-content/audio/the-turnaround-playbook-live-q-and-a",
        { episodeId: "the-turnaround-playbook-live-q-and-a" },
      ],
    ] as const) {
      const reply = await loadFile(handler, path, params);
      expect(reply.status).toBe(302);
      expect(reply.headers.get("location")).toMatch(/^\/api\/login\?returnTo=/);
    }
  });
});

describe("/members/dashboard, /members/profile and /members/upgrade", () => {
  it.each(TIERS)("give a %s member their own account data", async (tier) => {
    const member = members[tier];
    expect((await load(dashboard, "/members/dashboard", member.cookie)).body).toEqual({
      member: { email: member.email, firstName: "Test", lastName: "Member", membershipTier: tier },
      // Without Stripe there is no subscription to show or manage.
      billing: {
        canManageBilling: false,
        cancelAtPeriodEnd: false,
        complimentary: false,
        paymentFailed: false,
        periodEnd: null,
      },
      paymentReceived: false,
    });
    expect((await load(profile, "/members/profile", member.cookie)).body).toEqual({
      member: {
        email: member.email,
        firstName: "Test",
        lastName: "Member",
        profileImageUrl: null,
        membershipTier: tier,
      },
      // Basic and Premium members get their private feed's address; Free members none.
      feedUrl:
        tier === "free" ? null : expect.stringMatching(/^http:\/\/localhost:5000\/feeds\/[A-Za-z0-9_-]{43}\.xml$/),
    });
    expect((await load(upgrade, "/members/upgrade", member.cookie)).body).toEqual({ currentTier: tier });
  });
});

const PREMIUM_WORDS = [
  "Founders Who Failed Forward",
  "Inside the Boardroom",
  "Turnaround Playbook",
  "Disruption Playbook",
  "Innovation Audit Checklist",
  "Transcripts",
  "Pitch Deck",
  "Live Q&A with the Host",
  "Founder Roundtable",
  "/members/resources/download/",
  "/members/premium-content/audio/",
];

const PREMIUM_PAGES = MEMBER_PAGES.slice(3);

describe("premium pages", () => {
  for (const tier of NON_PREMIUM) {
    it.each(PREMIUM_PAGES)(
      `%s gives a ${tier} member only the access panel, no premium item`,
      async (path, handler) => {
        const reply = await load(handler, path, members[tier].cookie);
        expect(reply).toMatchObject({ status: 200, body: { access: "denied" } });
        expect(reply.body).toEqual({ access: "denied" });
        const sent = JSON.stringify(reply.body);
        for (const word of PREMIUM_WORDS) expect(sent).not.toContain(word);
      },
    );
  }

  it("/members/premium-content gives a premium member three episodes and four downloads", async () => {
    const reply = await load(premiumContent, "/members/premium-content", members.premium.cookie);
    expect(reply.body).toMatchObject({ access: "granted" });
    const { episodes, resources: downloads } = (
      reply.body as {
        content: {
          episodes: { title: string; durationMinutes: number; publishedOn: string; audioUrl: string }[];
          resources: { format: string; downloadUrl: string }[];
        };
      }
    ).content;
    expect(episodes.map(({ durationMinutes }) => durationMinutes)).toEqual([55, 47, 63]);
    for (const episode of episodes) {
      expect(episode.publishedOn).toMatch(/^2025-/);
      expect(episode.audioUrl).toMatch(/^\/members\/premium-content\/audio\/[a-z-]+$/);
    }
    expect(episodes.map(({ title }) => title)).toEqual([
      "Founders Who Failed Forward: The Unedited Cut",
      "Inside the Boardroom: AI Decisions Off the Record",
      "The Turnaround Playbook: Live Q&A",
    ]);
    expect(downloads.map(({ format }) => format)).toEqual(["PDF", "PDF", "PDF", "ZIP"]);
  });

  it("/members/resources gives a premium member the four downloads", async () => {
    const reply = await load(resources, "/members/resources", members.premium.cookie);
    const content = (reply.body as { content: { title: string; sizeLabel: string }[] }).content;
    expect(content.map(({ title }) => title)).toEqual([
      "The Disruption Playbook",
      "Innovation Audit Checklist",
      "Season One Interview Transcripts",
      "Pitch Deck Template Pack",
    ]);
    for (const resource of content) expect(resource.sizeLabel).toMatch(/^\d+(\.\d)? (B|KB)$/);
  });

  it("/members/events gives a premium member the upcoming events", async () => {
    const reply = await load(events, "/members/events", members.premium.cookie);
    expect(reply.body).toMatchObject({ access: "granted" });
    expect((reply.body as { content: { title: string }[] }).content.map(({ title }) => title)).toEqual([
      "Live Q&A with the Host",
      "Founder Roundtable: Scaling After Disruption",
      "Behind the Mic: A Live Recording Session",
    ]);
  });

  it("pages that show member data ask caches not to keep them", () => {
    for (const headers of [
      dashboardHeaders,
      profileHeaders,
      upgradeHeaders,
      premiumHeaders,
      eventsHeaders,
      resourcesHeaders,
    ]) {
      expect(headers()).toEqual({ "Cache-Control": "private, no-store" });
    }
  });
});

const DOWNLOADS = [
  ["1", "application/pdf", "disruption-playbook.pdf", "%PDF-"],
  ["2", "application/pdf", "innovation-audit-checklist.pdf", "%PDF-"],
  ["3", "application/pdf", "season-one-transcripts.pdf", "%PDF-"],
  ["4", "application/zip", "pitch-deck-templates.zip", "PK\u0003\u0004"],
] as const;

const downloadPath = (fileId: string) => `/members/resources/download/${fileId}`;

describe("/members/resources/download/:fileId", () => {
  it.each(DOWNLOADS)("sends %s to a premium member as an attachment", async (fileId, type, fileName, magic) => {
    const reply = await loadFile(resourceDownload, downloadPath(fileId), { fileId }, members.premium.cookie);
    expect(reply.status).toBe(200);
    expect(reply.headers.get("content-type")).toBe(type);
    expect(reply.headers.get("content-disposition")).toBe(`attachment; filename="${fileName}"`);
    expect(reply.headers.get("cache-control")).toBe("private, no-store");
    const bytes = Buffer.from(await reply.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(100);
    expect(reply.headers.get("content-length")).toBe(String(bytes.length));
    expect(bytes.subarray(0, magic.length).toString("latin1")).toBe(magic);
  });

  for (const tier of NON_PREMIUM) {
    it(`refuses a ${tier} member with 403, known file or not`, async () => {
      for (const fileId of ["1", "4", "no-such-file", "999"]) {
        const reply = await loadFile(resourceDownload, downloadPath(fileId), { fileId }, members[tier].cookie);
        expect(reply.status).toBe(403);
        const body = await reply.text();
        expect(body).toBe("Premium membership required");
      }
    });
  }

  it.each(["no-such-file", "999", "../../../package.json", "..%2F..%2Fpackage.json", "constructor", "__proto__", ""])(
    "answers 404 to a premium member for the unknown id %j",
    async (fileId) => {
      const reply = await loadFile(resourceDownload, downloadPath(fileId), { fileId }, members.premium.cookie);
      expect(reply.status).toBe(404);
    },
  );
});

describe("/members/premium-content/audio/:episodeId", () => {
  const audioPath = (episodeId: string) => `/members/premium-content/audio/${episodeId}`;
  const episodeId = "founders-who-failed-forward-the-unedited-cut";

  it("plays for a premium member, whole or by byte range", async () => {
    const whole = await loadFile(premiumAudio, audioPath(episodeId), { episodeId }, members.premium.cookie);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("audio/mpeg");
    expect(whole.headers.get("cache-control")).toBe("private, no-store, no-transform");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    const size = (await whole.arrayBuffer()).byteLength;

    const part = await loadFile(premiumAudio, audioPath(episodeId), { episodeId }, members.premium.cookie, {
      range: "bytes=100-199",
    });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-199/${size}`);
    expect((await part.arrayBuffer()).byteLength).toBe(100);

    const tail = await loadFile(premiumAudio, audioPath(episodeId), { episodeId }, members.premium.cookie, {
      range: "bytes=-10",
    });
    expect(tail.headers.get("content-range")).toBe(`bytes ${size - 10}-${size - 1}/${size}`);

    const beyond = await loadFile(premiumAudio, audioPath(episodeId), { episodeId }, members.premium.cookie, {
      range: `bytes=${size}-`,
    });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${size}`);
  });

  for (const tier of NON_PREMIUM) {
    it(`refuses a ${tier} member with 403`, async () => {
      const reply = await loadFile(premiumAudio, audioPath(episodeId), { episodeId }, members[tier].cookie);
      expect(reply.status).toBe(403);
    });
  }

  it("answers 404 to a premium member for an unknown episode, a free one, and a resource", async () => {
    for (const id of ["no-such-episode", "episode-1-the-pivot-that-almost-sank-us", "disruption-playbook"]) {
      const reply = await loadFile(premiumAudio, audioPath(id), { episodeId: id }, members.premium.cookie);
      expect(reply.status).toBe(404);
    }
  });
});
