import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { feedImportEpisodes, podcastEpisodes } from "~/db/schema";
import { startFeedImport } from "~/features/episodes/feed-import.server";
import { type FeedHost, startFeedHost } from "../setup/feed-host";
import { movableClock } from "../setup/movable-clock";
import { killAllServers, makeTempDir, removeTempDir, startServer, waitUntil } from "./helpers";

afterAll(killAllServers);

const EPISODES = 20;
/** The episode whose audio download never ends: the server is killed in the middle of importing it. */
const HELD_EPISODE = 8;
/** Two server starts on a machine that may be busy. */
const TEST_TIMEOUT_MS = 240_000;

const audioOf = (episode: number) => `/media/tone-vbr.mp3?episode=${episode}`;

describe("a server killed with SIGKILL in the middle of a feed import", () => {
  let dataDir: string;
  let host: FeedHost;
  const clock = movableClock("feed-import-crash");
  beforeAll(async () => {
    dataDir = makeTempDir();
    host = await startFeedHost();
  });
  afterAll(async () => {
    clock.reset();
    await host.close();
    removeTempDir(dataDir);
  });

  it(
    "resumes after a restart on the same folder, and every episode is on the site exactly once",
    async () => {
      // The import is queued before the server holds the folder, as the owner's call would have queued it.
      const database = await openDatabase({ kind: "pglite", dataDir });
      try {
        await startFeedImport(database.db, { ALLOW_PRIVATE_FETCH: true }, `${host.base}/huge.xml?items=${EPISODES}`);
      } finally {
        await database.close();
      }
      const env = { DATA_DIR: dataDir, ALLOW_PRIVATE_FETCH: "true", ...clock.env };
      host.hold(audioOf(HELD_EPISODE));

      const first = await startServer(env);
      // Episodes are imported oldest first, one after the other: once the held download is waiting, the ones before it
      // are imported and the server is in the middle of this one.
      await waitUntil(async () => host.heldCount() > 0);
      first.signal("SIGKILL");
      expect(await first.exited).toEqual({ code: null, signal: "SIGKILL" });
      host.release();

      // The dead server's claim lasts 20 minutes; the restarted server's clock is past it.
      clock.moveTo("+25m");
      const restarted = await startServer(env);
      await waitUntil(async () => host.requests.get("/media/tone-vbr.mp3") === EPISODES + 1);
      // The last download is answered; its episode is saved just after.
      await waitUntil(async () => {
        const progress = await fetch(`${restarted.url}/podcast.xml`).then((response) => response.text());
        return progress.includes("<title>Episode 20</title>");
      });
      expect(await restarted.stop()).toEqual({ code: 0, signal: null });

      const reopened = await openDatabase({ kind: "pglite", dataDir }, { migrate: false });
      try {
        const rows = await reopened.db
          .select({
            status: feedImportEpisodes.status,
            attempts: feedImportEpisodes.attempts,
            guid: feedImportEpisodes.guid,
          })
          .from(feedImportEpisodes);
        expect(rows).toHaveLength(EPISODES);
        expect(rows.filter((row) => row.status !== "imported")).toEqual([]);
        expect(rows.find((row) => row.guid === `huge-${HELD_EPISODE}`)?.attempts).toBe(2);
        const guids = (await reopened.db.select({ guid: podcastEpisodes.guid }).from(podcastEpisodes))
          .map((row) => row.guid)
          .filter((guid) => guid.startsWith("huge-"));
        expect(guids.sort()).toEqual(Array.from({ length: EPISODES }, (_, index) => `huge-${index + 1}`).sort());
      } finally {
        await reopened.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
