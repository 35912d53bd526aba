import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { audioRequests, podcastEpisodes } from "~/db/schema";

/** One player's request as it waits in memory to be written: the audio's key stands for its episode. */
export type BufferedRequest = Omit<
  typeof audioRequests.$inferInsert,
  "id" | "episodeId" | "downloadAt" | "examinedAt"
> & { audioKey: string };

/** A batch is written at the latest this long after its first request arrived, or at once when it holds a full insert. */
const WRITE_AFTER_MS = 200;
/** Rows per INSERT: 12 values each stay well below PostgreSQL's 65,535 parameters. */
const ROWS_PER_INSERT = 500;
/** Past this many requests waiting (the database slow or away), new ones are dropped rather than held. */
const MOST_WAITING = 20_000;

type RequestBuffer = {
  db: Database;
  waiting: BufferedRequest[];
  dropped: number;
  timer: NodeJS.Timeout | null;
  writing: Promise<void> | null;
};

const buffers = new WeakMap<Database, RequestBuffer>();

function bufferOf(db: Database): RequestBuffer {
  let buffer = buffers.get(db);
  if (!buffer) {
    buffer = { db, waiting: [], dropped: 0, timer: null, writing: null };
    buffers.set(db, buffer);
  }
  return buffer;
}

/** One multi-row INSERT; a request for a key no episode has (any more) is left out by the join. */
async function insertRequests(db: Database, rows: BufferedRequest[]): Promise<void> {
  const values = sql.join(
    rows.map(
      (row) =>
        sql`(${row.audioKey}, ${row.listener}, ${row.earlierDayListener}, ${row.at.toISOString()}::timestamptz, ${row.firstByte}::bigint, ${row.lastByte}::bigint, ${row.size}::bigint, ${row.app}, ${row.platform}, ${row.device}, ${row.access}, ${row.country})`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    insert into ${audioRequests} (episode_id, listener, earlier_day_listener, at, first_byte, last_byte, size, app, platform, device, access, country)
    select ${podcastEpisodes.id}, r.listener, r.earlier_day_listener, r.at, r.first_byte, r.last_byte, r.size, r.app, r.platform, r.device, r.access, r.country
    from (values ${values}) as r(audio_key, listener, earlier_day_listener, at, first_byte, last_byte, size, app, platform, device, access, country)
    join ${podcastEpisodes} on ${podcastEpisodes.audioKey} = r.audio_key`);
}

/**
 * Writes what waits, an insert at a time, one writer per database: a full insert's worth goes on at once, a smaller
 * rest waits for the timer, so that a steady stream of requests is written in few statements. A failed insert is
 * logged and its requests are lost, as a response in flight is when the process dies.
 */
function write(buffer: RequestBuffer, everything = false): Promise<void> {
  if (buffer.timer) clearTimeout(buffer.timer);
  buffer.timer = null;
  if (buffer.writing) return buffer.writing;
  buffer.writing = (async () => {
    do {
      const rows = buffer.waiting.splice(0, ROWS_PER_INSERT);
      if (rows.length === 0) break;
      try {
        await insertRequests(buffer.db, rows);
      } catch (error) {
        console.error(
          `[analytics] ${rows.length} audio requests could not be recorded: ${error instanceof Error ? error.message : error}`,
        );
      }
    } while (everything || buffer.waiting.length >= ROWS_PER_INSERT);
    if (buffer.dropped > 0) {
      console.error(`[analytics] ${buffer.dropped} audio requests were not recorded: too many waited to be written`);
      buffer.dropped = 0;
    }
  })().finally(() => {
    buffer.writing = null;
    if (buffer.waiting.length > 0) scheduleWrite(buffer);
  });
  return buffer.writing;
}

function scheduleWrite(buffer: RequestBuffer) {
  if (buffer.timer || buffer.writing) return;
  buffer.timer = setTimeout(() => void write(buffer), WRITE_AFTER_MS);
  buffer.timer.unref();
}

/** Keeps a request to be written with the next batch; nothing here waits on the database. */
export function bufferRequest(db: Database, request: BufferedRequest): void {
  const buffer = bufferOf(db);
  if (buffer.waiting.length >= MOST_WAITING) {
    buffer.dropped += 1;
    return;
  }
  buffer.waiting.push(request);
  if (buffer.waiting.length >= ROWS_PER_INSERT) void write(buffer);
  else scheduleWrite(buffer);
}

/** Writes every request waiting now (before the database closes, and where a test reads them at once). */
export async function flushAudioRequests(db: Database): Promise<void> {
  const buffer = bufferOf(db);
  while (buffer.writing || buffer.waiting.length > 0) await write(buffer, true);
}
