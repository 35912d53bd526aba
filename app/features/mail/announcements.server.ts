import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { audienceMails, insightPosts, podcastEpisodes } from "~/db/schema";
import type { Env } from "~/lib/env.server";
import type { Mailer } from "~/lib/mailer.server";
import { renderMarkdown } from "~/lib/markdown.server";
import { getSiteSettings } from "~/lib/site-settings.server";
import { isEpisodePublicAt, isInsightPublicAt, mailableOf, queueRecipients } from "./audience-mail.server";
import type { AnnouncementAudience, AnnouncementDraft, AnnouncementInput, AnnouncementRow } from "./schema";

/** The addresses (lower case) a choice of recipients names, before suppressions and unsubscribes. */
function recipientsOf(audience: AnnouncementAudience, tier: string | null): SQL {
  switch (audience) {
    case "launch":
      return sql`select lower(email) as email from subscribers where active and not archived and confirmation_token_hash is null and source = 'launch'`;
    case "subscribers":
      return sql`select lower(email) as email from subscribers where active and not archived and confirmation_token_hash is null`;
    case "members":
      return sql`select lower(email) as email from users where email is not null`;
    case "tier":
      return sql`select lower(email) as email from users where email is not null and membership_tier = ${tier}`;
  }
}

/** How many addresses the choice reaches now: the number the owner confirms before sending. */
export async function countRecipients(
  db: Database,
  audience: AnnouncementAudience,
  tier: string | null,
): Promise<number> {
  const result = await db.execute(
    sql`select count(distinct m.email)::int as n from (${mailableOf(recipientsOf(audience, tier), "announcements")}) m`,
  );
  return Number((result as unknown as { rows: { n: number }[] }).rows[0].n);
}

/**
 * The featured episode or post as a title and its public address, or null when it names nothing that readers can open:
 * public when the mail goes (`sendAt`), or for a draft's preview and test, published or scheduled at all.
 */
async function featuredItem(db: Database, env: Env, featured: string | null, sendAt?: Date) {
  if (!featured) return null;
  const [kind, id] = featured.split(":");
  if (kind === "episode") {
    const [row] = await db
      .select({ title: podcastEpisodes.title, slug: podcastEpisodes.slug })
      .from(podcastEpisodes)
      .where(
        and(
          eq(podcastEpisodes.id, Number(id)),
          sendAt ? isEpisodePublicAt(sendAt) : inArray(podcastEpisodes.status, ["published", "scheduled"]),
        ),
      );
    return row ? { label: "Listen", title: row.title, url: `${env.SITE_URL}/podcast/${row.slug}` } : null;
  }
  const [row] = await db
    .select({ title: insightPosts.title, slug: insightPosts.slug })
    .from(insightPosts)
    .where(
      and(
        eq(insightPosts.id, id),
        sendAt ? isInsightPublicAt(sendAt) : inArray(insightPosts.status, ["published", "scheduled"]),
      ),
    );
  return row ? { label: "Read", title: row.title, url: `${env.SITE_URL}/insights/${row.slug}` } : null;
}

/**
 * The mail as its readers get it (before the footer): the Markdown as the text part, and rendered through the site's
 * sanitiser as the HTML part, with the featured item's link after both.
 */
export async function renderAnnouncement(db: Database, env: Env, draft: AnnouncementDraft) {
  const featured = await featuredItem(db, env, draft.featured);
  const html = renderMarkdown(draft.message);
  if (!featured) return { subject: draft.subject, text: `${draft.message}\n`, html };
  return {
    subject: draft.subject,
    text: `${draft.message}\n\n${featured.title}\n${featured.label}: ${featured.url}\n`,
    html: `${html}${renderMarkdown(`**${featured.title.replace(/[\\*_[\]<>]/g, "\\$&")}**  \n[${featured.label}](${featured.url})`)}`,
  };
}

const FEATURED_NOT_FOUND_MESSAGE = "The featured item must be a published episode or post";

/**
 * Records an announcement. One without a time (or a time already come) is queued at once, its recipients in the
 * same transaction; a later one is queued by the worker's sweep when its time comes.
 */
export async function createAnnouncement(
  db: Database,
  env: Env,
  input: AnnouncementInput,
  createdBy: string,
  now: Date,
): Promise<{ id: number; queued: boolean } | { refused: string }> {
  const sendAt = input.sendAt && input.sendAt > now ? input.sendAt : now;
  // A mail must not link to a page its readers would find missing: the item is public by the time it goes.
  if (input.featured && !(await featuredItem(db, env, input.featured, sendAt)))
    return { refused: FEATURED_NOT_FOUND_MESSAGE };
  const mail = await renderAnnouncement(db, env, input);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(audienceMails)
      .values({
        itemKey: `announcement:${randomUUID()}`,
        kind: "announcement",
        ...mail,
        audience: input.recipients,
        tier: input.recipients === "tier" ? input.tier : null,
        sendAt,
        publish: input.publish,
        createdBy,
      })
      .returning({ id: audienceMails.id });
    return row.id;
  });
  const queued = sendAt <= now ? await queueAnnouncement(db, id, now) : false;
  return { id, queued };
}

/**
 * Adds an announcement's recipients, once: the conditional update lets exactly one instance (or one call) through,
 * and the recipients join in its transaction, so a failure leaves the announcement due for the next sweep.
 */
