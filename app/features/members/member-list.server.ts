import { eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { memberFeedFetches, users } from "~/db/schema";
import { listPageOf, type OwnerListPage } from "~/lib/owner-list";
import { type ListOrder, type ListSource, readListPage } from "~/lib/owner-list.server";
import { SHARED_FEED_ADDRESSES_PER_DAY, SHARED_FEED_WINDOW_DAYS } from "./member-feed.server";
import type { MemberListQuery, MemberRow, MembershipTier } from "./schema";

/** The most distinct addresses the member's feed had in one day of the window, when that reaches the threshold. */
const sharedFeedAddresses = sql<number | null>`(
  select max(daily.addresses) from (
    select count(*)::int as addresses from ${memberFeedFetches}
    where ${memberFeedFetches.userId} = ${users.id}
      and ${memberFeedFetches.day} >= to_char((now() at time zone 'utc') - make_interval(days => ${SHARED_FEED_WINDOW_DAYS}), 'YYYY-MM-DD')
    group by ${memberFeedFetches.day}
    having count(*) >= ${SHARED_FEED_ADDRESSES_PER_DAY}
  ) as daily
)`;

const memberColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  membershipTier: users.membershipTier,
  complimentary: users.complimentary,
  subscriptionStatus: users.subscriptionStatus,
  createdAt: users.createdAt,
  lastSignInAt: users.lastSignInAt,
  sharedFeedAddresses,
};

type StoredMember = Omit<MemberRow, "membershipTier" | "createdAt" | "lastSignInAt"> & {
  membershipTier: string;
  createdAt: Date;
  lastSignInAt: Date | null;
};

const toRow = (member: StoredMember): MemberRow => ({
  ...member,
  membershipTier: member.membershipTier as MembershipTier,
  createdAt: member.createdAt.toISOString(),
  lastSignInAt: member.lastSignInAt?.toISOString() ?? null,
});

/** A case-insensitive substring of the email, the first name or the last name. */
function searchCondition(search: string): SQL | undefined {
  if (!search) return undefined;
  const contains = (column: SQL) => sql`strpos(lower(coalesce(${column}, '')), lower(${search})) > 0`;
  return sql`(${contains(sql`${users.email}`)} or ${contains(sql`${users.firstName}`)} or ${contains(sql`${users.lastName}`)})`;
}

const joinedOrder = (direction: ListOrder["direction"]): ListOrder => ({
  keys: [
    { sql: sql`${users.createdAt}`, type: "timestamptz" },
    { sql: sql`${users.id}`, type: "text" },
  ],
  direction,
});

const ORDERS: Record<MemberListQuery["sort"], ListOrder> = { newest: joinedOrder("desc"), oldest: joinedOrder("asc") };

/** One page of the owner's Members screen with its counts. */
export async function listMembers(db: Database, query: MemberListQuery): Promise<OwnerListPage<MemberRow>> {
  const source: ListSource<typeof memberColumns> = {
    table: users,
    columns: memberColumns,
    search: searchCondition(query.q),
  };
  const { rows, counts } = await readListPage(db, source, ORDERS[query.sort], {
    page: query.page,
    archived: "include",
  });
  return listPageOf(rows.map(toRow), counts, query.page, "members");
}

export const FIRST_MEMBER_PAGE: MemberListQuery = { page: 1, q: "", sort: "newest" };

/**
 * The owner gives a tier by hand: a paid tier is complimentary (no Stripe event takes it away), Free ends it. Null when
 * there is no such member.
 */
export async function setMemberTier(db: Database, userId: string, tier: MembershipTier): Promise<MemberRow | null> {
  const [updated] = await db
    .update(users)
    .set({ membershipTier: tier, complimentary: tier !== "free", updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (!updated) return null;
  const [row] = await db.select(memberColumns).from(users).where(eq(users.id, userId));
  return row ? toRow(row as StoredMember) : null;
}
