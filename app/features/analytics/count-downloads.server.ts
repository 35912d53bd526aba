import { createHmac, randomBytes } from "node:crypto";
import { isIPv4, isIPv6 } from "node:net";
import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import maxmind, { type CountryResponse, type Reader } from "maxmind";
import type { Database, Transaction } from "~/db/client.server";
import { analyticsKeys, audioRequests, feedSubscriberReports, podcastEpisodes } from "~/db/schema";
import type { AppContext } from "~/lib/app-context.server";
import { startIntervalWorker } from "~/lib/interval-worker.server";
import type { MediaStorage } from "~/lib/media/media-storage.server";
import { addToDailyRows, type DailyDownloads } from "./daily-rows.server";
import { bufferRequest, flushAudioRequests } from "./request-buffer.server";
import { classifyUserAgent, LONGEST_AGENT_REMEMBERED, reportedSubscribers } from "./user-agents.server";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The first key of the two-key advisory locks a counting pass takes per episode; any constant no other lock uses. */
const EPISODE_LOCK_SPACE = 58_024;
/** The IAB guidelines' least listening that makes a download: one minute of audio, plus the file's header. */
const MINIMUM_SECONDS = 60;

/** Who may have an episode's audio as it was served: to everyone, or to a member or the owner only. */
export type DownloadAccess = "public" | "premium";

/** One GET for an episode's audio, as a route answered it: the bytes served (or redirected to) of a file of `size`. */
export type AudioServed = {
  audioKey: string;
  access: DownloadAccess;
  clientIp: string;
  userAgent: string | null;
  start: number;
  end: number;
  size: number;
  at: Date;
};

export type CountingDeps = { db: Database; media: MediaStorage; geoipDb?: string };

/** The UTC day of a time, as the daily rows and the day's key name it. */
export const utcDay = (time: Date) => time.toISOString().slice(0, 10);

function expandIPv6(address: string): string[] {
  const [head, tail = ""] = address.split("::");
  const part = (text: string) => (text === "" ? [] : text.split(":"));
  const left = part(head);
  const right = part(tail);
  const groups = address.includes("::")
    ? [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right]
    : left;
  return groups.map((group) => group.padStart(4, "0").toLowerCase());
}

/**
 * The address that names a listener: a whole IPv4 address, an IPv6 address's /64 (one household's or one phone's
 * network hands out many addresses within it); an IPv4 address written as IPv6 is the IPv4 address.
 */
export function listenerAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  return `${expandIPv6(ip.split("%")[0]).slice(0, 4).join(":")}::/64`;
}

const dayKeys = new WeakMap<Database, Map<string, Promise<string>>>();

/** The day's key, made once by whichever instance needs it first and shared through the database. */
function dayKey(db: Database, day: string): Promise<string> {
  let keys = dayKeys.get(db);
  if (!keys) {
    keys = new Map();
    dayKeys.set(db, keys);
  }
  let key = keys.get(day);
  if (!key) {
    key = (async () => {
      await db
        .insert(analyticsKeys)
        .values({ day, secret: randomBytes(32).toString("base64url") })
        .onConflictDoNothing();
      const [row] = await db
        .select({ secret: analyticsKeys.secret })
        .from(analyticsKeys)
        .where(eq(analyticsKeys.day, day));
      return row.secret;
    })();
    const ownKeys = keys;
    key.catch(() => ownKeys.delete(day));
    // Only today's and yesterday's keys are ever asked for: older ones leave memory as the database deletes them.
    for (const known of keys.keys()) if (known < utcDay(new Date(Date.parse(day) - DAY_MS))) keys.delete(known);
    keys.set(day, key);
  }
  return key;
}

/** Listeners whose hashes are kept per key: a listener's requests come in runs, and an HMAC per request is not free. */
const MOST_HASHES_REMEMBERED = 10_000;
/** The hashes made under at most two keys (today's and yesterday's): a third key's first use forgets the first kept. */
const hashesUnderKey = new Map<string, Map<string, string>>();

const hmacOf = (secret: string, listener: string) => createHmac("sha256", secret).update(listener).digest("base64url");

