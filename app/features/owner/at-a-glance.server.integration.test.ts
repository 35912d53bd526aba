import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { contacts, guestApplications, insightPosts, podcastEpisodes, subscribers, users } from "~/db/schema";
import { type PayingRules, readShowAtAGlance, showAtAGlanceQuery } from "./at-a-glance.server";

const NOW = new Date("2026-06-15T12:00:00Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000);
const RULES: PayingRules = {
  payingStatuses: ["active", "trialing", "past_due"],
  monthlyPriceUsd: { basic: 5, premium: 12 },
};

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function emptyTables() {
  await database.db.execute(
    sql`truncate ${contacts}, ${guestApplications}, ${subscribers}, ${podcastEpisodes}, ${insightPosts}, ${users} cascade`,
  );
}

const application = (name: string, status: string, archived = false) => ({
  name,
  email: `${name}@example.com`,
  expertise: "Product",
  topicIdea: "A topic",
  biography: "A biography long enough for the form's fifty characters, and then some more.",
  status,
  archived,
});

const episode = (slug: string, status: string, publishDate: Date | null) => ({
  guid: slug,
  slug,
  title: `Episode ${slug}`,
  description: "About it.",
  status,
  publishDate,
});

const insight = (slug: string, status: string) => ({
  id: slug,
  slug,
  title: `Insight ${slug}`,
  excerpt: "An excerpt.",
  category: "Strategy",
  authorName: "Alex Morgan",
  status,
});

const member = (id: string, membershipTier: string, subscription: Partial<typeof users.$inferInsert> = {}) => ({
  id,
  email: `${id}@example.com`,
  membershipTier,
  ...subscription,
});

describe("readShowAtAGlance", () => {
  it("counts what waits for the owner, the audience, the members and what is next, each exactly", async () => {
    await emptyTables();
    const { db } = database;
    await db.insert(contacts).values([
      { name: "A", email: "a@example.com", subject: "pitch", message: "Unread." },
      { name: "B", email: "b@example.com", subject: "guest", message: "Unread too." },
      { name: "C", email: "c@example.com", subject: "other", message: "Read.", read: true },
      { name: "D", email: "d@example.com", subject: "other", message: "Unread but archived.", archived: true },
    ]);
    await db
      .insert(guestApplications)
      .values([
        application("submitted", "submitted"),
        application("reviewing", "reviewing"),
        application("approved", "approved"),
        application("scheduled", "scheduled"),
        application("rejected", "rejected"),
        application("archived", "submitted", true),
      ]);
    await db.insert(subscribers).values([
      { email: "old@example.com", createdAt: daysAgo(30) },
      { email: "eight-days@example.com", createdAt: daysAgo(8) },
      { email: "six-days@example.com", createdAt: daysAgo(6) },
      { email: "today@example.com", createdAt: daysAgo(0.5) },
      { email: "archived-new@example.com", createdAt: daysAgo(1), archived: true },
    ]);
    await db.insert(users).values([
      member("free-1", "free"),
      member("free-2", "free", { stripeSubscriptionId: "sub_old", subscriptionStatus: "canceled" }),
      member("basic-paying", "basic", { stripeSubscriptionId: "sub_b1", subscriptionStatus: "active" }),
      member("basic-trial", "basic", { stripeSubscriptionId: "sub_b2", subscriptionStatus: "trialing" }),
      member("basic-free-upgrade", "basic"),
      member("premium-paying", "premium", { stripeSubscriptionId: "sub_p1", subscriptionStatus: "active" }),
      member("premium-retrying", "premium", { stripeSubscriptionId: "sub_p2", subscriptionStatus: "past_due" }),
      member("premium-unpaid", "premium", { stripeSubscriptionId: "sub_p3", subscriptionStatus: "unpaid" }),
      member("premium-gift", "premium", {
        complimentary: true,
        stripeSubscriptionId: "sub_p4",
        subscriptionStatus: "active",
      }),
    ]);
    const nextEpisodeAt = new Date("2026-06-20T09:00:00Z");
    await db
      .insert(podcastEpisodes)
      .values([
        episode("draft-1", "draft", null),
        episode("draft-2", "draft", null),
        episode("later", "scheduled", new Date("2026-07-01T09:00:00Z")),
        episode("next", "scheduled", nextEpisodeAt),
        episode("due-already", "scheduled", daysAgo(1)),
        episode("published", "published", daysAgo(10)),
      ]);
    await db
      .insert(insightPosts)
      .values([insight("draft-insight", "draft"), insight("published-insight", "published")]);
    const [next] = await db
      .select({ id: podcastEpisodes.id })
      .from(podcastEpisodes)
      .where(sql`${podcastEpisodes.slug} = 'next'`);

    expect(await readShowAtAGlance(db, NOW, RULES)).toEqual({
      unreadMessages: 2,
      pendingApplications: 2,
      subscribers: { total: 4, new: 2, days: 7 },
      members: { free: 2, basic: 3, premium: 4, paying: 4 },
      // Two paying Basic members (active, trialing) and two paying Premium members (active, past_due).
      monthlyRevenueUsd: 2 * 5 + 2 * 12,
      nextEpisode: { id: next.id, title: "Episode next", publishDate: nextEpisodeAt.toISOString() },
      drafts: { episodes: 2, insights: 1 },
    });
  });

  it("answers zeros and no next episode for a new show", async () => {
    await emptyTables();
    expect(await readShowAtAGlance(database.db, NOW, RULES)).toEqual({
      unreadMessages: 0,
      pendingApplications: 0,
      subscribers: { total: 0, new: 0, days: 7 },
      members: { free: 0, basic: 0, premium: 0, paying: 0 },
      monthlyRevenueUsd: 0,
      nextEpisode: null,
      drafts: { episodes: 0, insights: 0 },
    });
  });
});

type PlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  Plans?: PlanNode[];
};

