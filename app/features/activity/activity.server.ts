import { and, desc, eq, inArray, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { activityLog } from "~/db/schema";
import type { ActivityEntry } from "~/lib/api-calls.server";
import { listPageOf, type OwnerListPage } from "~/lib/owner-list";
import { creationOrder, readListPage } from "~/lib/owner-list.server";
import { getSiteSettings } from "~/lib/site-settings.server";
import type { Actor } from "./actor.server";
import type { ActivityListQuery, ActivityView } from "./schema";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Rows one recording prunes at most, so that a shortened retention empties the old rows over a few changes. */
const PRUNE_BATCH = 500;

/** What `recordActivity` stores: the entry, who made it and from where; `occurredAt` defaults to now. */
export type NewActivity = ActivityEntry & { actor: Actor; clientAddress: string | null; occurredAt?: Date };

/** Deletes (at most a batch of) the entries older than the retention the settings name. */
export async function pruneActivity(db: Database, now: Date): Promise<number> {
  const { activityLog: settings } = await getSiteSettings(db);
  const cutoff = new Date(now.getTime() - settings.retentionDays * DAY_MS);
  const oldest = db
    .select({ id: activityLog.id })
    .from(activityLog)
    .where(lt(activityLog.occurredAt, cutoff))
    .orderBy(activityLog.occurredAt, activityLog.id)
    .limit(PRUNE_BATCH);
  const deleted = await db.delete(activityLog).where(inArray(activityLog.id, oldest)).returning({ id: activityLog.id });
  return deleted.length;
}

/** Recorded by every backup, from the owner's download or `npm run backup`. */
export const BACKUP_TAKEN = "backup.taken";

/** When an entry of `kind` was last recorded, or null: none yet, or none within the log's retention. */
export async function lastRecordedAt(db: Database, kind: string): Promise<string | null> {
  const [row] = await db
    .select({ occurredAt: activityLog.occurredAt })
    .from(activityLog)
    .where(eq(activityLog.kind, kind))
    .orderBy(desc(activityLog.occurredAt), desc(activityLog.id))
    .limit(1);
  return row?.occurredAt.toISOString() ?? null;
}

/** Adds an entry to the log and prunes what has outlived the retention. */
export async function recordActivity(db: Database, entry: NewActivity): Promise<void> {
  const occurredAt = entry.occurredAt ?? new Date();
  await db.insert(activityLog).values({
    occurredAt,
    actorStaffId: entry.actor.staffId,
    actorEmail: entry.actor.email,
    kind: entry.kind,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    subjectTitle: entry.subjectTitle,
    detail: entry.detail ?? null,
    clientAddress: entry.clientAddress,
  });
  await pruneActivity(db, occurredAt);
}

const activityColumns = {
  id: activityLog.id,
  occurredAt: activityLog.occurredAt,
  actorStaffId: activityLog.actorStaffId,
  actorEmail: activityLog.actorEmail,
  kind: activityLog.kind,
  subjectType: activityLog.subjectType,
  subjectId: activityLog.subjectId,
  subjectTitle: activityLog.subjectTitle,
  detail: activityLog.detail,
  clientAddress: activityLog.clientAddress,
};

function filterCondition(query: ActivityListQuery): SQL | undefined {
  return and(
    query.person ? sql`lower(${activityLog.actorEmail}) = lower(${query.person})` : undefined,
    query.kind ? eq(activityLog.kind, query.kind) : undefined,
  );
}

/** One page of the log, newest first, filtered by person (their email) and kind, with the counts. */
export async function listActivity(db: Database, query: ActivityListQuery): Promise<OwnerListPage<ActivityView>> {
  const { rows, counts } = await readListPage(
    db,
    { table: activityLog, columns: activityColumns, search: filterCondition(query) },
    creationOrder(activityLog.occurredAt, activityLog.id, "desc"),
    { page: query.page, archived: "exclude" },
  );
  const entries = rows.map((row) => ({ ...row, occurredAt: row.occurredAt.toISOString() }));
  return listPageOf(entries, counts, query.page, "entries");
}

/** The people and kinds the log holds, for the filters' choices. */
export async function activityFilterChoices(db: Database): Promise<{ people: string[]; kinds: string[] }> {
  const people = await db
    .selectDistinct({ email: activityLog.actorEmail })
    .from(activityLog)
    .where(isNotNull(activityLog.actorEmail))
    .orderBy(activityLog.actorEmail);
  const kinds = await db.selectDistinct({ kind: activityLog.kind }).from(activityLog).orderBy(activityLog.kind);
  return { people: people.flatMap((row) => (row.email ? [row.email] : [])), kinds: kinds.map((row) => row.kind) };
}

/** The first page of the whole log. */
export const FIRST_ACTIVITY_PAGE: ActivityListQuery = { page: 1, person: "", kind: "" };
