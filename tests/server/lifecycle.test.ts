import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { sampleInsightPosts, samplePodcastEpisodes, samplePremiumEpisodes } from "~/db/sample-content";
import { contentSeries, insightPosts, podcastEpisodes, seedRuns } from "~/db/schema";
import { defaultSiteSettings } from "~/lib/site-config";
import { databaseUrlFor, uniqueDatabaseName, withMaintenanceClient } from "../setup/postgres";
import {
  killAllServers,
  LOCK_FILE,
  makeTempDir,
  occupyPort,
  PROJECT_ROOT,
  type RunningServer,
  removeTempDir,
  runFailingServer,
  spawnServer,
  startServer,
  waitUntil,
} from "./helpers";

afterAll(killAllServers);

async function expectHomePage(server: RunningServer) {
  const response = await fetch(`${server.url}/`);
  expect(response.status).toBe(200);
  expect(await response.text()).toContain(defaultSiteSettings.showName);
}

/**
 * The servers below share one data folder and run in order, as an owner would meet them: first start on a fresh
 * clone, a second start by mistake, a clean stop, a restart, a crash. Booting PGlite on an empty folder takes seconds,
 * so the folder is created once.
 */
describe("the server on its embedded database (PGlite under DATA_DIR)", () => {
  let root: string;
  let dataDir: string;
  let lockPath: string;
  let first: RunningServer;

  beforeAll(() => {
    root = makeTempDir();
    dataDir = path.join(root, "not-yet", "created");
    lockPath = path.join(dataDir, LOCK_FILE);
  });
  afterAll(async () => {
    await killAllServers();
    removeTempDir(root);
  });

  it("creates a missing, nested data folder, seeds it and serves the home page", async () => {
    expect(fs.existsSync(dataDir)).toBe(false);

    first = await startServer({ DATA_DIR: dataDir });

    expect(fs.statSync(path.join(dataDir, "pglite")).isDirectory()).toBe(true);
    expect(fs.readFileSync(lockPath, "utf8")).toBe(String(first.pid));
    await expectHomePage(first);
  });

  it("refuses a second server on the same data folder while the first one runs", async () => {
    const second = await runFailingServer({ DATA_DIR: dataDir });

    expect(second.code).not.toBe(0);
    expect(second.stderr).toMatch(
      /Could not start the server: The data folder .+ is in use by another running process/,
    );
    expect(second.stderr).toContain(`PID ${first.pid}`);
    // The refused server must leave the running one's lock and database alone.
    expect(fs.readFileSync(lockPath, "utf8")).toBe(String(first.pid));
    await expectHomePage(first);
  });

  it("on SIGTERM answers a request still in flight in full, exits 0 and removes its lock", async () => {
    const agent = new http.Agent({ keepAlive: true });
    try {
      const body = JSON.stringify({ email: "in-flight@example.com" });
      const half = Math.floor(body.length / 2);
      let signalled = false;
      let answeredBeforeSignal = false;
      const request = http.request(`${first.url}/api/subscribe`, {
        method: "POST",
        agent,
        headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) },
      });
      const answer = new Promise<{ status: number; connection?: string; text: string }>((resolve, reject) => {
        request.on("error", reject);
        request.on("response", (response) => {
          answeredBeforeSignal ||= !signalled;
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => {
            text += chunk;
          });
          response.on("error", reject);
          response.on("end", () =>
            resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, text }),
          );
        });
      });
      request.write(body.slice(0, half));
      // The server answers connections in the order their bytes arrive, so once it has answered a request sent
      // after the half body, it has read the half body's headers and the subscribe request is under way.
      await expectHomePage(first);

      const stoppedAt = Date.now();
      signalled = true;
      first.signal("SIGTERM");
      await first.waitForOutput(/SIGTERM received/);
      request.end(body.slice(half));

      const { status, connection, text } = await answer;
      expect(answeredBeforeSignal, "the request must still be in flight when SIGTERM arrives").toBe(false);
      expect(status).toBeGreaterThanOrEqual(200);
      expect(status).toBeLessThan(600);
      // A complete answer from the app: its JSON envelope, not a reset connection or a truncated body.
      expect(JSON.parse(text)).toHaveProperty("success");
      // The keep-alive client is told not to reuse the connection of a stopping server.
      expect(connection).toBe("close");

      expect(await first.exited).toEqual({ code: 0, signal: null });
      expect(first.stdout()).toContain("Shut down cleanly");
      expect(fs.existsSync(lockPath)).toBe(false);
      // Idle keep-alive connections must not hold the process open until their timeout.
      expect(Date.now() - stoppedAt).toBeLessThan(4_000);
    } finally {
      agent.destroy();
    }
  });

  it("starts again on the same folder, stops on SIGINT, and has seeded the sample content only once", async () => {
    const again = await startServer({ DATA_DIR: dataDir });
    await expectHomePage(again);
    expect(await again.stop("SIGINT")).toEqual({ code: 0, signal: null });
    expect(again.stdout()).toContain("Shut down cleanly");
    expect(fs.existsSync(lockPath)).toBe(false);

    const database = await openDatabase({ kind: "pglite", dataDir }, { migrate: false });
    try {
      const { db } = database;
      expect(await db.$count(insightPosts)).toBe(sampleInsightPosts.length);
      expect(await db.$count(podcastEpisodes)).toBe(samplePodcastEpisodes.length + samplePremiumEpisodes.length);
      expect(await db.$count(contentSeries)).toBe(1);
      // One run each of the sample content, stories and premium episodes, however many times the server started.
      expect((await db.select({ name: seedRuns.name }).from(seedRuns)).map(({ name }) => name).sort()).toEqual([
        "sample-content-v1",
        "sample-premium-episodes-v1",
        "sample-stories-v1",
      ]);
    } finally {
      await database.close();
    }
  });

  it("takes over the lock left behind by a killed server", async () => {
    const crashed = await startServer({ DATA_DIR: dataDir });
    expect(await crashed.stop("SIGKILL")).toEqual({ code: null, signal: "SIGKILL" });
    expect(fs.readFileSync(lockPath, "utf8")).toBe(String(crashed.pid));

    const next = await startServer({ DATA_DIR: dataDir });
    expect(fs.readFileSync(lockPath, "utf8")).toBe(String(next.pid));
    await expectHomePage(next);
    expect(await next.stop()).toEqual({ code: 0, signal: null });
  });
});

