import { randomUUID } from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import type { AudioServed } from "../app/features/analytics/count-downloads.server";
import { mediaAnswer } from "../app/lib/media/media-answer.server";
import { isMediaKey } from "../app/lib/media/media-key";
import type { MediaStorage, StoredMedia } from "../app/lib/media/media-storage.server";
import { sendFileRange } from "./send-file-range";

const MEDIA_PREFIX = "/media/";

/** One GET of public audio the door sent bytes of, as counting reads it: its access is public. */
type PublicAudioServed = Omit<AudioServed, "access">;

export type MediaDoorOptions = {
  /** The audio keys everyone may have now, read from the database. */
  publicAudioKeys(): Promise<Set<string>>;
  /** The public content version (the page cache's): the keys are read again whenever it changes. */
  contentVersion(): Promise<string>;
  /** How often the version is read at most: the longest the door outlives a change of what is public. */
  versionCheckIntervalMs?: number;
  storage: Pick<MediaStorage, "stat" | "localPath">;
  /** Headers every response of the server carries, as the request's middleware would have set them. */
  headers: Record<string, string>;
  /** The client's address by the TRUST_PROXY rules. */
  clientAddress(req: IncomingMessage): string;
  /** Told each GET that sends bytes, after its headers: counted on the side. */
  onAudioServed(served: PublicAudioServed): void;
  now?(): number;
};

export type MediaDoor = {
  /**
   * Answers a GET or HEAD of a public episode's audio straight from the Node request, before any middleware, and
   * returns true (or a promise of it); false when the request must go on to the app.
   */
  answer(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean>;
};

const firstHeader = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return (Array.isArray(value) ? value.join(", ") : value) ?? null;
};

/**
 * The front door for public audio (docs/decisions/061-media-front-door.md): a GET or HEAD of `/media/<key>` whose key
 * is the audio of an episode everyone may hear now is answered here, with the route's headers (the one `mediaAnswer`),
 * streamed from the file with large reads, and counted on the side. Anything else (another path, a query string, a
 * key not known public, S3 storage, a file not found, the database unreadable) goes on to the app unchanged, which
 * decides as before.
 */
export function createMediaDoor(options: MediaDoorOptions): MediaDoor {
  const { publicAudioKeys, contentVersion, versionCheckIntervalMs = 1000, storage, now = Date.now } = options;
  let keys: Set<string> | null = null;
  let currentVersion: string | null = null;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let refreshing: Promise<Set<string>> | null = null;
  // A key never changes its bytes, so its size and validators are read once; dropped with the keys they belong to.
  const storedOf = new Map<string, Promise<StoredMedia | null>>();

  const refresh = () => {
    refreshing ??= (async () => {
      const version = await contentVersion();
      // Read after the version: the keys are at least as new as the version they are kept under.
      if (version !== currentVersion || keys === null) {
        keys = await publicAudioKeys();
        storedOf.clear();
      }
      currentVersion = version;
      checkedAt = now();
      return keys;
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  };

  const serve = async (req: IncomingMessage, res: ServerResponse, key: string, path: string): Promise<boolean> => {
    let stat = storedOf.get(key);
    if (!stat) {
      stat = storage.stat(key);
      storedOf.set(key, stat);
      // A file not there (yet) or not readable is asked again next time.
      stat.then(
        (found) => found ?? storedOf.delete(key),
        () => storedOf.delete(key),
      );
    }
    const stored = await stat;
    if (!stored) return false;
    const answer = mediaAnswer(
      stored,
      {
        ifNoneMatch: firstHeader(req.headers, "if-none-match"),
        ifModifiedSince: firstHeader(req.headers, "if-modified-since"),
        range: firstHeader(req.headers, "range"),
        ifRange: firstHeader(req.headers, "if-range"),
      },
      "immutable",
    );
    res.setHeader("X-Request-Id", randomUUID());
    res.writeHead(answer.status, { ...options.headers, ...answer.headers });
    if (answer.kind === "no body" || req.method === "HEAD") {
      res.end();
      return true;
    }
    const start = answer.range?.start ?? 0;
    const end = answer.range?.end ?? stored.size - 1;
    sendFileRange(res, path, start, end);
    options.onAudioServed({
      audioKey: key,
      clientIp: options.clientAddress(req),
      userAgent: firstHeader(req.headers, "user-agent"),
      start,
      end,
      size: stored.size,
      at: new Date(now()),
    });
    return true;
  };

  const answer = (req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean> => {
    const url = req.url ?? "";
    if ((req.method !== "GET" && req.method !== "HEAD") || !url.startsWith(MEDIA_PREFIX) || url.includes("?"))
      return false;
    const key = url.slice(MEDIA_PREFIX.length);
    if (!isMediaKey(key)) return false;
    const path = storage.localPath(key);
    // On S3 the app redirects public media to the bucket: nothing to stream here.
    if (path === null) return false;
    const known = keys !== null && now() - checkedAt < versionCheckIntervalMs ? keys : null;
    if (known) return known.has(key) && serve(req, res, key, path);
    // Without the database what is public is unknown: the app answers, with 503 while the database is unreachable.
    return refresh().then(
      (fresh) => fresh.has(key) && serve(req, res, key, path),
      () => false,
    );
  };

  return { answer };
}
