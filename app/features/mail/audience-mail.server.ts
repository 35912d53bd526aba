import { createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { and, eq, gt, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  appSecrets,
  audienceMails,
  insightPosts,
  mailDeliveries,
  mailSuppressions,
  mailUnsubscribes,
  podcastEpisodes,
  subscribers,
} from "~/db/schema";
import type { Env } from "~/lib/env.server";
import { startIntervalWorker } from "~/lib/interval-worker.server";
import { AUDIENCE_LIST, MAIL_KINDS, type MailKind, preferencesFrom } from "~/lib/mail-preferences";
import { type Mailer, POOLED_SMTP_CONNECTIONS } from "~/lib/mailer.server";
import { getSiteSettings } from "~/lib/site-settings.server";
import { escapeXml } from "~/lib/xml";
import { queueDueAnnouncements } from "./announcements.server";

export { AUDIENCE_LIST, MAIL_KINDS, type MailKind } from "~/lib/mail-preferences";

/** A mail's kind, from what it announces (`episode:12`, `insight:abc`, `announcement:…`). */
const mailKindOf = (itemKey: string): MailKind =>
  itemKey.startsWith("episode:") ? "episodes" : itemKey.startsWith("insight:") ? "insights" : "announcements";

/** How long a claimed row is another worker's: longer than any SMTP exchange with its timeouts (nodemailer's 10 minutes at most). */
export const SEND_LEASE_MS = 15 * 60 * 1000;
/** Attempts before a temporarily failing row is given up as failed. */
const MAX_ATTEMPTS = 8;
/** An item is announced only when it became public within this window: old content is never mailed. */
const ANNOUNCE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The wait before attempt `attempts + 1`: one minute, doubling, at most six hours. */
const retryDelayMs = (attempts: number) => Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60 * 1000);

// ---------------------------------------------------------------------------------------------------------------
// Unsubscribe tokens

const UNSUBSCRIBE_KEY_NAME = "mail_unsubscribe_key";
const unsubscribeKeys = new WeakMap<Database, Promise<string>>();

/** The site's secret for unsubscribe tokens, made once and shared by every instance through the database. */
function unsubscribeKey(db: Database): Promise<string> {
  let key = unsubscribeKeys.get(db);
  if (!key) {
    key = (async () => {
      await db
        .insert(appSecrets)
        .values({ key: UNSUBSCRIBE_KEY_NAME, value: randomBytes(32).toString("base64url") })
        .onConflictDoNothing();
      const [row] = await db
        .select({ value: appSecrets.value })
        .from(appSecrets)
        .where(eq(appSecrets.key, UNSUBSCRIBE_KEY_NAME));
      return row.value;
    })();
    key.catch(() => unsubscribeKeys.delete(db));
    unsubscribeKeys.set(db, key);
  }
  return key;
}

const mac = (key: string, payload: string) =>
  createHmac("sha256", key).update(`unsubscribe:${payload}`).digest("base64url");

/** A token naming the recipient and the list, signed with the site's key; it has no expiry, as RFC 8058 needs. */
export async function unsubscribeToken(db: Database, email: string, list: string): Promise<string> {
  const payload = Buffer.from(JSON.stringify({ e: email.toLowerCase(), l: list })).toString("base64url");
  return `${payload}.${mac(await unsubscribeKey(db), payload)}`;
}

/** The recipient and list a token names, or null when it is not one the site signed. */
export async function readUnsubscribeToken(
  db: Database,
  token: string,
): Promise<{ email: string; list: string } | null> {
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(await unsubscribeKey(db), payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const { e, l } = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { e: unknown; l: unknown };
    return typeof e === "string" && typeof l === "string" ? { email: e, list: l } : null;
  } catch {
    return null;
  }
}

/** Takes the address off the list at once: no queued mail of that list reaches it, and no later one is queued. */
export async function unsubscribe(db: Database, email: string, list: string): Promise<void> {
  const address = email.toLowerCase();
  await db.transaction(async (tx) => {
    await tx.insert(mailUnsubscribes).values({ email: address, list }).onConflictDoNothing();
    await tx.update(subscribers).set({ active: false }).where(sql`lower(${subscribers.email}) = ${address}`);
  });
}

/** Which kinds of audience mail the address gets: none after the one-click unsubscribe, else all it did not stop. */
export async function mailPreferences(db: Database, email: string): Promise<Record<MailKind, boolean>> {
  const left = new Set(
    (
      await db
        .select({ list: mailUnsubscribes.list })
        .from(mailUnsubscribes)
        .where(eq(mailUnsubscribes.email, email.toLowerCase()))
    ).map((row) => row.list),
  );
  return preferencesFrom(left);
}