function listenerHash(secret: string, address: string, userAgent: string): string {
  const listener = `${address}\n${userAgent}`;
  // An agent longer than real ones is hashed each time: made-up agents of a header's size are not kept in memory.
  if (userAgent.length > LONGEST_AGENT_REMEMBERED) return hmacOf(secret, listener);
  let hashes = hashesUnderKey.get(secret);
  if (!hashes) {
    if (hashesUnderKey.size >= 2) hashesUnderKey.delete(hashesUnderKey.keys().next().value as string);
    hashes = new Map();
    hashesUnderKey.set(secret, hashes);
  }
  let hash = hashes.get(listener);
  if (!hash) {
    if (hashes.size >= MOST_HASHES_REMEMBERED) hashes.clear();
    hash = hmacOf(secret, listener);
    hashes.set(listener, hash);
  }
  return hash;
}

const countryReaders = new Map<string, Promise<Reader<CountryResponse>>>();

/** The country of an address from the GEOIP_DB file (a MaxMind country or city database), '' when not known. */
async function countryOf(geoipDb: string | undefined, ip: string): Promise<string> {
  if (!geoipDb) return "";
  let reader = countryReaders.get(geoipDb);
  if (!reader) {
    reader = maxmind.open<CountryResponse>(geoipDb, { watchForUpdates: false });
    countryReaders.set(geoipDb, reader);
  }
  const address = ip.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, "$1");
  if (!maxmind.validate(address)) return "";
  return (await reader).get(address)?.country?.iso_code ?? "";
}

const headerSizes = new Map<string, Promise<number>>();
const HEADER_SIZES_KEPT = 1000;

/** The ID3v2 tag's length at the start of an MP3 (0 when there is none), read once per file. */
function headerSize(media: MediaStorage, key: string): Promise<number> {
  let size = headerSizes.get(key);
  if (!size) {
    size = (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of await media.read(key, { start: 0, end: 9 })) chunks.push(chunk as Buffer);
      const head = Buffer.concat(chunks);
      if (head.length < 10 || head.toString("latin1", 0, 3) !== "ID3") return 0;
      // Four 7-bit bytes, then the 10 bytes of the tag's own header.
      return ((head[6] << 21) | (head[7] << 14) | (head[8] << 7) | head[9]) + 10;
    })();
    size.catch(() => headerSizes.delete(key));
    if (headerSizes.size >= HEADER_SIZES_KEPT) headerSizes.clear();
    headerSizes.set(key, size);
  }
  return size;
}

/** The bytes a download needs: one minute of audio and the header, or the whole file when it is shorter or its length is not known. */
export function bytesForDownload(size: number, durationSeconds: number | null, header: number): number {
  if (!durationSeconds || durationSeconds <= MINIMUM_SECONDS) return size;
  const audioBytes = Math.max(size - header, 0);
  return Math.min(size, header + Math.ceil((audioBytes * MINIMUM_SECONDS) / durationSeconds));
}

/** How many bytes the ranges cover together, overlaps once. */
export function coveredBytes(ranges: { firstByte: number; lastByte: number }[]): number {
  const sorted = [...ranges].sort((a, b) => a.firstByte - b.firstByte);
  let covered = 0;
  let reach = -1;
  for (const { firstByte, lastByte } of sorted) {
    if (lastByte <= reach) continue;
    covered += lastByte - Math.max(firstByte, reach + 1) + 1;
    reach = lastByte;
  }
  return covered;
}

/**
 * Builds a request's raw row and leaves it in the buffer; nothing here waits on the database once the day's keys are
 * known. A bot's request is left out here; the download is counted later, by `countDownloads`.
 */
export async function recordAudioRequest(deps: CountingDeps, served: AudioServed): Promise<void> {
  const who = classifyUserAgent(served.userAgent);
  if (who.kind === "bot") return;
  const { db } = deps;
  const { at } = served;
  const [todayKey, yesterdayKey, country] = await Promise.all([
    dayKey(db, utcDay(at)),
    dayKey(db, utcDay(new Date(at.getTime() - DAY_MS))),
    countryOf(deps.geoipDb, served.clientIp),
  ]);
  const address = listenerAddress(served.clientIp);
  const userAgent = served.userAgent ?? "";
  bufferRequest(db, {
    audioKey: served.audioKey,
    listener: listenerHash(todayKey, address, userAgent),
    // Within 24 hours the listener's requests of the day before were hashed with yesterday's key.
    earlierDayListener: listenerHash(yesterdayKey, address, userAgent),
    at,
    firstByte: served.start,
    lastByte: served.end,
    size: served.size,
    app: who.app,
    platform: who.platform,
    device: who.device,
    access: served.access,
    country,
  });
}

/**
 * Counts an audio request beside its response: after the response is on its way, never awaited by it, and a failure
 * (the day's key not to be had) is logged and forgotten, so counting never delays or fails the audio.
 */
