import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertEpisodes, publicEpisode } from "#tests/setup/episode-fixtures";
import { type SmtpInbox, startSmtpInbox } from "#tests/setup/smtp-inbox";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import {
  audienceMails,
  insightPosts,
  mailDeliveries,
  mailSuppressions,
  mailUnsubscribes,
  podcastEpisodes,
  siteSettings,
  subscribers,
  users,
} from "~/db/schema";
import { parseEnv } from "~/lib/env.server";
import { createMailer } from "~/lib/mailer.server";
import { defaultSiteSettings } from "~/lib/site-config";
import {
  AUDIENCE_LIST,
  announceNewItems,
  claimDeliveries,
  SEND_LEASE_MS,
  sendDueMail,
  unsubscribe,
} from "./audience-mail.server";

let database: TestDatabase;
let inbox: SmtpInbox;
/** How many times each address has been refused with 451 so far; the first attempt of `busy@` is refused. */
let temporaryRefusals: Map<string, number>;

beforeAll(async () => {
  database = await createTestDatabase();
  inbox = await startSmtpInbox({
    refuse(address) {
      if (address.startsWith("gone@")) return { code: 550, message: "No such mailbox" };
      if (address.startsWith("busy@") && (temporaryRefusals.get(address) ?? 0) === 0) {
        temporaryRefusals.set(address, 1);
        return { code: 451, message: "Try again later" };
      }
      return null;
    },
  });
});
afterAll(async () => {
  await inbox.close();
  await database.close();
});
beforeEach(() => {
  temporaryRefusals = new Map();
});
afterEach(async () => {
  inbox.received.length = 0;
  for (const table of [mailDeliveries, audienceMails, mailSuppressions, mailUnsubscribes, subscribers, users]) {
    await database.db.delete(table);
  }
  await database.db.delete(podcastEpisodes);
  await database.db.delete(insightPosts);
  await database.db.delete(siteSettings);
});

const SITE = "https://podcast.example.com";
const env = () => parseEnv({ NODE_ENV: "test", SITE_URL: SITE, SMTP_URL: inbox.url });
const mailer = () => createMailer(env(), database.db);
const NOW = new Date("2026-03-02T10:00:00Z");
const minutesLater = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

async function addAudience(subscriberEmails: string[], memberEmails: string[] = []) {
  if (subscriberEmails.length > 0) {
    await database.db.insert(subscribers).values(subscriberEmails.map((email) => ({ email, source: "launch" })));
  }
  for (const [index, email] of memberEmails.entries()) {
    await database.db.insert(users).values({ id: `member-${index}`, email });
  }
}

/** Runs the queue at `now` until nothing is due. */
async function drain(now: Date, limit = 10) {
  while ((await sendDueMail(database.db, env(), mailer(), { now: () => now, limit })) > 0) {
    // Claims again until a batch comes back empty.
  }
}

const mailsTo = (address: string) => inbox.received.filter((mail) => mail.to.includes(address));

describe("announcing a new episode", () => {
  it("mails each subscriber and member exactly once, with the one-click unsubscribe headers and footer", async () => {
    await addAudience(["Ann@example.com", "bob@example.com"], ["carol@example.com", "bob@example.com"]);
    await insertEpisodes(database.db, [
      publicEpisode({ guid: "new-one", title: "The New One", publishDate: minutesLater(-5) }),
    ]);

    // Two instances sweeping at once, and a later sweep, queue the mail once.
    await Promise.all([announceNewItems(database.db, env(), NOW), announceNewItems(database.db, env(), NOW)]);
    await announceNewItems(database.db, env(), minutesLater(1));
    expect(await database.db.$count(audienceMails)).toBe(1);

    await drain(NOW);
    expect(inbox.received.map((mail) => mail.to[0]).sort()).toEqual([
      "ann@example.com",
      "bob@example.com",
      "carol@example.com",
    ]);
    for (const received of inbox.received) {
      // Long header lines arrive folded (RFC 5322); unfolded, each header is one line.
      const mail = { message: received.message.replace(/\r\n/g, "\n").replace(/\n[ \t]+/g, " ") };
      expect(mail.message).toMatch(/^Subject: New episode of .+: The New One$/m);
      expect(mail.message).toMatch(
        new RegExp(`^List-Unsubscribe: <${SITE}/unsubscribe/[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+>$`, "m"),
      );
      expect(mail.message).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      expect(mail.message).toContain(`${SITE}/podcast/new-one`);
      expect(mail.message).toContain("because you subscribed to its updates or are a member");
    }
    // A second drain has nothing left to send.
    await drain(minutesLater(30));
    expect(inbox.received).toHaveLength(3);
  });

  it("does not mail old episodes, and mails a scheduled one once its date comes", async () => {
    await addAudience(["ann@example.com"]);
    await insertEpisodes(database.db, [
      publicEpisode({ guid: "old", title: "Old", publishDate: new Date("2025-01-01T00:00:00Z") }),
      publicEpisode({ guid: "later", title: "Later", status: "scheduled", publishDate: minutesLater(60) }),
    ]);
    expect(await announceNewItems(database.db, env(), NOW)).toBe(0);
    expect(await announceNewItems(database.db, env(), minutesLater(61))).toBe(1);
    await drain(minutesLater(61));
    expect(mailsTo("ann@example.com").map((mail) => mail.message.match(/^Subject: (.*)$/m)?.[1])).toEqual([
      expect.stringMatching(/: Later$/),
    ]);
  });

  it("says that a premium episode is for Premium members", async () => {
    await addAudience(["ann@example.com"]);
    await insertEpisodes(database.db, [
      publicEpisode({ guid: "locked", title: "Locked", premium: true, publishDate: minutesLater(-1) }),
    ]);
    await announceNewItems(database.db, env(), NOW);
    await drain(NOW);
    expect((await inbox.mailTo("ann@example.com")).message).toContain("This episode is for Premium members");
  });

  it("skips suppressed and unsubscribed addresses", async () => {
    await addAudience(["ann@example.com", "suppressed@example.com", "left@example.com"], ["leftmember@example.com"]);
    await database.db.insert(mailSuppressions).values({ email: "suppressed@example.com", reason: "550 earlier" });
    await unsubscribe(database.db, "Left@example.com", AUDIENCE_LIST);
    await unsubscribe(database.db, "leftmember@example.com", AUDIENCE_LIST);
    await insertEpisodes(database.db, [publicEpisode({ guid: "e", title: "E", publishDate: minutesLater(-1) })]);
    await announceNewItems(database.db, env(), NOW);
    await drain(NOW);
    expect(inbox.received.map((mail) => mail.to[0])).toEqual(["ann@example.com"]);
  });
});

