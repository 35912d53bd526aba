import { mkdirSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { podcastEpisodes } from "~/db/schema";
import {
  killAllServers,
  makeTempDir,
  PROJECT_ROOT,
  type RawResponse,
  type RunningServer,
  rawGet,
  removeTempDir,
  startServer,
  waitUntil,
} from "./helpers";

afterAll(killAllServers);

const ADMIN_PASSWORD = "media-door-owner";
const TONE = readFileSync(path.join(PROJECT_ROOT, "tests/fixtures/media/tone-cbr.mp3"));
/** Far more than the sockets' buffers hold: a client that stops reading leaves most of it on the server's side. */
const LARGE_AUDIO = Buffer.concat(Array.from({ length: 700 }, () => TONE));
const PUBLIC_KEY = "episodes/audio/mediadoorpublicaudio1.mp3";
const PREMIUM_KEY = "episodes/audio/mediadoorpremiumaudio.mp3";
const DRAFT_KEY = "episodes/audio/mediadoordraftaudio01.mp3";
const UNKNOWN_KEY = "episodes/audio/mediadoorunknownaudio.mp3";
const IMMUTABLE = "public, max-age=31536000, immutable, no-transform";
/** What every response carries whoever answers it; the date and the connection's own headers aside. */
const PER_CONNECTION = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

const headerNames = (response: RawResponse) =>
  Object.keys(response.headers)
    .filter((name) => !PER_CONNECTION.has(name))
    .sort();

function rawRequest(url: string, method: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on("error", reject);
      })
      .on("error", reject)
      .end();
  });
}

/** How many of the process's open file descriptors name the file. */
function openDescriptorsOf(pid: number, file: string): number {
  const folder = `/proc/${pid}/fd`;
  return readdirSync(folder).filter((fd) => {
    try {
      return readlinkSync(path.join(folder, fd)) === file;
    } catch {
      return false;
    }
  }).length;
}

/** Starts a GET, reads its headers and first bytes, then hangs up with the rest of the body still to come. */
function hangUpMidBody(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (res) => {
      res.once("data", () => {
        request.destroy();
        resolve(res.statusCode ?? 0);
      });
    });
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (!request.destroyed) reject(error);
    });
  });
}