export function countAudioServed(deps: CountingDeps, served: AudioServed): void {
  setImmediate(() => {
    recordAudioRequest(deps, served).catch((error: unknown) => {
      console.error(`[analytics] could not count an audio request: ${error instanceof Error ? error.message : error}`);
    });
  });
}

/** Requests one counting transaction examines at most: PGlite runs nothing else while it lasts. */
const REQUESTS_PER_PASS = 500;

type WaitingRequest = {
  id: number;
  episodeId: number;
  listener: string;
  earlierDayListener: string;
  at: Date;
  firstByte: number;
  lastByte: number;
  size: number;
  app: string;
  platform: string;
  device: string;
  access: string;
  country: string;
  durationSeconds: number | null;
  audioKey: string | null;
};

type LatestDownload = { listener: string; episode_id: number; download_at: string | Date };

type ExaminedRequest = { id: number; at: Date; firstByte: number; lastByte: number };

/**
 * Whether an earlier request's bytes lie within a later one's: the earlier then adds nothing to what the listener has
 * asked for while both are in the window, and leaves it first, so the rules can forget it.
 */
const within = (earlier: ExaminedRequest, later: ExaminedRequest) =>
  earlier.firstByte >= later.firstByte && earlier.lastByte <= later.lastByte;

/**
 * Examines up to REQUESTS_PER_PASS waiting requests within the caller's transaction, by the IAB guidelines
 * (docs/analytics.md): a listener's requests for an episode within a rolling 24 hours add up until they cover the bytes
 * a download needs, and a listener's episode counts once in 24 hours. The requests are claimed with SKIP LOCKED, so
 * that several instances take different ones; a transaction-scoped advisory lock per episode makes the passes that
 * hold requests of one episode take turns, and each sees what the one before it examined. Marking the requests and
 * adding the downloads to their daily rows commit together: a crash leaves all of it or none.
 */