/**
 * Saves the preferences form: the address leaves the kinds it unticked and rejoins the others. Ticking any kind after
 * the one-click unsubscribe rejoins the audience (the token's holder is the reader), and the subscriber row is active
 * while any kind is kept.
 */
export async function savePreferences(db: Database, email: string, keep: Record<MailKind, boolean>): Promise<void> {
  const address = email.toLowerCase();
  const anyKept = MAIL_KINDS.some((kind) => keep[kind]);
  await db.transaction(async (tx) => {
    const stopped = MAIL_KINDS.filter((kind) => !keep[kind]);
    const kept: string[] = MAIL_KINDS.filter((kind) => keep[kind]);
    if (anyKept) kept.push(AUDIENCE_LIST);
    if (kept.length > 0) {
      await tx
        .delete(mailUnsubscribes)
        .where(and(eq(mailUnsubscribes.email, address), inArray(mailUnsubscribes.list, kept)));
    }
    if (stopped.length > 0) {
      await tx
        .insert(mailUnsubscribes)
        .values(stopped.map((list) => ({ email: address, list })))
        .onConflictDoNothing();
    }
    await tx.update(subscribers).set({ active: anyKept }).where(sql`lower(${subscribers.email}) = ${address}`);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Announcing new items

type Announcement = { itemKey: string; subject: string; text: string };

/** Launch-list and Briefing subscribers (active, not archived) and every member: a new item's audience. */
const EVERYONE = sql`
  select lower(email) as email from subscribers where active and not archived and confirmation_token_hash is null
  union
  select lower(email) from users where email is not null`;

/** A query's addresses that may be mailed a mail of `kind`: not suppressed, not unsubscribed from it or from all. */
export const mailableOf = (recipients: SQL, kind: MailKind) => sql`
  select r.email from (${recipients}) r
  where not exists (select 1 from mail_suppressions s where s.email = r.email)
    and not exists (
      select 1 from mail_unsubscribes u where u.email = r.email and u.list in (${AUDIENCE_LIST}, ${kind})
    )`;

/**
 * Adds one queue row per mailable address of `recipients` (a query answering lower-cased `email`) to a mail, in the
 * caller's transaction; an address already queued for that mail is left as it is.
 */
export async function queueRecipients(
  tx: Database,
  mailId: number,
  kind: MailKind,
  recipients: SQL,
  now: Date,
): Promise<void> {
  await tx.execute(sql`
    insert into mail_deliveries (mail_id, email, list, next_attempt_at)
    select ${mailId}, m.email, ${AUDIENCE_LIST}, ${now.toISOString()}::timestamptz
    from (${mailableOf(recipients, kind)}) m
    on conflict do nothing`);
  // The claim picks a chunk through the index only when the planner knows how many rows are queued; PGlite has no
  // autovacuum to tell it, and the planner that takes the table for as small as it last was reads and sorts every
  // queued row for each chunk.
  await tx.execute(sql`analyze mail_deliveries`);
}

/**
 * Queues one mail per item to every launch-list and Briefing subscriber and every member, skipping suppressed and
 * unsubscribed addresses. The mail row's unique item key makes this happen once per item however many instances
 * sweep, and the recipients are added in the same transaction, so a failure leaves nothing half-queued.
 * Returns whether this call queued it.
 */
async function enqueueAnnouncement(
  db: Database,
  announcement: Announcement,
  now: Date,
  mailed: boolean,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [mail] = await tx
      .insert(audienceMails)
      .values({ ...announcement, queuedAt: now })
      .onConflictDoNothing({ target: audienceMails.itemKey })
      .returning({ id: audienceMails.id });
    if (!mail) return false;
    // A kind the owner turned off is recorded as handled, with nobody to mail, so turning it on again later does not
    // mail what became public meanwhile.
    if (!mailed) return true;
    await queueRecipients(tx, mail.id, mailKindOf(announcement.itemKey), EVERYONE, now);
    return true;
  });
}

/** Whether an episode is public at a time, as the mails that link to it need: published, or scheduled and its date come. */
export const isEpisodePublicAt = (at: Date) =>
  and(inArray(podcastEpisodes.status, ["scheduled", "published"]), lte(podcastEpisodes.publishDate, at));

/** Whether a post is public at a time, as for an episode. */
export const isInsightPublicAt = (at: Date) =>
  and(inArray(insightPosts.status, ["scheduled", "published"]), lte(insightPosts.publishedAt, at));

/**
 * Announces each episode and insight that is public by `now` and became so within the announcement window: published
 * now by the owner, or a scheduled date that has come (scheduled items become public by their date alone, without a
 * write, so a sweep is how their arrival is noticed).
 */
export async function announceNewItems(db: Database, env: Env, now: Date): Promise<number> {
  const since = new Date(now.getTime() - ANNOUNCE_WINDOW_MS);
  const { showName, audienceMail } = await getSiteSettings(db);
  const episodes = await db
    .select({
      id: podcastEpisodes.id,
      slug: podcastEpisodes.slug,
      title: podcastEpisodes.title,
      description: podcastEpisodes.description,
      premium: podcastEpisodes.premium,
      skipMail: podcastEpisodes.skipMail,
    })
    .from(podcastEpisodes)
    .where(and(isEpisodePublicAt(now), gt(podcastEpisodes.publishDate, since)));
  const insights = await db
    .select({
      id: insightPosts.id,
      slug: insightPosts.slug,
      title: insightPosts.title,
      excerpt: insightPosts.excerpt,
      skipMail: insightPosts.skipMail,
    })
    .from(insightPosts)
    .where(and(isInsightPublicAt(now), gt(insightPosts.publishedAt, since)));
  let queued = 0;
  for (const episode of episodes) {
    const access = episode.premium
      ? "\n\nThis episode is for Premium members: they can listen to it on the site.\n"
      : "";
    const made = await enqueueAnnouncement(
      db,
      {
        itemKey: `episode:${episode.id}`,
        subject: `New episode of ${showName}: ${episode.title}`,
        text: `${episode.title}\n\n${episode.description}${access}\nListen: ${env.SITE_URL}/podcast/${episode.slug}\n`,
      },
      now,
      audienceMail.newEpisodes && !episode.skipMail,
    );
    if (made) queued++;
  }
  for (const insight of insights) {
    const made = await enqueueAnnouncement(
      db,
      {
        itemKey: `insight:${insight.id}`,
        subject: `New on ${showName}: ${insight.title}`,
        text: `${insight.title}\n\n${insight.excerpt}\n\nRead: ${env.SITE_URL}/insights/${insight.slug}\n`,
      },
      now,
      audienceMail.newInsights && !insight.skipMail,
    );
    if (made) queued++;
  }
  return queued;
}

// ---------------------------------------------------------------------------------------------------------------
// Sending

type Claimed = { id: number; mailId: number; email: string; list: string; attempts: number; claimToken: string };

/**
 * Claims up to `limit` due rows for this worker in one statement: `sending` rows whose lease has run out (their worker
 * died mid-send) first, then queued rows whose time has come, the longest due first; each found through an index, so
 * that a claim costs the same however long the queue. `FOR UPDATE SKIP LOCKED` lets workers on other instances claim
 * other rows at the same moment instead of waiting; PGlite runs the same SQL.
 */
export async function claimDeliveries(db: Database, now: Date, limit: number): Promise<Claimed[]> {
  const claimToken = randomUUID();
  const leaseUntil = new Date(now.getTime() + SEND_LEASE_MS);
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    with due as (
      select id from mail_deliveries where status = 'queued' and next_attempt_at <= ${at}
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    ), expired as (
      select id from mail_deliveries where status = 'sending' and lease_until < ${at}
      limit ${limit}
      for update skip locked
    )
    update mail_deliveries
    set status = 'sending', claim_token = ${claimToken}, lease_until = ${leaseUntil.toISOString()}::timestamptz,
        attempts = attempts + 1
    where id = any(array(select id from expired union all select id from due limit ${limit}))
    returning id, mail_id, email, list, attempts`);
  // Both drivers answer { rows }; the shared Database type does not say so (as in owner-list.server.ts).
  type Row = { id: number; mail_id: number; email: string; list: string; attempts: number };
  return (result as unknown as { rows: Row[] }).rows.map((row) => ({
    id: Number(row.id),
    mailId: Number(row.mail_id),
    email: row.email,
    list: row.list,
    attempts: Number(row.attempts),
    claimToken,
  }));
}

/** Whether an SMTP error is permanent (a 5xx answer): the address is suppressed instead of retried. */
const isPermanent = (error: unknown) => {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
};

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * The footer every audience mail carries: the show, why the reader gets it, where to change that (the preferences
 * form is the unsubscribe page) and, when the owner set one, the postal address that anti-spam laws ask senders for.
 */
const audienceFooter = (showName: string, unsubscribeUrl: string, postalAddress: string) =>
  `\n--\nYou get this mail from ${showName} because you subscribed to its updates or are a member.\n` +
  `Choose which mail you get, or unsubscribe with one click: ${unsubscribeUrl}\n` +
  (postalAddress ? `${showName}, ${postalAddress.replace(/\s*\n\s*/g, ", ")}\n` : "");

/** The same footer in an HTML mail; the show's name and address are the owner's text, so they are escaped. */
const audienceFooterHtml = (showName: string, unsubscribeUrl: string, postalAddress: string) =>
  `<hr><p style="font-size:12px;color:#666">You get this mail from ${escapeXml(showName)} because you subscribed ` +
  `to its updates or are a member. <a href="${escapeXml(unsubscribeUrl)}">Choose which mail you get, or ` +
  `unsubscribe with one click</a>.` +
  (postalAddress ? `<br>${escapeXml(showName)}, ${escapeXml(postalAddress.replace(/\s*\n\s*/g, ", "))}` : "") +
  `</p>`;

/** What sending a chunk of claimed rows reads once instead of once per row. */
type ChunkContext = {
  mails: Map<number, typeof audienceMails.$inferSelect>;
  /** Addresses not to mail now, by mail: suppressed, or unsubscribed from the row's list or the mail's kind. */
  refused: Set<string>;
  showName: string;
  postalAddress: string;
};

/** Rows claimed, and checked against suppressions and unsubscribes, together, just before they are sent. */
const CHUNK_SIZE = 50;

async function chunkContext(db: Database, rows: Claimed[]): Promise<ChunkContext> {
  const mailIds = [...new Set(rows.map((row) => row.mailId))];
  const mails = new Map(
    (await db.select().from(audienceMails).where(inArray(audienceMails.id, mailIds))).map((mail) => [mail.id, mail]),
  );
  const emails = [...new Set(rows.map((row) => row.email))];
  const suppressed = new Set(
    (
      await db
        .select({ email: mailSuppressions.email })
        .from(mailSuppressions)
        .where(inArray(mailSuppressions.email, emails))
    ).map((row) => row.email),
  );
  const left = await db
    .select({ email: mailUnsubscribes.email, list: mailUnsubscribes.list })
    .from(mailUnsubscribes)
    .where(inArray(mailUnsubscribes.email, emails));
  const refused = new Set<string>();
  for (const row of rows) {
    const mail = mails.get(row.mailId);
    const lists = [row.list, mail ? mailKindOf(mail.itemKey) : row.list];
    const out =
      suppressed.has(row.email) || left.some((entry) => entry.email === row.email && lists.includes(entry.list));
    if (out) refused.add(`${row.mailId}:${row.email}`);
  }
  const { showName, postalAddress } = await getSiteSettings(db);
  return { mails, refused, showName, postalAddress };
}

/**
 * Sends one claimed row. Only the worker holding the row's claim token may finish it: a worker whose lease ran out
 * and whose row was claimed again finds its update matching nothing.
 */
async function deliver(
  db: Database,
  env: Env,
  mailer: Mailer,
  row: Claimed,
  chunk: ChunkContext,
  now: () => Date,
  markSent: (row: Claimed) => Promise<void>,
): Promise<void> {
  const mine = and(eq(mailDeliveries.id, row.id), eq(mailDeliveries.claimToken, row.claimToken));
  const mail = chunk.mails.get(row.mailId);
  if (!mail || chunk.refused.has(`${row.mailId}:${row.email}`)) {
    await db.update(mailDeliveries).set({ status: "suppressed", claimToken: null, leaseUntil: null }).where(mine);
    return;
  }
  const { showName, postalAddress } = chunk;
  const unsubscribeUrl = `${env.SITE_URL}/unsubscribe/${await unsubscribeToken(db, row.email, row.list)}`;
  try {
    await mailer.send({
      to: row.email,
      subject: mail.subject,
      text: mail.text + audienceFooter(showName, unsubscribeUrl, postalAddress),
      ...(mail.html ? { html: mail.html + audienceFooterHtml(showName, unsubscribeUrl, postalAddress) } : {}),
      headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    });
  } catch (error) {
    if (isPermanent(error)) {
      await db.transaction(async (tx) => {
        await tx
          .insert(mailSuppressions)
          .values({ email: row.email, reason: errorText(error) })
          .onConflictDoNothing();
        await tx
          .update(mailDeliveries)
          .set({ status: "suppressed", lastError: errorText(error), claimToken: null, leaseUntil: null })
          .where(mine);
      });
    } else {
      const givingUp = row.attempts >= MAX_ATTEMPTS;
      await db
        .update(mailDeliveries)
        .set({
          status: givingUp ? "failed" : "queued",
          lastError: errorText(error),
          nextAttemptAt: new Date(now().getTime() + retryDelayMs(row.attempts)),
          claimToken: null,
          leaseUntil: null,
        })
        .where(mine);
    }
    return;
  }
  await markSent(row);
}

/**
 * Marks a claim's rows `sent` as their SMTP exchanges end, the rows accepted meanwhile in one UPDATE: each sender waits
 * for its own row's mark before its next mail, so no more rows stand accepted and unmarked than there are senders,
 * while the database writes once for all the exchanges that ended together instead of once per mail.
 */
function sentMarks(db: Database, claimToken: string, now: () => Date): (row: Claimed) => Promise<void> {
  let waiting: { id: number; done: () => void; failed: (error: unknown) => void }[] = [];
  let writing = false;
  const write = async () => {
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        await db
          .update(mailDeliveries)
          .set({ status: "sent", sentAt: now(), claimToken: null, leaseUntil: null })
          .where(
            and(
              eq(mailDeliveries.claimToken, claimToken),
              inArray(
                mailDeliveries.id,
                batch.map((entry) => entry.id),
              ),
            ),
          );
        for (const entry of batch) entry.done();
      } catch (error) {
        for (const entry of batch) entry.failed(error);
      }
    }
    writing = false;
  };
  return (row) =>
    new Promise((done, failed) => {
      waiting.push({ id: row.id, done, failed });
      if (writing) return;
      writing = true;
      // The exchanges that end in this turn of the event loop join the same UPDATE.
      setImmediate(write);
    });
}

/**
 * Mails in flight at once: one per pooled SMTP connection, so the SMTP exchanges overlap instead of waiting on each
 * other's round trips. A crash can leave at most this many accepted mails unmarked (decision 056).
 */
const SENDS_IN_FLIGHT = POOLED_SMTP_CONNECTIONS;

/**
 * Claims and sends up to `limit` rows, a chunk at a time (a claim of thousands of rows would hold PGlite's thread for
 * the whole statement), SENDS_IN_FLIGHT mails at once, reading the mails, the settings, suppressions and unsubscribes
 * once per chunk; returns how many it claimed.
 */
export async function sendDueMail(
  db: Database,
  env: Env,
  mailer: Mailer,
  options: { now?: () => Date; limit: number },
): Promise<number> {
  const now = options.now ?? (() => new Date());
  let claimedCount = 0;
  while (claimedCount < options.limit) {
    const rows = await claimDeliveries(db, now(), Math.min(CHUNK_SIZE, options.limit - claimedCount));
    if (rows.length === 0) break;
    claimedCount += rows.length;
    const chunk = await chunkContext(db, rows);
    const markSent = sentMarks(db, rows[0].claimToken, now);
    let next = 0;
    const sender = async () => {
      while (next < rows.length) {
        await deliver(db, env, mailer, rows[next++], chunk, now, markSent);
        // The mail's answer and its mark resolve as microtasks: without a turn of the event loop here the next mail
        // would be composed before the requests that arrived meanwhile are read.
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    await Promise.all(Array.from({ length: Math.min(SENDS_IN_FLIGHT, rows.length) }, sender));
    // PGlite runs each statement on this thread: the web server's requests get their turn between chunks.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return claimedCount;
}

const TICK_MS = 1000;
const ANNOUNCE_EVERY_MS = 15_000;

/**
 * The worker beside the web server: every second it sends at most MAIL_RATE_PER_MINUTE / 60 mails (at least one),
 * and every 15 seconds it looks for items to announce. One tick at a time; errors are logged and the next tick tries
 * again. `stop` waits for the tick under way.
 */
export function startMailWorker(db: Database, env: Env, mailer: Mailer): { stop(): Promise<void> } {
  const perTick = Math.max(1, Math.floor(env.MAIL_RATE_PER_MINUTE / 60));
  let lastAnnounce = 0;
  return startIntervalWorker(TICK_MS, async () => {
    try {
      if (Date.now() - lastAnnounce >= ANNOUNCE_EVERY_MS) {
        lastAnnounce = Date.now();
        await announceNewItems(db, env, new Date());
        await queueDueAnnouncements(db, new Date());
      }
      await sendDueMail(db, env, mailer, { limit: perTick });
    } catch (error) {
      console.error("[mail] the send queue could not run:", error);
    }
  });
}
