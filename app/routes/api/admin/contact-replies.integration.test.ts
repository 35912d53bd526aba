import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi } from "#tests/setup/call-api";
import { insertContact } from "#tests/setup/owner-fixtures";
import { signInOwner } from "#tests/setup/sessions";
import { type SmtpInbox, startSmtpInbox } from "#tests/setup/smtp-inbox";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { activityLog, contactReplies, contacts } from "~/db/schema";

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

describe("replying to a contact message", () => {
  it("mails the reply to the sender, quoting their message, and keeps it with the message", async () => {
    const cookie = await signInOwner(database.db);
    const contact = await insertContact(database.db);
    const call = (method: string, body?: unknown) =>
      callApi(
        database.db,
        new Request(`${SITE}/api/admin/contacts/${contact.id}/replies`, {
          method,
          headers: { cookie, ...(body ? { "Content-Type": "application/json" } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        }),
        { env: { SMTP_URL: inbox.url } },
      );

    expect((await call("POST", { message: "  " })).status).toBe(400);
    const sent = await call("POST", { message: "Thank you, we would love to hear more." });
    expect(sent).toMatchObject({ status: 201, body: { success: true, message: "Reply Sent" } });

    const mail = await inbox.mailTo(contact.email);
    expect(mail.message).toContain("Thank you, we would love to hear more.");
    expect(mail.message).toContain(`> ${contact.message.split("\n")[0]}`);
    expect(mail.message).toMatch(new RegExp(`^Subject: Re: ${contact.subject}`, "m"));

    expect((await call("GET")).body).toMatchObject({
      data: [{ message: "Thank you, we would love to hear more.", sentBy: expect.stringContaining("@") }],
    });
    expect(await database.db.$count(activityLog)).toBeGreaterThan(0);

    // Deleting the message deletes its replies with it.
    await database.db.delete(contacts);
    expect(await database.db.$count(contactReplies)).toBe(0);
  });
});