export async function examineWaitingRequests(
  tx: Transaction,
  media: MediaStorage,
  now: Date,
): Promise<{ examined: number; counted: number }> {
  const waiting: WaitingRequest[] = await tx
    .select({
      id: audioRequests.id,
      episodeId: audioRequests.episodeId,
      listener: audioRequests.listener,
      earlierDayListener: audioRequests.earlierDayListener,
      at: audioRequests.at,
      firstByte: audioRequests.firstByte,
      lastByte: audioRequests.lastByte,
      size: audioRequests.size,
      app: audioRequests.app,
      platform: audioRequests.platform,
      device: audioRequests.device,
      access: audioRequests.access,
      country: audioRequests.country,
      durationSeconds: podcastEpisodes.durationSeconds,
      audioKey: podcastEpisodes.audioKey,
    })
    .from(audioRequests)
    .innerJoin(podcastEpisodes, eq(podcastEpisodes.id, audioRequests.episodeId))
    .where(isNull(audioRequests.examinedAt))
    .orderBy(audioRequests.id)
    .limit(REQUESTS_PER_PASS)
    .for("update", { of: audioRequests, skipLocked: true });
  if (waiting.length === 0) return { examined: 0, counted: 0 };

  const episodes = [...new Set(waiting.map((request) => request.episodeId))].sort((a, b) => a - b);
  await tx.execute(
    sql`select pg_advisory_xact_lock(${EPISODE_LOCK_SPACE}::int, episode) from (values ${sql.join(
      episodes.map((id) => sql`(${id}::int)`),
      sql`, `,
    )}) as locked(episode)`,
  );

  const groups = new Map<string, WaitingRequest[]>();
  // In the order the requests came, which instances' batches may have written out of order.
  for (const request of [...waiting].sort((a, b) => a.at.getTime() - b.at.getTime() || a.id - b.id)) {
    const group = `${request.listener} ${request.episodeId}`;
    const requests = groups.get(group);
    if (requests) requests.push(request);
    else groups.set(group, [request]);
  }
  // Examined requests of these listeners and episodes, under either of each listener's hashes; read after the locks.
  const pairs = sql.join(
    [...groups.values()].flatMap(([first]) => [
      sql`(${first.listener}, ${first.episodeId}::int)`,
      sql`(${first.earlierDayListener}, ${first.episodeId}::int)`,
    ]),
    sql`, `,
  );
  const latestDownloads = await tx.execute(sql`
    select pair.listener, pair.episode_id, latest.download_at
    from (values ${pairs}) as pair(listener, episode_id)
    cross join lateral (
      select max(${audioRequests.downloadAt}) as download_at from ${audioRequests}
      where ${audioRequests.listener} = pair.listener and ${audioRequests.episodeId} = pair.episode_id
        and ${audioRequests.examinedAt} is not null
    ) as latest
    where latest.download_at is not null`);
  const latestDownload = new Map(
    (latestDownloads as unknown as { rows: LatestDownload[] }).rows.map((row) => [
      `${row.listener} ${row.episode_id}`,
      new Date(row.download_at),
    ]),
  );
  const downloadOf = (request: WaitingRequest) => {
    const times = [
      latestDownload.get(`${request.listener} ${request.episodeId}`),
      latestDownload.get(`${request.earlierDayListener} ${request.episodeId}`),
    ].filter((time): time is Date => time !== undefined);
    return times.length === 0 ? undefined : new Date(Math.max(...times.map((time) => time.getTime())));
  };

  // Open requests (no download) are read only for the listeners without a download in the last 24 hours.
  const windowOf = (request: WaitingRequest) => request.at.getTime() - DAY_MS;
  const undecided = [...groups.values()].filter(([first]) => {
    const download = downloadOf(first);
    return !download || download.getTime() <= windowOf(first);
  });
  const open = new Map<string, ExaminedRequest[]>();
  if (undecided.length > 0) {
    const since = new Date(Math.min(...undecided.map(([first]) => windowOf(first))));
    // A listener who asks for the same bytes again and again without a download (a player's probes) leaves a row each
    // time: the latest of each range is all the rules need, as it leaves the window last.
    const rows = await tx
      .selectDistinctOn(
        [audioRequests.listener, audioRequests.episodeId, audioRequests.firstByte, audioRequests.lastByte],
        {
          id: audioRequests.id,
          listener: audioRequests.listener,
          episodeId: audioRequests.episodeId,
          at: audioRequests.at,
          firstByte: audioRequests.firstByte,
          lastByte: audioRequests.lastByte,
        },
      )
      .from(audioRequests)
      .where(
        and(
          inArray(
            audioRequests.listener,
            undecided.flatMap(([first]) => [first.listener, first.earlierDayListener]),
          ),
          inArray(
            audioRequests.episodeId,
            undecided.map(([first]) => first.episodeId),
          ),
          isNull(audioRequests.downloadAt),
          isNotNull(audioRequests.examinedAt),
          gt(audioRequests.at, since),
        ),
      )
      .orderBy(
        audioRequests.listener,
        audioRequests.episodeId,
        audioRequests.firstByte,
        audioRequests.lastByte,
        desc(audioRequests.at),
      );
    for (const row of rows) {
      const key = `${row.listener} ${row.episodeId}`;
      open.set(key, [...(open.get(key) ?? []), row]);
    }
  }

  const downloadAt = new Map<number, Date | null>(waiting.map((request) => [request.id, null]));
  const counted: DailyDownloads[] = [];
  // Groups go in the order their first requests came, and each leaves what it decided for a later group of the same
  // listener under the next day's key (requests on both sides of midnight in one pass).
  for (const [group, requests] of groups) {
    const [first] = requests;
    let download = downloadOf(first);
    let pending = [
      ...(open.get(group) ?? []),
      ...(open.get(`${first.earlierDayListener} ${first.episodeId}`) ?? []),
    ].filter((earlier) => !downloadAt.get(earlier.id));
    // A file that cannot be read (gone, or the bucket away) is taken as having no header rather than stopping the pass.
    const header = first.audioKey ? await headerSize(media, first.audioKey).catch(() => 0) : 0;
    for (const request of requests) {
      const windowStart = windowOf(request);
      if (download && download.getTime() > windowStart) {
        downloadAt.set(request.id, download);
        continue;
      }
      pending = [
        ...pending.filter((earlier) => earlier.at.getTime() > windowStart && !within(earlier, request)),
        request,
      ];
      if (coveredBytes(pending) < bytesForDownload(request.size, request.durationSeconds, header)) continue;
      download = request.at;
      for (const taken of pending) downloadAt.set(taken.id, download);
      pending = [];
      counted.push({
        day: utcDay(request.at),
        episodeId: request.episodeId,
        app: request.app,
        platform: request.platform,
        device: request.device,
        access: request.access,
        country: request.country,
        downloads: 1,
      });
    }
    if (download) latestDownload.set(group, download);
    open.set(group, pending);
  }

  await tx.execute(sql`
    update ${audioRequests} set
      examined_at = coalesce(${audioRequests.examinedAt}, ${now.toISOString()}::timestamptz),
      download_at = coalesce(marked.download_at, ${audioRequests.downloadAt})
    from jsonb_to_recordset(${JSON.stringify(
      [...downloadAt].map(([id, at]) => ({ id, download_at: at?.toISOString() ?? null })),
    )}::jsonb) as marked(id int, download_at timestamptz)
    where ${audioRequests.id} = marked.id`);
  await addToDailyRows(tx, sumDailyDownloads(counted));
  return { examined: waiting.length, counted: counted.length };
}

