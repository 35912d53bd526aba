import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi } from "#tests/setup/call-api";
import { callRoute } from "#tests/setup/call-route";
import { type SmtpInbox, startSmtpInbox } from "#tests/setup/smtp-inbox";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { audienceMails, mailDeliveries, siteSettings, subscribers } from "~/db/schema";
import { createAnnouncement } from "~/features/mail/announcements.server";
import { AnnouncementSchema } from "~/features/mail/schema";
import { parseEnv } from "~/lib/env.server";
import { defaultSiteSettings } from "~/lib/site-config";
import { action, loader } from "./subscribe-confirm";

let database: TestDatabase;
let inbox: SmtpInbox;
beforeAll(async () => {
  database = await createTestDatabase();
  inbox = await startSmtpInbox();
});
afterAll(async () => {
  await inbox.close();
  await database.close();
});

const SITE = "http://localhost:5000";
const subscribe = (email: string) =>
  callApi(
    database.db,
    new Request(`${SITE}/api/subscribe`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email }),
    }),
    { env: { SMTP_URL: inbox.url }, clientIp: "10.0.0.7" },
  );
const launchAnnouncement = AnnouncementSchema.parse({ subject: "Live", message: "Hello", recipients: "launch" });
const launchRecipients = async () => {
  await database.db.delete(mailDeliveries);
  await database.db.delete(audienceMails);
  await createAnnouncement(database.db, parseEnv({ NODE_ENV: "test" }), launchAnnouncement, "o@x.com", new Date());
  return (await database.db.select({ email: mailDeliveries.email }).from(mailDeliveries)).map((row) => row.email);
};

describe("double opt-in for the launch list", () => {
  it("is off by default: a new address is mailed without confirming", async () => {
    expect((await subscribe("plain@example.com")).status).toBe(200);
    expect(inbox.received).toHaveLength(0);
    expect(await launchRecipients()).toEqual(["plain@example.com"]);
  });

  it("when on, mails a link, leaves the address out until the link's button is pressed, and the page alone confirms nothing", async () => {
    await database.db.delete(subscribers);
    await database.db
      .insert(siteSettings)
      .values({ settings: { ...defaultSiteSettings, launchListDoubleOptIn: true } });
    expect((await subscribe("careful@example.com")).status).toBe(200);
    const mail = await inbox.mailTo("careful@example.com");
    const token = /\/subscribe\/confirm\/([A-Za-z0-9_-]+)/.exec(mail.message)?.[1] ?? "";
    expect(token).not.toBe("");
    expect(await launchRecipients()).toEqual([]);

    const page = await callRoute(loader, database.db, new Request(`${SITE}/subscribe/confirm/${token}`), {
      params: { token },
    });
    expect(page).toMatchObject({ status: 200, body: { email: "careful@example.com" } });
    expect(await launchRecipients()).toEqual([]);

    const confirmed = await callRoute(
      action,
      database.db,
      new Request(`${SITE}/subscribe/confirm/${token}`, { method: "POST" }),
      { params: { token } },
    );
    expect(confirmed).toMatchObject({ status: 200, body: { confirmed: true } });
    expect(await launchRecipients()).toEqual(["careful@example.com"]);

    const again = await callRoute(
      action,
      database.db,
      new Request(`${SITE}/subscribe/confirm/${token}`, { method: "POST" }),
      { params: { token } },
    );
    expect(again.status).toBe(404);
  });
});
