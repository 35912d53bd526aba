import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { audienceMails, mailDeliveries, podcastEpisodes, subscribers } from "~/db/schema";
import { movableClock } from "../setup/movable-clock";
import { databaseUrlFor, uniqueDatabaseName, withMaintenanceClient } from "../setup/postgres";
import { type SmtpInbox, startSmtpInbox } from "../setup/smtp-inbox";
import { killAllServers, makeTempDir, type RunningServer, removeTempDir, startServer, waitUntil } from "./helpers";

const ADDRESSES = ["one@scheduled.example.com", "two@scheduled.example.com", "three@scheduled.example.com"];
const HOUR_MS = 60 * 60 * 1000;

describe.runIf(process.env.TEST_DATABASE_URL)("a scheduled episode with two servers on one PostgreSQL", () => {
  let name: string;
  let dataDir: string;
  let inbox: SmtpInbox;
  let servers: RunningServer[] = [];
  const clock = movableClock("scheduled-mail-instances");

  beforeAll(async () => {
    name = uniqueDatabaseName("scheduled_mail");
    await withMaintenanceClient((client) => client.query(`create database "${name}"`));
    dataDir = makeTempDir();
    inbox = await startSmtpInbox();
  }, 60_000);
  afterAll(async () => {
    await killAllServers();
    clock.reset();
    await inbox.close();
    if (dataDir) removeTempDir(dataDir);
    if (name) {
      await withMaintenanceClient((client) => client.query(`drop database if exists "${name}" with (force)`));
    }
  });

  it("mails each subscriber once when its date comes", async () => {
    const url = databaseUrlFor(name);
    const database = await openDatabase({ kind: "postgres", url });
    try {
      await database.db.insert(subscribers).values(ADDRESSES.map((email) => ({ email, source: "launch" })));
      // Scheduled an hour ahead of the real time: nothing is mailed until the servers' clock reaches it.
      const publishDate = new Date(Date.now() + HOUR_MS);
      await database.db.insert(podcastEpisodes).values({
        guid: "scheduled-episode",
        slug: "scheduled-episode",
        title: "Scheduled Episode",
        description: "Mailed when its date comes.",
        status: "scheduled",
        publishDate,
        firstPublishedAt: publishDate,
      });
    } finally {
      await database.close();
    }
    const env = { DATABASE_URL: url, DATA_DIR: dataDir, SMTP_URL: inbox.url, ...clock.env };
    servers = await Promise.all([startServer(env), startServer(env)]);

    const check = await openDatabase({ kind: "postgres", url }, { migrate: false });
    try {
      // Before its date nothing is queued.
      expect(await check.db.$count(audienceMails)).toBe(0);

      clock.moveTo("+61m");
      await waitUntil(async () => inbox.received.length >= ADDRESSES.length);
      for (const server of servers) expect(await server.stop()).toEqual({ code: 0, signal: null });

      expect(inbox.received.map((mail) => mail.to[0]).sort()).toEqual([...ADDRESSES].sort());
      expect(await check.db.$count(audienceMails)).toBe(1);
      const rows = await check.db.select({ status: mailDeliveries.status }).from(mailDeliveries);
      expect(rows).toEqual(ADDRESSES.map(() => ({ status: "sent" })));
    } finally {
      await check.close();
    }
  }, 180_000);
});
