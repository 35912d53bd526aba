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
/** Rows per INSERT: one statement's work, short enough that PGlite, which runs nothing else meanwhile, is not held long. */
const ROWS_PER_INSERT = 500;
/** Past this many requests waiting (the database slow or away), new ones are dropped rather than held. */
const MOST_WAITING = 20_000;

type RequestBuffer = {
  db: Database;
  waiting: BufferedRequest[];
  /** Each listener's latest waiting request of an episode's audio, which the next one may join. */
  latestOfListener: Map<string, BufferedRequest>;
  dropped: number;
  timer: NodeJS.Timeout | null;
  writing: Promise<void> | null;
};

const buffers = new WeakMap<Database, RequestBuffer>();

function bufferOf(db: Database): RequestBuffer {
  let buffer = buffers.get(db);
  if (!buffer) {
    buffer = { db, waiting: [], latestOfListener: new Map(), dropped: 0, timer: null, writing: null };
    buffers.set(db, buffer);
  }
  return buffer;
}

/**
 * One INSERT of the rows as a single JSON parameter: a statement with twelve parameters a row cost more to build and to
 * parse than to run. A request for a key no episode has (any more) is left out by the join.
 */
async function insertRequests(db: Database, rows: BufferedRequest[]): Promise<void> {
  const requests = JSON.stringify(
    rows.map((row) => ({
      audio_key: row.audioKey,
      listener: row.listener,
      earlier_day_listener: row.earlierDayListener,
      at: row.at.toISOString(),
      first_byte: row.firstByte,
      last_byte: row.lastByte,
      size: row.size,
      app: row.app,
      platform: row.platform,
      device: row.device,
      access: row.access,
      country: row.country,
    })),
  );
  await db.execute(sql`
    insert into ${audioRequests} (episode_id, listener, earlier_day_listener, at, first_byte, last_byte, size, app, platform, device, access, country)
    select ${podcastEpisodes.id}, r.listener, r.earlier_day_listener, r.at, r.first_byte, r.last_byte, r.size, r.app, r.platform, r.device, r.access, r.country
    from jsonb_to_recordset(${requests}::jsonb) as r(audio_key text, listener text, earlier_day_listener text, at timestamptz, first_byte bigint, last_byte bigint, size bigint, app text, platform text, device text, access text, country text)
    join ${podcastEpisodes} on ${podcastEpisodes.audioKey} = r.audio_key
    order by r.at`);
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
      for (const row of rows) {
        const pair = listenerPair(row);
        if (buffer.latestOfListener.get(pair) === row) buffer.latestOfListener.delete(pair);
      }
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

const listenerPair = (request: BufferedRequest) => `${request.listener} ${request.audioKey}`;

/** How far apart two requests written as one row may be: the row's time is the earlier one's. */
const JOINED_WITHIN_MS = 1000;

/**
 * Whether a request may be written as part of the listener's waiting one: the same file served the same way within a
 * second, and bytes that overlap or follow on, so that the row's one range covers exactly the bytes of both.
 */
const joins = (waiting: BufferedRequest, next: BufferedRequest) =>
  Math.abs(next.at.getTime() - waiting.at.getTime()) <= JOINED_WITHIN_MS &&
  waiting.size === next.size &&
  waiting.access === next.access &&
  next.firstByte <= waiting.lastByte + 1 &&
  next.lastByte >= waiting.firstByte - 1;

/**
 * Keeps a request to be written with the next batch; nothing here waits on the database. A player that asks for an
 * episode in many ranges at once, or a listener who asks for the same bytes again, would write a row per request: a
 * request within a second whose bytes touch the listener's waiting request of the same audio joins it instead, the
 * row keeping the earlier time (docs/analytics.md, "What is kept").
 */
export function bufferRequest(db: Database, request: BufferedRequest): void {
  const buffer = bufferOf(db);
  const pair = listenerPair(request);
  const waiting = buffer.latestOfListener.get(pair);
  if (waiting && joins(waiting, request)) {
    waiting.firstByte = Math.min(waiting.firstByte, request.firstByte);
    waiting.lastByte = Math.max(waiting.lastByte, request.lastByte);
    if (request.at < waiting.at) waiting.at = request.at;
    return;
  }
  if (buffer.waiting.length >= MOST_WAITING) {
    buffer.dropped += 1;
    return;
  }
  buffer.waiting.push(request);
  buffer.latestOfListener.set(pair, request);
  if (buffer.waiting.length >= ROWS_PER_INSERT) void write(buffer);
  else scheduleWrite(buffer);
}

/** Writes every request waiting now (before the database closes, and where a test reads them at once). */
export async function flushAudioRequests(db: Database): Promise<void> {
  const buffer = bufferOf(db);
  while (buffer.writing || buffer.waiting.length > 0) await write(buffer, true);
}
