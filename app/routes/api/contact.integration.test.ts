import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { callApi } from "#tests/setup/call-api";
import { type CallRouteOptions, jsonPost } from "#tests/setup/call-route";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { contacts, mailOutbox } from "~/db/schema";
import type { Mailer } from "~/lib/mailer.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(contacts);
  await database.db.delete(mailOutbox);
});

const OWNER = { OWNER_EMAIL: "owner@example.com", SITE_URL: "https://show.example.com" };

const post = (body: string, options: CallRouteOptions = {}) =>
  callApi(database.db, jsonPost("http://localhost/api/contact", body), { env: OWNER, ...options });

const valid = { name: "Ada Lovelace", email: "ada@example.com", subject: "pitch", message: "I have a story to pitch." };

const storedContacts = () => database.db.select().from(contacts);

describe("POST /api/contact", () => {
  it("stores the message as new and unarchived, and answers 201", async () => {
    const reply = await post(JSON.stringify(valid));
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({ success: true, message: "We'll get back to you within 48 hours." });
    expect(await storedContacts()).toMatchObject([{ ...valid, read: false, archived: false }]);
  });

  it("trims what it stores", async () => {
    await post(JSON.stringify({ ...valid, name: "  Ada  ", email: " ada@example.com ", message: "\n hello \n" }));
    expect(await storedContacts()).toMatchObject([{ name: "Ada", email: "ada@example.com", message: "hello" }]);
  });

  it.each(["pitch", "guest", "partnership", "other"])("accepts the subject %s", async (subject) => {
    expect((await post(JSON.stringify({ ...valid, subject }))).status).toBe(201);
    expect(await storedContacts()).toMatchObject([{ subject }]);
  });

  it("mails the owner the message with a link to the admin contacts", async () => {
    await post(JSON.stringify({ ...valid, message: "Line one.\nLine two." }));
    const [mail] = await database.db.select().from(mailOutbox);
    expect(mail.to).toBe("owner@example.com");
    expect(mail.subject).toBe("New contact message (Pitch a Story) from Ada Lovelace");
    expect(mail.text).toContain("From: Ada Lovelace <ada@example.com>");
    expect(mail.text).toContain("Line one.\nLine two.");
    expect(mail.text).toContain("https://show.example.com/admin/contacts");
  });

  it("still stores the message and answers success when the mail cannot be sent", async () => {
    const failingMailer: Mailer = { send: vi.fn().mockRejectedValue(new Error("SMTP down")) };
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const reply = await post(JSON.stringify(valid), { env: OWNER, mailer: failingMailer });
    expect(reply.status).toBe(201);
    expect(failingMailer.send).toHaveBeenCalledOnce();
    expect(await storedContacts()).toHaveLength(1);
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  it("stores the message without mailing when no owner address is set", async () => {
    const mailer: Mailer = { send: vi.fn() };
    const warned = vi.spyOn(console, "warn").mockImplementation(() => {});
    const reply = await post(JSON.stringify(valid), { env: {}, mailer });
    expect(reply.status).toBe(201);
    expect(mailer.send).not.toHaveBeenCalled();
    expect(await storedContacts()).toHaveLength(1);
    warned.mockRestore();
  });

  it("keeps a name with line breaks out of the mail's subject header", async () => {
    await post(JSON.stringify({ ...valid, name: "Eve\r\nBcc: victim@example.com" }));
    const [mail] = await database.db.select().from(mailOutbox);
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  describe("validation (spec 5, contact message schema)", () => {
    it.each([
      ["a missing name", { ...valid, name: undefined }, "name", "Name is required"],
      ["a blank name", { ...valid, name: "   " }, "name", "Name is required"],
      ["a name that is a number", { ...valid, name: 42 }, "name", "Name is required"],
      ["a name that is null", { ...valid, name: null }, "name", "Name is required"],
      ["a name given as a list", { ...valid, name: ["Ada"] }, "name", "Name is required"],
      ["a missing email", { ...valid, email: undefined }, "email", "Please enter a valid email address"],
      ["an invalid email", { ...valid, email: "ada@" }, "email", "Please enter a valid email address"],
      ["an email that is a number", { ...valid, email: 7 }, "email", "Please enter a valid email address"],
      ["a missing subject", { ...valid, subject: undefined }, "subject", "Subject is required"],
      ["an empty subject", { ...valid, subject: "" }, "subject", "Subject is required"],
      ["a subject outside the four", { ...valid, subject: "spam" }, "subject", "Subject is required"],
      ["a subject given as a list", { ...valid, subject: ["pitch"] }, "subject", "Subject is required"],
      ["a missing message", { ...valid, message: undefined }, "message", "Message is required"],
      ["a blank message", { ...valid, message: " \n " }, "message", "Message is required"],
      ["a message that is null", { ...valid, message: null }, "message", "Message is required"],
      ["a message that is an object", { ...valid, message: { text: "hi" } }, "message", "Message is required"],
      [
        "a name over 100 characters",
        { ...valid, name: "n".repeat(101) },
        "name",
        "Name must be at most 100 characters",
      ],
      [
        "a message over 5000 characters",
        { ...valid, message: "m".repeat(5001) },
        "message",
        "Message must be at most 5000 characters",
      ],
    ])("refuses %s with 400 and its message, storing nothing", async (_case, body, field, message) => {
      const reply = await post(JSON.stringify(body));
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ success: false, message, errors: { [field]: [message] } });
      expect(await storedContacts()).toHaveLength(0);
      expect(await database.db.$count(mailOutbox)).toBe(0);
    });

    it("answers the first failing rule in the order name, email, subject, message, and maps every field", async () => {
      const reply = await post("{}");
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({
        success: false,
        message: "Name is required",
        errors: {
          name: ["Name is required"],
          email: ["Please enter a valid email address"],
          subject: ["Subject is required"],
          message: ["Message is required"],
        },
      });
      const withName = await post(JSON.stringify({ name: "Ada" }));
      expect(withName.body).toMatchObject({ message: "Please enter a valid email address" });
      const withEmail = await post(JSON.stringify({ name: "Ada", email: "ada@example.com" }));
      expect(withEmail.body).toMatchObject({ message: "Subject is required" });
      const withSubject = await post(JSON.stringify({ name: "Ada", email: "ada@example.com", subject: "other" }));
      expect(withSubject.body).toMatchObject({ message: "Message is required" });
      expect(await storedContacts()).toHaveLength(0);
    });
  });

  // Every body check of parseJsonBody is tested in app/lib/api.server.test.ts; this one shows the route uses it.
  it("refuses text holding a NUL character with parseJsonBody's 400, which the database could not store", async () => {
    const reply = await post(JSON.stringify({ ...valid, message: "I have a story\u0000 to pitch." }));
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ success: false, message: "Text must not contain NUL characters" });
    expect(await storedContacts()).toHaveLength(0);
  });

  it("answers GET with 405", async () => {
    const reply = await callApi(database.db, new Request("http://localhost/api/contact"));
    expect(reply.status).toBe(405);
    expect(reply.body).toEqual({ success: false, message: "Method not allowed" });
  });
});