describe("announcing a new insight, and the owner's switches", () => {
  const insight = (id: string, publishedAt: Date) => ({
    id,
    slug: id,
    title: `Insight ${id}`,
    excerpt: "An excerpt.",
    status: "published",
    publishedAt,
    firstPublishedAt: publishedAt,
    category: "Strategy",
    authorName: "Host",
  });

  it("mails a new insight, and records without mailing a kind the owner turned off", async () => {
    await addAudience(["ann@example.com"]);
    await database.db.insert(siteSettings).values({
      settings: { ...defaultSiteSettings, audienceMail: { newEpisodes: false, newInsights: true } },
    });
    await insertEpisodes(database.db, [
      publicEpisode({ guid: "quiet", title: "Quiet", publishDate: minutesLater(-1) }),
    ]);
    await database.db.insert(insightPosts).values(insight("loud", minutesLater(-1)));

    expect(await announceNewItems(database.db, env(), NOW)).toBe(2);
    await drain(NOW);
    expect(inbox.received).toHaveLength(1);
    expect(inbox.received[0].message).toContain(`${SITE}/insights/loud`);

    // Turning episodes back on does not mail the episode that became public while they were off.
    await database.db.update(siteSettings).set({ settings: defaultSiteSettings });
    expect(await announceNewItems(database.db, env(), minutesLater(1))).toBe(0);
    await drain(minutesLater(1));
    expect(inbox.received).toHaveLength(1);
  });
});

describe("the send queue", () => {
  const queueOne = async (emails: string[]) => {
    await addAudience(emails);
    await insertEpisodes(database.db, [publicEpisode({ guid: "q", title: "Q", publishDate: minutesLater(-1) })]);
    await announceNewItems(database.db, env(), NOW);
  };
  const deliveryOf = async (email: string) =>
    (await database.db.select().from(mailDeliveries).where(eq(mailDeliveries.email, email)))[0];

  it("retries a temporary (4xx) refusal later, and suppresses an address refused for good (5xx)", async () => {
    await queueOne(["busy@example.com", "gone@example.com"]);
    await drain(NOW);
    expect(await deliveryOf("busy@example.com")).toMatchObject({
      status: "queued",
      attempts: 1,
      lastError: expect.stringContaining("451"),
    });
    expect(await deliveryOf("gone@example.com")).toMatchObject({ status: "suppressed", attempts: 1 });
    expect(await database.db.select().from(mailSuppressions)).toMatchObject([{ email: "gone@example.com" }]);
    expect(inbox.received).toEqual([]);

    // Not before its backoff has passed.
    await drain(minutesLater(0.5));
    expect(inbox.received).toEqual([]);
    await drain(minutesLater(2));
    expect(mailsTo("busy@example.com")).toHaveLength(1);
    expect(await deliveryOf("busy@example.com")).toMatchObject({ status: "sent", attempts: 2 });
    expect(mailsTo("gone@example.com")).toEqual([]);
  });

  it("never sends a row twice when two workers share the database", async () => {
    const emails = Array.from({ length: 40 }, (_, index) => `listener${index}@example.com`);
    await queueOne(emails);
    const worker = () => sendDueMail(database.db, env(), mailer(), { now: () => NOW, limit: 3 });
    let claimed = 1;
    while (claimed > 0) {
      const [first, second] = await Promise.all([worker(), worker()]);
      claimed = first + second;
    }
    expect(inbox.received).toHaveLength(40);
    expect(new Set(inbox.received.map((mail) => mail.to[0])).size).toBe(40);
    expect(await database.db.$count(mailDeliveries, eq(mailDeliveries.status, "sent"))).toBe(40);
  });

  it("resumes a row left `sending` by a crashed worker once its lease has run out", async () => {
    await queueOne(["ann@example.com", "bob@example.com"]);
    // A worker claims both rows and dies before its SMTP exchange.
    expect(await claimDeliveries(database.db, NOW, 10)).toHaveLength(2);

    await drain(minutesLater(1));
    expect(inbox.received).toEqual([]);
    const afterLease = new Date(NOW.getTime() + SEND_LEASE_MS + 1000);
    await drain(afterLease);
    expect(inbox.received.map((mail) => mail.to[0]).sort()).toEqual(["ann@example.com", "bob@example.com"]);
    const statuses = await database.db.select({ status: mailDeliveries.status }).from(mailDeliveries);
    expect(statuses).toEqual([{ status: "sent" }, { status: "sent" }]);
  });
});