function scans(node: PlanNode): PlanNode[] {
  const own = node["Relation Name"] ? [node] : [];
  return [...own, ...(node.Plans ?? []).flatMap(scans)];
}

/** A show a few years old whose owner keeps up: most messages read, most applications decided. */
const VOLUME = { subscribers: 50_000, contacts: 20_000, applications: 5_000, members: 10_000, episodes: 2_000 };

/** Subscribers come one an hour: those of the last seven days (168 hours, the 168th exactly at its edge), less every twentieth, archived. */
const NEW_IN_A_WEEK = Array.from({ length: 167 }, (_, index) => index + 1).filter((n) => n % 20 !== 0).length;

describe(`readShowAtAGlance at volume (${VOLUME.subscribers} subscribers, ${VOLUME.contacts} messages)`, () => {
  beforeAll(async () => {
    await emptyTables();
    const { db } = database;
    await db.execute(sql`
      insert into subscribers (email, created_at, archived)
      select 'subscriber-' || n || '@example.com', ${NOW.toISOString()}::timestamptz - n * interval '1 hour', n % 20 = 0
      from generate_series(1, ${VOLUME.subscribers}) as n`);
    await db.execute(sql`
      insert into contacts (name, email, subject, message, created_at, read, archived)
      select 'Sender ' || n, 'sender-' || n || '@example.com', 'pitch', repeat('A story worth telling. ', 20),
             ${NOW.toISOString()}::timestamptz - n * interval '1 hour', n % 100 <> 0, n % 10 = 0 and n % 100 <> 0
      from generate_series(1, ${VOLUME.contacts}) as n`);
    await db.execute(sql`
      insert into guest_applications (name, email, expertise, topic_idea, biography, status)
      select 'Guest ' || n, 'guest-' || n || '@example.com', 'Product', 'A topic', repeat('A life. ', 10),
             case when n % 100 = 0 then 'submitted' when n % 100 = 1 then 'reviewing' else 'rejected' end
      from generate_series(1, ${VOLUME.applications}) as n`);
    await db.execute(sql`
      insert into users (id, email, membership_tier, stripe_subscription_id, subscription_status)
      select 'member-' || n, 'member-' || n || '@example.com',
             case when n % 10 = 0 then 'premium' when n % 5 = 0 then 'basic' else 'free' end,
             case when n % 5 = 0 then 'sub_' || n end, case when n % 5 = 0 then 'active' end
      from generate_series(1, ${VOLUME.members}) as n`);
    await db.execute(sql`
      insert into podcast_episodes (guid, slug, title, description, status, publish_date)
      select 'episode-' || n, 'episode-' || n, 'Episode ' || n, 'About it.',
             case when n % 50 = 0 then 'draft' else 'published' end,
             case when n % 50 = 0 then null else ${NOW.toISOString()}::timestamptz - n * interval '1 day' end
      from generate_series(1, ${VOLUME.episodes}) as n`);
    await db.execute(sql`vacuum analyze`);
  }, 120_000);

  it("counts exactly at volume", async () => {
    const glance = await readShowAtAGlance(database.db, NOW, RULES);
    expect(glance).toEqual({
      unreadMessages: VOLUME.contacts / 100,
      pendingApplications: (2 * VOLUME.applications) / 100,
      subscribers: { total: VOLUME.subscribers - VOLUME.subscribers / 20, new: NEW_IN_A_WEEK, days: 7 },
      members: { free: 8_000, basic: 1_000, premium: 1_000, paying: 2_000 },
      monthlyRevenueUsd: 1_000 * 5 + 1_000 * 12,
      nextEpisode: null,
      drafts: { episodes: VOLUME.episodes / 50, insights: 0 },
    });
  });

  it("is one statement that reads each table once, and the unread and pending rows only through their indexes", async () => {
    const result = await database.db.execute(sql`explain (analyze, format json) ${showAtAGlanceQuery(NOW, RULES)}`);
    const [row] = (result as unknown as { rows: { "QUERY PLAN": [{ Plan: PlanNode }] | string }[] }).rows;
    const explained = typeof row["QUERY PLAN"] === "string" ? JSON.parse(row["QUERY PLAN"]) : row["QUERY PLAN"];
    const nodes = scans(explained[0].Plan);
    const byTable = (table: string) => nodes.filter((node) => node["Relation Name"] === table);

    for (const table of ["contacts", "guest_applications", "subscribers", "users", "insight_posts"]) {
      expect(byTable(table), table).toHaveLength(1);
    }
    // Twice: the drafts' count, and the next scheduled episode.
    expect(byTable("podcast_episodes")).toHaveLength(2);

    const [unread] = byTable("contacts");
    expect(unread["Index Name"]).toBe("contacts_unread");
    expect(unread["Actual Rows"] * unread["Actual Loops"]).toBe(VOLUME.contacts / 100);
    const [pending] = byTable("guest_applications");
    expect(pending["Index Name"]).toBe("guest_applications_pending");
    expect(pending["Actual Rows"] * pending["Actual Loops"]).toBe((2 * VOLUME.applications) / 100);
    // The next episode is found through the publish-date index, without reading the published ones before it.
    const nextEpisode = byTable("podcast_episodes").find(
      (node) => node["Index Name"] === "podcast_episodes_publish_date_id",
    );
    expect(nextEpisode?.["Actual Rows"]).toBe(0);
  });
});
