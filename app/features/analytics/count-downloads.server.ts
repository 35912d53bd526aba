import { createHmac, randomBytes } from "node:crypto";
import { isIPv4, isIPv6 } from "node:net";
import { and, eq, gt, inArray, isNull, lt, sql } from "drizzle-orm";
import maxmind, { type CountryResponse, type Reader } from "maxmind";
import type { Database } from "~/db/client.server";
import { analyticsKeys, audioRequests, feedSubscriberReports, podcastEpisodes } from "~/db/schema";
import type { AppContext } from "~/lib/app-context.server";
import type { MediaStorage } from "~/lib/media/media-storage.server";
import { addToDailyRows } from "./daily-rows.server";
import { classifyUserAgent, reportedSubscribers } from "./user-agents.server";

const DAY_MS = 24 * 60 * 60 * 1000;
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

const listenerHash = (secret: string, address: string, userAgent: string) =>
  createHmac("sha256", secret).update(`${address}\n${userAgent}`).digest("base64url");

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
 * Records one request and counts the download it completes, by the IAB guidelines (docs/analytics.md): the listener's
 * requests for the episode within a rolling 24 hours add up until they cover the bytes a download needs, and a
 * listener's episode counts once in 24 hours. One transaction, under a lock on the listener and episode, records the
 * request, marks the requests a download took and adds it to the day's row: a crash leaves all of it or none, and two
 * instances never count one download twice.
 */
export async function recordAudioRequest(deps: CountingDeps, served: AudioServed): Promise<"counted" | "not counted"> {
  const who = classifyUserAgent(served.userAgent);
  if (who.kind === "bot") return "not counted";
  const { db } = deps;
  const [episode] = await db
    .select({ id: podcastEpisodes.id, durationSeconds: podcastEpisodes.durationSeconds })
    .from(podcastEpisodes)
    .where(eq(podcastEpisodes.audioKey, served.audioKey))
    .limit(1);
  if (!episode) return "not counted";
  const { at } = served;
  const today = utcDay(at);
  const [todayKey, yesterdayKey, header, country] = await Promise.all([
    dayKey(db, today),
    dayKey(db, utcDay(new Date(at.getTime() - DAY_MS))),
    headerSize(deps.media, served.audioKey),
    countryOf(deps.geoipDb, served.clientIp),
  ]);
  const address = listenerAddress(served.clientIp);
  const userAgent = served.userAgent ?? "";
  const listener = listenerHash(todayKey, address, userAgent);
  // Within 24 hours a listener may have been hashed with yesterday's key as well.
  const listeners = [listener, listenerHash(yesterdayKey, address, userAgent)];
  const needed = bytesForDownload(served.size, episode.durationSeconds, header);
  const windowStart = new Date(at.getTime() - DAY_MS);

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${listener}:${episode.id}`}, 0))`);
    const mine = and(
      inArray(audioRequests.listener, listeners),
      eq(audioRequests.episodeId, episode.id),
      gt(audioRequests.at, windowStart),
    );
    const [earlier] = await tx
      .select({ downloadAt: sql<Date>`max(${audioRequests.downloadAt})`.mapWith(audioRequests.downloadAt) })
      .from(audioRequests)
      .where(and(mine, gt(audioRequests.downloadAt, windowStart)));
    if (earlier?.downloadAt) {
      await tx.insert(audioRequests).values({
        episodeId: episode.id,
        listener,
        at,
        firstByte: served.start,
        lastByte: served.end,
        downloadAt: earlier.downloadAt,
      });
      return "not counted";
    }
    const [request] = await tx
      .insert(audioRequests)
      .values({ episodeId: episode.id, listener, at, firstByte: served.start, lastByte: served.end })
      .returning({ id: audioRequests.id });
    const open = await tx
      .select({ id: audioRequests.id, firstByte: audioRequests.firstByte, lastByte: audioRequests.lastByte })
      .from(audioRequests)
      .where(and(mine, isNull(audioRequests.downloadAt)));
    if (!open.some((row) => row.id === request.id) || coveredBytes(open) < needed) return "not counted";
    await tx
      .update(audioRequests)
      .set({ downloadAt: at })
      .where(
        inArray(
          audioRequests.id,
          open.map((row) => row.id),
        ),
      );
    await addToDailyRows(tx, [
      {
        day: today,
        episodeId: episode.id,
        app: who.app,
        platform: who.platform,
        device: who.device,
        access: served.access,
        country,
        downloads: 1,
      },
    ]);
    return "counted";
  });
}

/**
 * Counts an audio request beside its response: after the response is on its way, never awaited by it, and a failure
 * (the database down) is logged and forgotten, so counting never delays or fails the audio.
 */
export function countAudioServed(deps: CountingDeps, served: AudioServed): void {
  setImmediate(() => {
    recordAudioRequest(deps, served).catch((error: unknown) => {
      console.error(`[analytics] could not count an audio request: ${error instanceof Error ? error.message : error}`);
    });
  });
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
