import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { memberEvents } from "~/db/schema";
import type { MembershipTier } from "~/lib/auth.server";
import type { VersionedSave } from "~/lib/versioned-row-route.server";
import type { EventEditorData, EventSaveData, ItemTier, OwnerEvent } from "./editor-schema";
import { formatEventTime, instantToZonedLocal, zonedLocalToInstant } from "./event-time";
import type { UpcomingEvent } from "./schema";

export const EVENT_NOT_FOUND = "Event not found";
export const EVENT_CONFLICT_MESSAGE =
  "This event was changed in another tab or by another save since you opened it. Reload to see the latest version.";

type EventRow = typeof memberEvents.$inferSelect;

const ownerEvent = (row: EventRow): OwnerEvent => ({
  id: row.id,
  title: row.title,
  description: row.description,
  startsAt: row.startsAt.toISOString(),
  startsAtLocal: instantToZonedLocal(row.startsAt, row.timeZone),
  timeZone: row.timeZone,
  durationMinutes: row.durationMinutes,
  joinUrl: row.joinUrl,
  tier: row.tier as ItemTier,
  version: row.version,
});

const columns = ({ startsAtLocal, ...fields }: EventEditorData) => ({
  ...fields,
  startsAt: zonedLocalToInstant(startsAtLocal, fields.timeZone),
});

/**
 * The events of the given tiers that have not ended by `now`, soonest first. An event still running counts, so a
 * member arriving late still finds its link.
 */
export async function listUpcomingEvents(db: Database, tiers: MembershipTier[], now: Date): Promise<UpcomingEvent[]> {
  if (tiers.length === 0) return [];
  const rows = await db
    .select()
    .from(memberEvents)
    .where(
      and(
        inArray(memberEvents.tier, tiers),
        gt(sql`${memberEvents.startsAt} + make_interval(mins => ${memberEvents.durationMinutes})`, now),
      ),
    )
    .orderBy(asc(memberEvents.startsAt), asc(memberEvents.id));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    startsAt: row.startsAt.toISOString(),
    durationMinutes: row.durationMinutes,
    when: formatEventTime(row.startsAt, row.timeZone),
    joinUrl: row.joinUrl,
  }));
}

/** Every event, past ones included, newest first: the owner's screen. */
export async function listOwnerEvents(db: Database): Promise<OwnerEvent[]> {
  const rows = await db.select().from(memberEvents).orderBy(sql`${memberEvents.startsAt} desc`, asc(memberEvents.id));
  return rows.map(ownerEvent);
}

export async function readOwnerEvent(db: Database, id: number): Promise<OwnerEvent | null> {
  const [row] = await db.select().from(memberEvents).where(eq(memberEvents.id, id));
  return row ? ownerEvent(row) : null;
}

export async function createEvent(db: Database, input: EventEditorData): Promise<OwnerEvent> {
  const [row] = await db.insert(memberEvents).values(columns(input)).returning();
  return ownerEvent(row);
}

/** Saves the event if it is still at the version the form opened; raises the version. */
export async function saveEvent(
  db: Database,
  id: number,
  { version, ...input }: EventSaveData,
): Promise<VersionedSave<OwnerEvent>> {
  const [row] = await db
    .update(memberEvents)
    .set({ ...columns(input), version: sql`${memberEvents.version} + 1`, updatedAt: new Date() })
    .where(and(eq(memberEvents.id, id), eq(memberEvents.version, version)))
    .returning();
  if (row) return { saved: ownerEvent(row) };
  const [exists] = await db.select({ id: memberEvents.id }).from(memberEvents).where(eq(memberEvents.id, id));
  return { refused: exists ? 409 : 404 };
}

export async function deleteEvent(db: Database, id: number): Promise<boolean> {
  const deleted = await db.delete(memberEvents).where(eq(memberEvents.id, id)).returning({ id: memberEvents.id });
  return deleted.length > 0;
}
