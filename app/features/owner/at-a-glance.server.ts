import { type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { contacts, guestApplications, insightPosts, podcastEpisodes, subscribers, users } from "~/db/schema";
import type { ShowAtAGlance } from "./schema";

/** How far back "new subscribers" looks. */
const NEW_SUBSCRIBER_DAYS = 7;

/** Applications the owner has still to decide on. */
const PENDING_APPLICATION_STATUSES = ["submitted", "reviewing"] as const;

/**
 * What makes a member's subscription paid for, as the membership feature decides it (routes pass it in: features do
 * not import each other): the statuses in which a subscription still pays, and each paid tier's monthly price.
 */
export type PayingRules = {
  payingStatuses: readonly string[];
  monthlyPriceUsd: { basic: number; premium: number };
};

const inList = (values: readonly string[]): SQL =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * The query behind the owner's dashboard: one statement, one round trip. Each table is read once, by a one-row
 * summary of its own, and the summaries are joined; the unread messages, the pending applications and the next
 * scheduled episode are read from indexes that hold only those rows, so they cost what they count, not the table.
 */
export function showAtAGlanceQuery(now: Date, rules: PayingRules): SQL {
  const at = now.toISOString();
  const paying = sql`${users.stripeSubscriptionId} is not null and not ${users.complimentary}
    and ${users.subscriptionStatus} in (${inList(rules.payingStatuses)})`;
  return sql`select
      messages.unread_messages, applications.pending_applications,
      audience.subscribers, audience.new_subscribers,
      members.free_members, members.basic_members, members.premium_members,
      members.paying_basic, members.paying_premium,
      episodes.episode_drafts, insights.insight_drafts,
      next_episode.id as next_episode_id, next_episode.title as next_episode_title,
      (extract(epoch from next_episode.publish_date) * 1000)::float8 as next_episode_at
    from
      (select count(*)::int as unread_messages from ${contacts}
        where not ${contacts.read} and not ${contacts.archived}) as messages
      cross join (select count(*)::int as pending_applications from ${guestApplications}
        where ${guestApplications.status} in (${inList(PENDING_APPLICATION_STATUSES)})
          and not ${guestApplications.archived}) as applications
      cross join (select count(*)::int as subscribers,
          count(*) filter (where ${subscribers.createdAt} > ${at}::timestamptz - make_interval(days => ${NEW_SUBSCRIBER_DAYS}))::int
            as new_subscribers
        from ${subscribers} where not ${subscribers.archived}) as audience
      cross join (select
          count(*) filter (where ${users.membershipTier} = 'free')::int as free_members,
          count(*) filter (where ${users.membershipTier} = 'basic')::int as basic_members,
          count(*) filter (where ${users.membershipTier} = 'premium')::int as premium_members,
          count(*) filter (where ${users.membershipTier} = 'basic' and ${paying})::int as paying_basic,
          count(*) filter (where ${users.membershipTier} = 'premium' and ${paying})::int as paying_premium
        from ${users}) as members
      cross join (select count(*)::int as episode_drafts from ${podcastEpisodes}
        where ${podcastEpisodes.status} = 'draft') as episodes
      cross join (select count(*)::int as insight_drafts from ${insightPosts}
        where ${insightPosts.status} = 'draft') as insights
      left join lateral (select ${podcastEpisodes.id}, ${podcastEpisodes.title}, ${podcastEpisodes.publishDate}
        from ${podcastEpisodes}
        where ${podcastEpisodes.status} = 'scheduled' and ${podcastEpisodes.publishDate} > ${at}::timestamptz
        order by ${podcastEpisodes.publishDate}, ${podcastEpisodes.id} limit 1) as next_episode on true`;
}

type GlanceRow = {
  unread_messages: number;
  pending_applications: number;
  subscribers: number;
  new_subscribers: number;
  free_members: number;
  basic_members: number;
  premium_members: number;
  paying_basic: number;
  paying_premium: number;
  episode_drafts: number;
  insight_drafts: number;
  next_episode_id: number | null;
  next_episode_title: string | null;
  next_episode_at: number | null;
};

/** The show at a glance for the owner's dashboard, as of `now`. */
export async function readShowAtAGlance(db: Database, now: Date, rules: PayingRules): Promise<ShowAtAGlance> {
  const result = await db.execute(showAtAGlanceQuery(now, rules));
  const [row] = (result as unknown as { rows: GlanceRow[] }).rows;
  const count = (value: number | string) => Number(value);
  const payingBasic = count(row.paying_basic);
  const payingPremium = count(row.paying_premium);
  return {
    unreadMessages: count(row.unread_messages),
    pendingApplications: count(row.pending_applications),
    subscribers: { total: count(row.subscribers), new: count(row.new_subscribers), days: NEW_SUBSCRIBER_DAYS },
    members: {
      free: count(row.free_members),
      basic: count(row.basic_members),
      premium: count(row.premium_members),
      paying: payingBasic + payingPremium,
    },
    monthlyRevenueUsd: payingBasic * rules.monthlyPriceUsd.basic + payingPremium * rules.monthlyPriceUsd.premium,
    nextEpisode:
      row.next_episode_id === null || row.next_episode_at === null
        ? null
        : {
            id: count(row.next_episode_id),
            title: row.next_episode_title ?? "",
            publishDate: new Date(Number(row.next_episode_at)).toISOString(),
          },
    drafts: { episodes: count(row.episode_drafts), insights: count(row.insight_drafts) },
  };
}