describe("start-up failures", () => {
  let root: string;
  afterEach(() => {
    if (root) removeTempDir(root);
  });

  it("exits non-zero and names the port when the port is taken, releasing the data folder", async () => {
    root = makeTempDir();
    const blocker = await occupyPort();
    try {
      const result = await runFailingServer({ DATA_DIR: root, PORT: String(blocker.port) });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`Could not start the server: port ${blocker.port} is already in use`);
      expect(fs.existsSync(path.join(root, LOCK_FILE))).toBe(false);
    } finally {
      await blocker.close();
    }
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["SITE_URL", "not-a-url"],
    ["DATABASE_URL", "mysql://x"],
    ["NEWSLETTER_URL", "http://newsletter.example.com"],
  ])("exits non-zero and names the setting when %s=%s", async (name, value) => {
    root = makeTempDir();
    const dataDir = path.join(root, "data");
    const result = await runFailingServer({ DATA_DIR: dataDir, [name]: value });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`Could not start the server: Invalid setting ${name}: `));
    // Settings are checked before anything touches the disk.
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it("exits non-zero and says to build when started in production without a build", async () => {
    root = makeTempDir();
    const dataDir = path.join(root, "data");
    const result = await runFailingServer({ DATA_DIR: dataDir }, root);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("Could not start the server: there is no build; run npm run build first");
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});

const testDatabaseUrl = process.env.TEST_DATABASE_URL;

describe.runIf(testDatabaseUrl)("on PostgreSQL, two servers starting at once on an empty database", () => {
  const journal = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, "drizzle/meta/_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  let dataDir: string;
  beforeAll(() => {
    dataDir = makeTempDir();
  });
  afterAll(() => removeTempDir(dataDir));

  /**
   * Started together, two processes still reach the database tens of milliseconds apart, which hides a missing lock.
   * An open transaction that creates drizzle's schema stalls the first statement of an unlocked migration (and the
   * first instance inside a locked one) until every server waits on it; rolling back releases them together.
   */
  async function startTogether(url: string, env: Record<string, string>): Promise<RunningServer[]> {
    const gate = new pg.Client({ connectionString: url });
    // A session sees pg_stat_activity as it was at the start of its transaction, so another one watches.
    const watcher = new pg.Client({ connectionString: url });
    await Promise.all([gate.connect(), watcher.connect()]);
    try {
      await gate.query("begin");
      await gate.query('create schema "drizzle"');
      const spawned = [spawnServer(env), spawnServer(env)];
      const failed = Promise.race(spawned.map((server) => server.ready)).then(() => {
        throw new Error("A server came up while the gate was closed");
      });
      const allWaiting = waitUntil(async () => {
        const { rows } = await watcher.query<{ n: string }>(
          "select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        );
        return Number(rows[0].n) >= spawned.length;
      });
      await Promise.race([allWaiting, failed]);
      await gate.query("rollback");
      return await Promise.all(
        spawned.map(async (server) => {
          const { port } = await server.ready;
          return Object.assign(server, { port, url: `http://127.0.0.1:${port}` });
        }),
      );
    } finally {
      await Promise.all([gate.end(), watcher.end()]);
    }
  }

  it.each([1, 2])("both come up, and migrations and seed run once (round %i)", async () => {
    const name = uniqueDatabaseName("server_race");
    await withMaintenanceClient((client) => client.query(`create database "${name}"`));
    try {
      const url = databaseUrlFor(name);
      const servers = await startTogether(url, { DATABASE_URL: url, DATA_DIR: dataDir });
      for (const server of servers) {
        expect(server.stdout()).toContain("(database: postgres)");
        await expectHomePage(server);
      }
      const exits = await Promise.all(servers.map((server) => server.stop()));
      expect(exits).toEqual([
        { code: 0, signal: null },
        { code: 0, signal: null },
      ]);

      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const count = async (sql: string) => Number((await client.query<{ n: string }>(sql)).rows[0].n);
        expect(await count("select count(*) as n from drizzle.__drizzle_migrations")).toBe(journal.entries.length);
        expect(await count("select count(distinct hash) as n from drizzle.__drizzle_migrations")).toBe(
          journal.entries.length,
        );
        // One run each of the sample content, stories and premium episodes, though two servers raced to seed.
        const seeds = await client.query<{ name: string }>("select name from seed_runs order by name");
        expect(seeds.rows.map(({ name }) => name)).toEqual([
          "sample-content-v1",
          "sample-premium-episodes-v1",
          "sample-stories-v1",
        ]);
        expect(await count("select count(*) as n from podcast_episodes")).toBe(
          samplePodcastEpisodes.length + samplePremiumEpisodes.length,
        );
        expect(await count("select count(*) as n from insight_posts")).toBe(3);
      } finally {
        await client.end();
      }
    } finally {
      await killAllServers();
      await withMaintenanceClient((client) => client.query(`drop database if exists "${name}" with (force)`));
    }
  });
});
