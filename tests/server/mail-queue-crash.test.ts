import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { mailDeliveries, mailUnsubscribes, podcastEpisodes, subscribers } from "~/db/schema";
import { POOLED_SMTP_CONNECTIONS } from "~/lib/mailer.server";
import { movableClock } from "../setup/movable-clock";
import { type SmtpInbox, startSmtpInbox } from "../setup/smtp-inbox";
import { killAllServers, makeTempDir, removeTempDir, startServer, waitUntil } from "./helpers";

afterAll(killAllServers);

const RECIPIENTS = 500;
const SENT_BEFORE_KILL = 100;
/** Two server starts on a machine that may be busy, and 500 mails. */
const TEST_TIMEOUT_MS = 240_000;

describe("a server killed with SIGKILL in the middle of an audience send", () => {
  let dataDir: string;
  let inbox: SmtpInbox;
  const clock = movableClock("mail-queue-crash");
  beforeAll(async () => {
    dataDir = makeTempDir();
    inbox = await startSmtpInbox();
  });
  afterAll(async () => {
    clock.reset();
    await inbox.close();
    removeTempDir(dataDir);
  });

  it(
    "resumes after a restart on the same folder, and every recipient has exactly one mail",
    async () => {
      const addresses = Array.from({ length: RECIPIENTS }, (_, index) => `listener${index}@crash.example.com`);
      // The audience and a just-published episode, written before the server holds the folder.
      const database = await openDatabase({ kind: "pglite", dataDir });
      try {
        await database.db.insert(subscribers).values(addresses.map((email) => ({ email, source: "launch" })));
        await database.db.insert(podcastEpisodes).values({
          guid: "crash-episode",
          slug: "crash-episode",
          title: "Crash Episode",
          description: "Sent while the server dies.",
          status: "published",
          publishDate: new Date(Date.now() - 60_000),
          firstPublishedAt: new Date(Date.now() - 60_000),
        });
      } finally {
        await database.close();
      }
      // No rate limit to speak of: the whole send is claimed at once, so the kill leaves rows claimed and unsent.
      const env = { DATA_DIR: dataDir, SMTP_URL: inbox.url, MAIL_RATE_PER_MINUTE: "600000", ...clock.env };

      const first = await startServer(env);
      await waitUntil(async () => inbox.received.length >= SENT_BEFORE_KILL);
      // Every later mail is read and never answered. The server sends one mail per pooled connection at once, and a
      // connection's next mail starts only after its last one was marked sent: once a mail is held on every
      // connection, every accepted mail is marked, and the server dies in the middle of as many SMTP exchanges.
      inbox.hold();
      await waitUntil(async () => inbox.heldCount() >= POOLED_SMTP_CONNECTIONS);
      first.signal("SIGKILL");
      expect(await first.exited).toEqual({ code: null, signal: "SIGKILL" });
      const beforeRestart = inbox.received.length;
      expect(beforeRestart).toBeLessThan(RECIPIENTS);
      inbox.release();

      // The dead server's claims last 15 minutes; the restarted server's clock is past them.
      clock.moveTo("+20m");
      const restarted = await startServer(env);
      await waitUntil(async () => inbox.received.length >= RECIPIENTS);

      // The mail's one-click address, as a mail provider and a person use it: the page changes nothing, the POST
      // (no session, no Origin) unsubscribes.
      const leaving = inbox.received[0];
      const link = leaving.message
        .replace(/\r?\n[ \t]+/g, " ")
        .match(/^List-Unsubscribe: <http:\/\/localhost(\/unsubscribe\/[^>]+)>/m);
      expect(link).not.toBeNull();
      const address = `${restarted.url}${link?.[1]}`;
      const page = await fetch(address);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(leaving.to[0]);
      expect(html).toContain('name="List-Unsubscribe" value="One-Click"');
      const oneClick = await fetch(address, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(oneClick.status).toBe(200);
      expect(await (await fetch(address)).text()).toContain("will no longer get mail");
      expect(await restarted.stop()).toEqual({ code: 0, signal: null });

      const perAddress = new Map<string, number>();
      for (const mail of inbox.received) {
        for (const to of mail.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
      }
      expect([...perAddress.keys()].sort()).toEqual([...addresses].sort());
      expect([...perAddress.values()].filter((count) => count !== 1)).toEqual([]);

      const reopened = await openDatabase({ kind: "pglite", dataDir }, { migrate: false });
      try {
        const rows = await reopened.db.select({ status: mailDeliveries.status }).from(mailDeliveries);
        expect(rows).toHaveLength(RECIPIENTS);
        expect(rows.filter((row) => row.status !== "sent")).toEqual([]);
        expect(await reopened.db.select({ email: mailUnsubscribes.email }).from(mailUnsubscribes)).toEqual([
          { email: inbox.received[0].to[0] },
        ]);
      } finally {
        await reopened.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
