import { createHash, timingSafeEqual } from "node:crypto";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { mailDeliveries, mailSuppressions } from "~/db/schema";
import { listPageOf, type OwnerListPage } from "~/lib/owner-list";
import { type ListOrder, type ListSource, readListPage } from "~/lib/owner-list.server";
import type { MailEvents, SuppressionKind, SuppressionListQuery, SuppressionRow } from "./schema";

/**
 * Whether a request's `Authorization: Bearer …` names the secret. Both sides are hashed first, so the comparison is of
 * equal-length values and takes the same time whatever the sender guessed.
 */
export function bearerMatches(header: string | null, secret: string): boolean {
  const match = /^Bearer (.+)$/.exec(header ?? "");
  if (!match) return false;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(match[1]), digest(secret));
}

const DEFAULT_REASONS: Record<SuppressionKind, string> = {
  bounce: "Bounce reported by the mail provider",
  complaint: "Complaint reported by the mail provider",
};

/**
 * Suppresses each reported address (an address already suppressed keeps its first record) and marks its queued mail
 * `suppressed`; answers how many addresses the events named. A complaint and a bounce for the same address in one
 * request: the first one listed is kept.
 */
export async function suppressReported(db: Database, events: MailEvents["events"]): Promise<number> {
  const byEmail = new Map<string, { email: string; kind: SuppressionKind; reason: string }>();
  for (const event of events) {
    if (byEmail.has(event.email)) continue;
    byEmail.set(event.email, {
      email: event.email,
      kind: event.type,
      reason: event.reason || DEFAULT_REASONS[event.type],
    });
  }
  const rows = [...byEmail.values()];
  await db.transaction(async (tx) => {
    await tx.insert(mailSuppressions).values(rows).onConflictDoNothing();
    await tx
      .update(mailDeliveries)
      .set({ status: "suppressed" })
      .where(
        and(
          eq(mailDeliveries.status, "queued"),
          inArray(
            mailDeliveries.email,
            rows.map((row) => row.email),
          ),
        ),
      );
  });
  return rows.length;
}

const suppressionColumns = {
  email: mailSuppressions.email,
  kind: mailSuppressions.kind,
  reason: mailSuppressions.reason,
  createdAt: mailSuppressions.createdAt,
};

function searchCondition(search: string): SQL | undefined {
  if (!search) return undefined;
  return sql`strpos(${mailSuppressions.email}, lower(${search})) > 0`;
}

const NEWEST_FIRST: ListOrder = {
  keys: [
    { sql: sql`${mailSuppressions.createdAt}`, type: "timestamptz" },
    { sql: sql`${mailSuppressions.email}`, type: "text" },
  ],
  direction: "desc",
};

/** One page of the owner's Suppressed Addresses list, newest first, with its counts. */
export async function listSuppressions(
  db: Database,
  query: SuppressionListQuery,
): Promise<OwnerListPage<SuppressionRow>> {
  const source: ListSource<typeof suppressionColumns> = {
    table: mailSuppressions,
    columns: suppressionColumns,
    search: searchCondition(query.q),
  };
  const { rows, counts } = await readListPage(db, source, NEWEST_FIRST, { page: query.page, archived: "include" });
  return listPageOf(
    rows.map((row) => ({ ...row, kind: row.kind as SuppressionKind, createdAt: row.createdAt.toISOString() })),
    counts,
    query.page,
    "suppressed addresses",
  );
}

export const FIRST_SUPPRESSION_PAGE: SuppressionListQuery = { page: 1, q: "" };

/** Lifts a suppression: the address gets mail queued from now on. False when it was not suppressed. */
export async function liftSuppression(db: Database, email: string): Promise<boolean> {
  const lifted = await db
    .delete(mailSuppressions)
    .where(eq(mailSuppressions.email, email))
    .returning({ email: mailSuppressions.email });
  return lifted.length > 0;
}