async function queueAnnouncement(db: Database, id: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [mail] = await tx
      .update(audienceMails)
      .set({ queuedAt: now })
      .where(and(eq(audienceMails.id, id), isNull(audienceMails.queuedAt)))
      .returning({ audience: audienceMails.audience, tier: audienceMails.tier });
    if (!mail) return false;
    await queueRecipients(tx, id, "announcements", recipientsOf(mail.audience as AnnouncementAudience, mail.tier), now);
    return true;
  });
}

/** Queues each announcement whose time has come (the worker's sweep); returns how many it queued. */
export async function queueDueAnnouncements(db: Database, now: Date): Promise<number> {
  const due = await db
    .select({ id: audienceMails.id })
    .from(audienceMails)
    .where(and(eq(audienceMails.kind, "announcement"), isNull(audienceMails.queuedAt), lte(audienceMails.sendAt, now)));
  let queued = 0;
  for (const { id } of due) if (await queueAnnouncement(db, id, now)) queued++;
  return queued;
}

/** Sends the draft to the signed-in staff member alone, straight away, marked as a test; the queue is not used. */
export async function sendTestAnnouncement(
  db: Database,
  env: Env,
  mailer: Mailer,
  draft: AnnouncementDraft,
  to: string,
): Promise<void> {
  const mail = await renderAnnouncement(db, env, draft);
  const { showName } = await getSiteSettings(db);
  const note = `This is a test of an announcement from ${showName}; its readers' copies end with their unsubscribe link.`;
  await mailer.send({
    to,
    subject: `[Test] ${mail.subject}`,
    text: `${mail.text}\n--\n${note}\n`,
    html: `${mail.html}<hr><p style="font-size:12px;color:#666">${note}</p>`,
  });
}

type CountRow = { mail_id: number; status: string; n: number };

/** Every announcement, newest first, with its queue's counts and the unsubscribes among its recipients since. */
export async function listAnnouncements(db: Database): Promise<AnnouncementRow[]> {
  const mails = await db
    .select()
    .from(audienceMails)
    .where(eq(audienceMails.kind, "announcement"))
    .orderBy(desc(audienceMails.createdAt), desc(audienceMails.id));
  if (mails.length === 0) return [];
  const ids = sql.join(
    mails.map((mail) => sql`${mail.id}`),
    sql`, `,
  );
  const counts = (
    (await db.execute(sql`
      select mail_id, status, count(*)::int as n from mail_deliveries where mail_id in (${ids}) group by mail_id, status`)) as unknown as {
      rows: CountRow[];
    }
  ).rows;
  const unsubscribed = (
    (await db.execute(sql`
      select d.mail_id, 'unsubscribed' as status, count(*)::int as n
      from mail_deliveries d
      join audience_mails a on a.id = d.mail_id
      join mail_unsubscribes u on u.email = d.email and u.list = d.list and u.created_at >= a.queued_at
      where d.mail_id in (${ids})
      group by d.mail_id`)) as unknown as { rows: CountRow[] }
  ).rows;
  return mails.map((mail) => {
    const of = (status: string) =>
      [...counts, ...unsubscribed]
        .filter((row) => Number(row.mail_id) === mail.id && row.status === status)
        .reduce((sum, row) => sum + Number(row.n), 0);
    const queued = of("queued") + of("sending");
    const sent = of("sent");
    const failed = of("failed");
    const suppressed = of("suppressed");
    return {
      id: mail.id,
      subject: mail.subject,
      recipients: mail.audience as AnnouncementAudience,
      tier: mail.tier,
      sendAt: mail.sendAt?.toISOString() ?? null,
      queuedAt: mail.queuedAt?.toISOString() ?? null,
      published: mail.publish,
      counts: {
        total: queued + sent + failed + suppressed,
        queued,
        sent,
        failed,
        suppressed,
        unsubscribed: of("unsubscribed"),
      },
    };
  });
}

/** An announcement the owner published on the site, once it was sent; null otherwise. */
export async function publishedAnnouncement(db: Database, id: number, now: Date) {
  const [mail] = await db
    .select({ subject: audienceMails.subject, html: audienceMails.html, sentOn: audienceMails.queuedAt })
    .from(audienceMails)
    .where(
      and(
        eq(audienceMails.id, id),
        eq(audienceMails.kind, "announcement"),
        eq(audienceMails.publish, true),
        lte(audienceMails.queuedAt, now),
      ),
    );
  return mail?.sentOn ? { subject: mail.subject, html: mail.html ?? "", sentOn: mail.sentOn.toISOString() } : null;
}

/** The episodes and posts an announcement can feature: the public ones, newest first. */
export async function featurableItems(db: Database) {
  const episodes = await db
    .select({ id: podcastEpisodes.id, title: podcastEpisodes.title })
    .from(podcastEpisodes)
    .where(inArray(podcastEpisodes.status, ["published", "scheduled"]))
    .orderBy(desc(podcastEpisodes.publishDate))
    .limit(50);
  const insights = await db
    .select({ id: insightPosts.id, title: insightPosts.title })
    .from(insightPosts)
    .where(inArray(insightPosts.status, ["published", "scheduled"]))
    .orderBy(desc(insightPosts.publishedAt))
    .limit(50);
  return [
    ...episodes.map((row) => ({ value: `episode:${row.id}`, label: `Episode: ${row.title}` })),
    ...insights.map((row) => ({ value: `insight:${row.id}`, label: `Post: ${row.title}` })),
  ];
}