/** One row per day, episode and the rest, as one INSERT … ON CONFLICT may touch a row only once. */
function sumDailyDownloads(downloads: DailyDownloads[]): DailyDownloads[] {
  const sums = new Map<string, DailyDownloads>();
  for (const download of downloads) {
    const key = JSON.stringify([
      download.day,
      download.episodeId,
      download.app,
      download.platform,
      download.device,
      download.access,
      download.country,
    ]);
    const sum = sums.get(key);
    if (sum) sum.downloads += download.downloads;
    else sums.set(key, { ...download });
  }
  return [...sums.values()];
}

/** Examines every waiting request, a transaction at a time; returns the downloads counted. */
export async function countDownloads(deps: Pick<CountingDeps, "db" | "media">, signal?: AbortSignal): Promise<number> {
  let counted = 0;
  while (!signal?.aborted) {
    const pass = await deps.db.transaction((tx) => examineWaitingRequests(tx, deps.media, new Date()));
    counted += pass.counted;
    if (pass.examined < REQUESTS_PER_PASS) break;
  }
  return counted;
}

const COUNTING_INTERVAL_MS = 2000;

/**
 * The counting beside the web server: every two seconds a pass examines the requests written since the last one, so a
 * download shows within seconds. `stop` waits for the pass under way and writes the requests still in memory, which
 * the next start counts.
 */
export function startDownloadCounting(deps: Pick<CountingDeps, "db" | "media">): { stop(): Promise<void> } {
  const worker = startIntervalWorker(COUNTING_INTERVAL_MS, async (signal) => {
    try {
      await countDownloads(deps, signal);
    } catch (error) {
      console.error(`[analytics] could not count downloads: ${error instanceof Error ? error.message : error}`);
    }
  });
  return {
    async stop() {
      await worker.stop();
      await flushAudioRequests(deps.db);
    },
  };
}

/**
 * Deletes raw requests older than `rawDays` and the keys no request within 24 hours was hashed with (all but today's
 * and yesterday's): the hashes left can no longer be linked to an address. The daily rows stay.
 */
export async function purgeAnalytics(db: Database, now: Date, rawDays: number): Promise<void> {
  await db.delete(audioRequests).where(lt(audioRequests.at, new Date(now.getTime() - rawDays * DAY_MS)));
  await db.delete(analyticsKeys).where(lt(analyticsKeys.day, utcDay(new Date(now.getTime() - DAY_MS))));
}

/**
 * What a route that serves an episode's audio hands `serveMedia` as `onServe`: each GET's bytes counted on the side,
 * with who asked (the address by the TRUST_PROXY rules, the user agent) and when.
 */
export function countServedAudio(
  context: Pick<AppContext, "db" | "media" | "env" | "clientIp">,
  request: Request,
  audioKey: string,
  access: DownloadAccess,
): (bytes: { start: number; end: number; size: number }) => void {
  const deps = { db: context.db, media: context.media, geoipDb: context.env.GEOIP_DB };
  return (bytes) =>
    countAudioServed(deps, {
      ...bytes,
      audioKey,
      access,
      clientIp: context.clientIp,
      userAgent: request.headers.get("User-Agent"),
      at: new Date(),
    });
}

/**
 * Keeps a feed reader's report of its subscribers ("… 42 subscribers" in its user agent), the latest per reader, on
 * the side of the feed's response like a download; anything else is left alone at the cost of one regular expression.
 */
export function noteFeedSubscribers(db: Database, userAgent: string | undefined, at: Date): void {
  const report = reportedSubscribers(userAgent ?? null);
  if (!report) return;
  setImmediate(() => {
    db.insert(feedSubscriberReports)
      .values({ ...report, reportedAt: at })
      .onConflictDoUpdate({
        target: feedSubscriberReports.reader,
        set: { subscribers: report.subscribers, reportedAt: at },
      })
      .catch((error: unknown) => {
        console.error(
          `[analytics] could not keep a feed reader's report: ${error instanceof Error ? error.message : error}`,
        );
      });
  });
}
