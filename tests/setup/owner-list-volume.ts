import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";

/** A show a few years old: a volume at which a list that read every row would answer megabytes and exhaust the heap. */
export const VOLUME = { subscribers: 50_000, contacts: 20_000 } as const;

/** Every twentieth subscriber and every tenth message is archived, so that Show Archived has rows to add. */
export const ARCHIVED_SUBSCRIBERS = VOLUME.subscribers / 20;

/**
 * Seeds that volume with one INSERT … SELECT over generate_series per table: seconds, where a row at a time would take
 * minutes. A contact message is about 460 characters, as a real one is.
 */
export async function seedOwnerListVolume(db: Database): Promise<void> {
  await db.execute(sql`
    insert into subscribers (email, first_name, source, created_at, archived)
    select 'subscriber-' || n || '@example.com', 'Reader' || n, 'launch',
           timestamptz '2024-01-01' + n * interval '1 minute', n % 20 = 0
    from generate_series(1, ${VOLUME.subscribers}) as n`);
  await db.execute(sql`
    insert into contacts (name, email, subject, message, created_at, read, archived)
    select 'Sender ' || n, 'sender-' || n || '@example.com', 'pitch', repeat('A story worth telling. ', 20),
           timestamptz '2024-01-01' + n * interval '1 minute', n % 3 = 0, n % 10 = 0
    from generate_series(1, ${VOLUME.contacts}) as n`);
  await db.execute(sql`analyze subscribers`);
  await db.execute(sql`analyze contacts`);
}
