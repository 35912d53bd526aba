import { and, desc, eq, not, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "~/db/client.server";
import {
  audienceMails,
  guestApplications,
  loginTokens,
  mailDeliveries,
  mailSuppressions,
  mailUnsubscribes,
  memberFeedFetches,
  memberFeeds,
  sessions,
  subscribers,
  users,
} from "~/db/schema";
import { preferencesFrom } from "~/lib/mail-preferences";
import { carriesStaffAccount } from "~/lib/session.server";
import type { MemberNamesSchema } from "./schema";

const sameEmail = (column: typeof subscribers.email | typeof guestApplications.email, email: string) =>
  sql`lower(${column}) = ${email.toLowerCase()}`;

/** Saves the member's own first and last name; false when the member no longer exists. */
export async function updateMemberNames(
  db: Database,
  userId: string,
  names: z.output<typeof MemberNamesSchema>,
): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ ...names, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return updated.length > 0;
}

/**
 * Everything stored about a member, as the privacy policy's access right promises: the account, the sign-up and
 * launch-list entries and the guest applications made with their address, their sign-in sessions and links, and their
 * private feed (its creation and the days it was fetched; never the token, which the profile shows). Null when the
 * member no longer exists.
 */
/** The member's mail preferences, whether the address is suppressed, and every audience mail queued or sent to it. */
async function mailRecord(db: Database, email: string) {
  const address = email.toLowerCase();
  const [left, suppressed, sent] = await Promise.all([
    db
      .select({ list: mailUnsubscribes.list, createdAt: mailUnsubscribes.createdAt })
      .from(mailUnsubscribes)
      .where(eq(mailUnsubscribes.email, address)),
    db
      .select({ kind: mailSuppressions.kind, reason: mailSuppressions.reason, createdAt: mailSuppressions.createdAt })
      .from(mailSuppressions)
      .where(eq(mailSuppressions.email, address)),
    db
      .select({
        subject: audienceMails.subject,
        status: mailDeliveries.status,
        queuedAt: mailDeliveries.createdAt,
        sentAt: mailDeliveries.sentAt,
      })
      .from(mailDeliveries)
      .innerJoin(audienceMails, eq(audienceMails.id, mailDeliveries.mailId))
      .where(eq(mailDeliveries.email, address))
      .orderBy(desc(mailDeliveries.createdAt), desc(mailDeliveries.id)),
  ]);
  return {
    preferences: preferencesFrom(new Set(left.map((row) => row.list))),
    unsubscribed: left,
    suppressed: suppressed[0] ?? null,
    audienceMails: sent,
  };
}

export async function exportMemberData(db: Database, userId: string) {
  const [account] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!account) return null;
  const email = account.email;
  const [subscriptions, applications, signInLinks, activeSessions, feed, feedDays] = await Promise.all([
    email
      ? db
          .select({
            email: subscribers.email,
            firstName: subscribers.firstName,
            lastName: subscribers.lastName,
            source: subscribers.source,
            active: subscribers.active,
            createdAt: subscribers.createdAt,
          })
          .from(subscribers)
          .where(sameEmail(subscribers.email, email))
      : [],
    email
      ? db
          .select({
            name: guestApplications.name,
            email: guestApplications.email,
            company: guestApplications.company,
            jobTitle: guestApplications.jobTitle,
            expertise: guestApplications.expertise,
            topicIdea: guestApplications.topicIdea,
            biography: guestApplications.biography,
            socialLinks: guestApplications.socialLinks,
            pastAppearances: guestApplications.pastAppearances,
            status: guestApplications.status,
            createdAt: guestApplications.createdAt,
          })
          .from(guestApplications)
          .where(sameEmail(guestApplications.email, email))
          .orderBy(desc(guestApplications.createdAt))
      : [],
    email
      ? db
          .select({ createdAt: loginTokens.createdAt, expiresAt: loginTokens.expiresAt, usedAt: loginTokens.usedAt })
          .from(loginTokens)
          .where(sql`lower(${loginTokens.email}) = ${email.toLowerCase()}`)
      : [],
    db.select({ expiresAt: sessions.expire }).from(sessions).where(sql`${sessions.sess}->>'userId' = ${userId}`),
    db.select({ createdAt: memberFeeds.createdAt }).from(memberFeeds).where(eq(memberFeeds.userId, userId)),
    db
      .select({ day: memberFeedFetches.day, addresses: sql<number>`count(*)::int` })
      .from(memberFeedFetches)
      .where(eq(memberFeedFetches.userId, userId))
      .groupBy(memberFeedFetches.day)
      .orderBy(memberFeedFetches.day),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    account,
    newsletterAndSignUp: subscriptions,
    guestApplications: applications,
    signInLinks,
    sessions: activeSessions,
    privateFeed: feed[0] ? { createdAt: feed[0].createdAt, fetchesByDay: feedDays } : null,
    mail: email ? await mailRecord(db, email) : null,
  };
}

/**
 * Deletes a member's account, for the member themself and for the owner's Remove: their sessions (a staff session
 * that also carried the member keeps its staff account), the member row with their private feed, their sign-in links and
 * the subscriber rows of their address. Guest applications made with the address are the owner's records and stay;
 * nothing in them points at the account. False when there was no such member.
 */
export async function deleteMemberAccount(db: Database, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [member] = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id, email: users.email });
    if (!member) return false;
    const ofMember = sql`${sessions.sess}->>'userId' = ${userId}`;
    await tx.delete(sessions).where(and(ofMember, not(carriesStaffAccount())));
    await tx
      .update(sessions)
      .set({ sess: sql`${sessions.sess} - 'userId'` })
      .where(ofMember);
    if (member.email) {
      await tx.delete(subscribers).where(sameEmail(subscribers.email, member.email));
      await tx.delete(loginTokens).where(sql`lower(${loginTokens.email}) = ${member.email.toLowerCase()}`);
    }
    return true;
  });
}
