import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi } from "#tests/setup/call-api";
import { insertApplication } from "#tests/setup/owner-fixtures";
import { signInOwner } from "#tests/setup/sessions";
import { type SmtpInbox, startSmtpInbox } from "#tests/setup/smtp-inbox";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { siteSettings } from "~/db/schema";
import { defaultSiteSettings } from "~/lib/site-config";

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

describe("the applicant's mail when the owner decides", () => {
  it("mails the owner's text on accept, schedule and decline, once per change, and not a kind switched off", async () => {
    const cookie = await signInOwner(database.db);
    const { id } = await insertApplication(database.db, { name: "Ada Lovelace", email: "ada@example.com" });
    await database.db.insert(siteSettings).values({
      settings: {
        ...defaultSiteSettings,
        applicantMail: {
          ...defaultSiteSettings.applicantMail,
          approved: { send: true, text: "Dear {name}, welcome to {show}." },
          rejected: { send: false, text: "Not sent." },
        },
      },
    });
    const setStatus = (status: string) =>
      callApi(
        database.db,
        new Request(`${SITE}/api/guests/applications/${id}/status`, {
          method: "PATCH",
          headers: { "Content-Type": "application/json", cookie },
          body: JSON.stringify({ status }),
        }),
        { env: { SMTP_URL: inbox.url } },
      );

    expect((await setStatus("reviewing")).status).toBe(200);
    expect(inbox.received).toHaveLength(0);

    expect((await setStatus("approved")).body).toMatchObject({ mailed: true });
    const accepted = await inbox.mailTo("ada@example.com");
    expect(accepted.message).toContain(`Dear Ada Lovelace, welcome to ${defaultSiteSettings.showName}.`);
    expect(accepted.message).toMatch(/^Subject: Your guest application to /m);

    // The same status again mails nobody.
    expect((await setStatus("approved")).body).toMatchObject({ mailed: false });
    expect((await setStatus("scheduled")).body).toMatchObject({ mailed: true });
    expect((await setStatus("rejected")).body).toMatchObject({ mailed: false });
    expect(inbox.received).toHaveLength(2);
    expect(inbox.received[1].message).toContain("Your recording for");
  });
});