describe.runIf(process.platform === "linux")("public episode audio at the server's front door", () => {
  let dataDir: string;
  let server: RunningServer;
  let draftId: number;
  let owner = "";

  beforeAll(async () => {
    dataDir = makeTempDir();
    const database = await openDatabase({ kind: "pglite", dataDir });
    try {
      const published = { status: "published", publishDate: new Date(Date.now() - 60_000), description: "" };
      await database.db.insert(podcastEpisodes).values([
        { ...published, guid: "door-public", slug: "door-public", title: "Public", audioKey: PUBLIC_KEY },
        {
          ...published,
          guid: "door-premium",
          slug: "door-premium",
          title: "Premium",
          audioKey: PREMIUM_KEY,
          premium: true,
          // Stored as premium from the start: the keys were never public, so they are not renewed at start-up.
          premiumMediaKeys: true,
        },
      ]);
      const [draft] = await database.db
        .insert(podcastEpisodes)
        .values({ guid: "door-draft", slug: "door-draft", title: "Draft", description: "", audioKey: DRAFT_KEY })
        .returning({ id: podcastEpisodes.id });
      draftId = draft.id;
    } finally {
      await database.close();
    }
    mkdirSync(path.join(dataDir, "media/episodes/audio"), { recursive: true });
    for (const key of [PUBLIC_KEY, PREMIUM_KEY, DRAFT_KEY, UNKNOWN_KEY])
      writeFileSync(path.join(dataDir, "media", key), LARGE_AUDIO);
    server = await startServer({ DATA_DIR: dataDir, ADMIN_PASSWORD });
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ password: ADMIN_PASSWORD }),
    });
    owner = /^sid=[^;]+/.exec(login.headers.get("set-cookie") ?? "")?.[0] ?? "";
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    if (dataDir) removeTempDir(dataDir);
  });

  const media = (key: string) => `${server.url}/media/${key}`;

  it("answers the whole file with the headers the app answers media with, ranges, 416, HEAD and 304", async () => {
    const whole = await rawGet(media(PUBLIC_KEY));
    expect(whole.status).toBe(200);
    expect(whole.body.equals(LARGE_AUDIO)).toBe(true);
    expect(whole.headers).toMatchObject({
      "accept-ranges": "bytes",
      "cache-control": IMMUTABLE,
      "content-type": "audio/mpeg",
      "content-length": String(LARGE_AUDIO.length),
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
    });
    expect(whole.headers["content-security-policy"]).toContain("default-src 'self'");
    const etag = whole.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(Date.parse(whole.headers["last-modified"] as string)).not.toBeNaN();
    // The app's answer for the owner's premium audio: the same headers, by name, as the door's.
    const fromApp = await rawGet(media(PREMIUM_KEY), { cookie: owner });
    expect(fromApp.status).toBe(200);
    expect(fromApp.headers["cache-control"]).toBe("private, no-store, no-transform");
    expect(headerNames(whole)).toEqual(headerNames(fromApp));

    const range = await rawGet(media(PUBLIC_KEY), { Range: "bytes=1048576-2097151" });
    expect(range.status).toBe(206);
    expect(range.headers["content-range"]).toBe(`bytes 1048576-2097151/${LARGE_AUDIO.length}`);
    expect(range.body.equals(LARGE_AUDIO.subarray(1048576, 2097152))).toBe(true);

    const past = await rawGet(media(PUBLIC_KEY), { Range: `bytes=${LARGE_AUDIO.length}-` });
    expect([past.status, past.headers["content-range"], past.body.length]).toEqual([
      416,
      `bytes */${LARGE_AUDIO.length}`,
      0,
    ]);

    const head = await rawRequest(media(PUBLIC_KEY), "HEAD", { Range: "bytes=0-9" });
    expect([head.status, head.headers["content-length"], head.body.length]).toEqual([206, "10", 0]);

    const unchanged = await rawGet(media(PUBLIC_KEY), { "If-None-Match": etag });
    expect([unchanged.status, unchanged.headers.etag, unchanged.body.length]).toEqual([304, etag, 0]);

    const holds = await rawGet(media(PUBLIC_KEY), { Range: "bytes=0-9", "If-Range": etag });
    expect([holds.status, holds.body.length]).toEqual([206, 10]);
    const stale = await rawGet(media(PUBLIC_KEY), { Range: "bytes=0-9", "If-Range": '"an-old-version"' });
    expect([stale.status, stale.body.length]).toEqual([200, LARGE_AUDIO.length]);
  });

  it("leaves premium, unpublished and unknown audio to the app's rules", async () => {
    const locked = await rawGet(media(PREMIUM_KEY));
    expect(locked.status).toBe(403);
    expect(locked.headers["cache-control"]).not.toContain("immutable");
    expect((await rawGet(media(DRAFT_KEY))).status).toBe(404);
    expect((await rawGet(media(UNKNOWN_KEY))).status).toBe(404);
    // The owner previews the draft's audio, never cached.
    const preview = await rawGet(media(DRAFT_KEY), { cookie: owner, Range: "bytes=0-9" });
    expect([preview.status, preview.headers["cache-control"]]).toEqual([206, "private, no-store, no-transform"]);
  });

  it("serves an episode's audio once the owner publishes it", async () => {
    const saved = await fetch(`${server.url}/api/admin/episodes/${draftId}`, {
      method: "PUT",
      headers: { "content-type": "application/json", origin: server.url, cookie: owner },
      body: JSON.stringify({ title: "Draft", status: "published", version: 1 }),
    });
    expect(saved.status).toBe(200);
    // The door reads what is public again within a second of the change.
    await waitUntil(async () => (await rawGet(media(DRAFT_KEY), { Range: "bytes=0-9" })).status === 206, 10_000);
    const served = await rawGet(media(DRAFT_KEY));
    expect([served.status, served.headers["cache-control"]]).toEqual([200, IMMUTABLE]);
  });

  it("closes the file when a client hangs up mid-body, at the door and in the app", async () => {
    for (const [key, headers] of [
      [PUBLIC_KEY, {}],
      [PREMIUM_KEY, { cookie: owner }],
    ] as const) {
      const file = path.join(dataDir, "media", key);
      expect(await hangUpMidBody(media(key), headers)).toBe(200);
      // The socket's close ends the read at once: no garbage collection needed to close the file.
      await waitUntil(async () => openDescriptorsOf(server.pid, file) === 0, 5_000);
    }
    expect(server.stderr()).not.toMatch(/Closing file descriptor/);
  });
});
