import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { callApi } from "#tests/setup/call-api";
import { callRoute } from "#tests/setup/call-route";
import { insertEpisodes, publicEpisode } from "#tests/setup/episode-fixtures";
import { signInOwner } from "#tests/setup/sessions";
import { type SmtpInbox, startSmtpInbox } from "#tests/setup/smtp-inbox";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import {
  activityLog,
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
import * as emailPage from "~/routes/admin/email";
import * as briefingMailPage from "~/routes/public/briefing-mail";
import {
  countRecipients,
  createAnnouncement,
  listAnnouncements,
  publishedAnnouncement,
  queueDueAnnouncements,
  sendTestAnnouncement,
} from "./announcements.server";
import { AUDIENCE_LIST, announceNewItems, savePreferences, sendDueMail, unsubscribe } from "./audience-mail.server";
import { type AnnouncementInput, AnnouncementSchema } from "./schema";

let database: TestDatabase;
let inbox: SmtpInbox;

beforeAll(async () => {
  database = await createTestDatabase();
  inbox = await startSmtpInbox();
});
afterAll(async () => {
  await inbox.close();
  await database.close();
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

async function drain(now: Date) {
  while ((await sendDueMail(database.db, env(), mailer(), { now: () => now, limit: 10 })) > 0) {
    // Claims again until a batch comes back empty.
  }
}

/** Two launch-list subscribers, one Briefing sign-up, a basic and a premium member. */
async function addAudience() {
  await database.db.insert(subscribers).values([
    { email: "Launch-One@example.com", source: "launch" },
    { email: "launch-two@example.com", source: "launch" },
    { email: "signup@example.com", firstName: "Sig", source: "signup" },
  ]);
  await database.db.insert(users).values([
    { id: "m-basic", email: "basic@example.com", membershipTier: "basic" },
    { id: "m-premium", email: "premium@example.com", membershipTier: "premium" },
  ]);
}

const input = (fields: Partial<Record<string, unknown>>): AnnouncementInput =>
  AnnouncementSchema.parse({ subject: "We are live", message: "Hello **everyone**", recipients: "launch", ...fields });

const recipientsOf = () => inbox.received.map((mail) => mail.to[0]).sort();
const unfolded = (message: string) => message.replace(/\r\n/g, "\n").replace(/\n[ \t]+/g, " ");

describe("an announcement sent now", () => {
  it("reaches each address of the chosen list once, through the send queue, with the unsubscribe headers", async () => {
    await addAudience();
    await database.db.insert(mailSuppressions).values({ email: "launch-two@example.com", reason: "550" });
    expect(await countRecipients(database.db, "launch", null)).toBe(1);

    const made = await createAnnouncement(
      database.db,
      env(),
      input({ message: "Hello **everyone** <script>alert(1)</script>" }),
      "owner@example.com",
      NOW,
    );
    expect(made).toMatchObject({ queued: true });
    // Queued at once: the queue's rows are there before any worker runs, and a sweep adds nothing.
    expect(await database.db.$count(mailDeliveries)).toBe(1);
    expect(await queueDueAnnouncements(database.db, minutesLater(1))).toBe(0);

    await drain(NOW);
    await drain(minutesLater(30));
    expect(recipientsOf()).toEqual(["launch-one@example.com"]);
    const message = unfolded(inbox.received[0].message);
    expect(message).toMatch(/^Subject: We are live$/m);
    expect(message).toMatch(
      new RegExp(`^List-Unsubscribe: <${SITE}/unsubscribe/[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+>$`, "m"),
    );
    expect(message).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    // The HTML part is the Markdown rendered through the sanitiser: the script is gone (the text part is the source).
    const html = message.slice(message.indexOf("Content-Type: text/html"));
    expect(html).toContain("<strong>everyone</strong>");
    expect(html).not.toContain("<script>");
    expect(message).toContain("because you subscribed to its updates or are a member");
  });

  it("goes to the members of one tier only, with the featured episode's link", async () => {
    await addAudience();
    const [episodeId] = await insertEpisodes(database.db, [
      publicEpisode({ guid: "featured", title: "The Featured One", publishDate: minutesLater(-60) }),
    ]);
    const made = await createAnnouncement(
      database.db,
      env(),
      input({ recipients: "tier", tier: "premium", featured: `episode:${episodeId}` }),
      "owner@example.com",
      NOW,
    );
    expect(made).toMatchObject({ queued: true });
    await drain(NOW);
    expect(recipientsOf()).toEqual(["premium@example.com"]);
    expect(inbox.received[0].message).toContain(`${SITE}/podcast/featured`);
  });

  it("refuses a featured item that is not public", async () => {
    const made = await createAnnouncement(database.db, env(), input({ featured: "episode:999999" }), "o@x.com", NOW);
    expect(made).toEqual({ refused: "The featured item must be a published episode or post" });
    expect(await database.db.$count(audienceMails)).toBe(0);
  });

  it("features a scheduled episode only in a mail that goes once the episode is public", async () => {
    const [episodeId] = await insertEpisodes(database.db, [
      publicEpisode({ guid: "coming", title: "Coming Soon", status: "scheduled", publishDate: minutesLater(120) }),
    ]);
    const featured = `episode:${episodeId}`;
    expect(await createAnnouncement(database.db, env(), input({ featured }), "o@x.com", NOW)).toEqual({
      refused: "The featured item must be a published episode or post",
    });
    const early = input({ featured, sendAt: minutesLater(119).toISOString() });
    expect(await createAnnouncement(database.db, env(), early, "o@x.com", NOW)).toEqual({
      refused: "The featured item must be a published episode or post",
    });
    const onTime = input({ featured, sendAt: minutesLater(120).toISOString() });
    expect(await createAnnouncement(database.db, env(), onTime, "o@x.com", NOW)).toMatchObject({ queued: false });
    expect(await database.db.$count(audienceMails)).toBe(1);
  });
});

describe("each reader's preferences and the footer", () => {
  it("leaves out who stopped announcements, and names the postal address the owner set", async () => {
    await addAudience();
    await savePreferences(database.db, "launch-two@example.com", {
      episodes: true,
      insights: true,
      announcements: false,
    });
    await database.db
      .insert(siteSettings)
      .values({ settings: { ...defaultSiteSettings, postalAddress: "1 Main Street\nSpringfield" } });
    await createAnnouncement(database.db, env(), input({}), "o@example.com", NOW);
    await drain(NOW);
    expect(recipientsOf()).toEqual(["launch-one@example.com"]);
    const message = unfolded(inbox.received[0].message);
    expect(message).toContain("Choose which mail you get, or unsubscribe with one click: ");
    expect(message).toContain(`${defaultSiteSettings.showName}, 1 Main Street, Springfield`);
  });
});

describe("a scheduled announcement", () => {
  it("is queued once when its time comes, however many instances sweep", async () => {
    await addAudience();
    const made = await createAnnouncement(
      database.db,
      env(),
      input({ recipients: "members", sendAt: minutesLater(60).toISOString() }),
      "owner@example.com",
      NOW,
    );
    expect(made).toMatchObject({ queued: false });
    expect(await queueDueAnnouncements(database.db, minutesLater(59))).toBe(0);
    expect(await database.db.$count(mailDeliveries)).toBe(0);

    const swept = await Promise.all([
      queueDueAnnouncements(database.db, minutesLater(60)),
      queueDueAnnouncements(database.db, minutesLater(60)),
    ]);
    expect(swept.sort()).toEqual([0, 1]);
    await drain(minutesLater(61));
    expect(recipientsOf()).toEqual(["basic@example.com", "premium@example.com"]);
  });
});

describe("the list of sent mails", () => {
  it("counts queued, sent and the recipients who unsubscribed since", async () => {
    await addAudience();
    await createAnnouncement(database.db, env(), input({ recipients: "subscribers" }), "o@example.com", NOW);
    await sendDueMail(database.db, env(), mailer(), { now: () => NOW, limit: 1 });
    const [during] = await listAnnouncements(database.db);
    expect(during.counts).toMatchObject({ total: 3, queued: 2, sent: 1, unsubscribed: 0 });

    await drain(NOW);
    await unsubscribe(database.db, inbox.received[0].to[0], AUDIENCE_LIST);
    const [after] = await listAnnouncements(database.db);
    expect(after.counts).toMatchObject({ total: 3, queued: 0, sent: 3, failed: 0, unsubscribed: 1 });
  });
});

describe("Send Test to Me", () => {
  it("mails the draft to the given staff address alone, outside the queue", async () => {
    await addAudience();
    await sendTestAnnouncement(
      database.db,
      env(),
      mailer(),
      { subject: "Draft", message: "Hi", featured: null },
      "owner@example.com",
    );
    expect(recipientsOf()).toEqual(["owner@example.com"]);
    expect(inbox.received[0].message).toMatch(/^Subject: \[Test\] Draft$/m);
    expect(await database.db.$count(mailDeliveries)).toBe(0);
  });
});

describe("publishing on the site", () => {
  it("shows a ticked announcement at /briefing/{id} once it was sent, and nothing else", async () => {
    const published = await createAnnouncement(database.db, env(), input({ publish: "on" }), "o@x.com", NOW);
    const unpublished = await createAnnouncement(database.db, env(), input({}), "o@x.com", NOW);
    const later = await createAnnouncement(
      database.db,
      env(),
      input({ publish: "on", sendAt: "2099-01-01T09:00" }),
      "o@x.com",
      NOW,
    );
    if ("refused" in published || "refused" in unpublished || "refused" in later) throw new Error("refused");
    expect(await publishedAnnouncement(database.db, published.id, minutesLater(1))).toMatchObject({
      subject: "We are live",
      html: expect.stringContaining("<strong>everyone</strong>"),
    });
    expect(await publishedAnnouncement(database.db, unpublished.id, minutesLater(1))).toBeNull();
    expect(await publishedAnnouncement(database.db, later.id, minutesLater(1))).toBeNull();

    const page = await callRoute(briefingMailPage.loader, database.db, new Request(`${SITE}/briefing/${later.id}`), {
      params: { id: String(later.id) },
    });
    expect(page.status).toBe(404);
  });
});

describe("skipping one item's mail", () => {
  it("records the item as handled with nobody to mail, so that unticking it later mails nobody", async () => {
    await addAudience();
    await insertEpisodes(database.db, [
      publicEpisode({ guid: "quiet", title: "Quiet", publishDate: minutesLater(-5) }),
    ]);
    await database.db.update(podcastEpisodes).set({ skipMail: true }).where(eq(podcastEpisodes.guid, "quiet"));
    await announceNewItems(database.db, env(), NOW);
    await database.db.update(podcastEpisodes).set({ skipMail: false }).where(eq(podcastEpisodes.guid, "quiet"));
    await announceNewItems(database.db, env(), minutesLater(1));
    expect(await database.db.$count(audienceMails)).toBe(1);
    expect(await database.db.$count(mailDeliveries)).toBe(0);
  });

  it("is the insight editor's checkbox, stored with the post", async () => {
    await addAudience();
    const cookie = await signInOwner(database.db);
    const saved = await callApi(
      database.db,
      new Request(`${SITE}/api/admin/insights`, {
        method: "POST",
        headers: { "Content-Type": "application/json", cookie },
        body: JSON.stringify({
          title: "A quiet post",
          excerpt: "Its excerpt.",
          category: "Tests",
          authorName: "Owner",
          status: "published",
          skipMail: true,
        }),
      }),
    );
    expect(saved.status).toBe(201);
    const [post] = await database.db.select().from(insightPosts);
    expect(post.skipMail).toBe(true);
    await announceNewItems(database.db, env(), new Date());
    expect(await database.db.$count(audienceMails)).toBe(1);
    expect(await database.db.$count(mailDeliveries)).toBe(0);
  });
});

describe("the /admin/email form without scripts", () => {
  const post = (cookie: string, fields: Record<string, string>) =>
    new Request(`${SITE}/admin/email`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", cookie },
      body: new URLSearchParams(fields).toString(),
    });

  it("asks to confirm the number of recipients, then queues the mail and records who sent it", async () => {
    await addAudience();
    const cookie = await signInOwner(database.db);
    const fields = { subject: "Launch", message: "We are **live**", recipients: "launch", tier: "", featured: "" };
    const options = { env: { SITE_URL: SITE, SMTP_URL: inbox.url } };

    const preview = await callRoute(
      emailPage.action,
      database.db,
      post(cookie, { ...fields, intent: "preview" }),
      options,
    );
    expect(preview.body).toMatchObject({ preview: "<p>We are <strong>live</strong></p>\n" });

    const asked = await callRoute(
      emailPage.action,
      database.db,
      post(cookie, { ...fields, intent: "confirm" }),
      options,
    );
    expect(asked.body).toMatchObject({ confirm: 2, values: fields });
    expect(await database.db.$count(audienceMails)).toBe(0);

    const sent = await callRoute(emailPage.action, database.db, post(cookie, { ...fields, intent: "send" }), options);
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe("/admin/email?done=sent");
    expect(await database.db.$count(mailDeliveries)).toBe(2);
    const [entry] = await database.db.select().from(activityLog).where(eq(activityLog.kind, "announcement.sent"));
    expect(entry).toMatchObject({ subjectTitle: "Launch", subjectType: "announcement" });
  });

  it("answers the field's message for a missing subject, and sends the test to the signed-in account", async () => {
    const cookie = await signInOwner(database.db);
    const options = { env: { SITE_URL: SITE, SMTP_URL: inbox.url } };
    const missing = await callRoute(
      emailPage.action,
      database.db,
      post(cookie, { subject: "", message: "Hi", recipients: "launch", intent: "confirm" }),
      options,
    );
    expect(missing).toMatchObject({ status: 400, body: { errors: { subject: "Subject is required" } } });

    const tested = await callRoute(
      emailPage.action,
      database.db,
      post(cookie, { subject: "Draft", message: "Hi", intent: "test" }),
      options,
    );
    expect(tested.body).toMatchObject({ message: expect.stringMatching(/^Test sent to /) });
    expect(inbox.received).toHaveLength(1);
  });
});
