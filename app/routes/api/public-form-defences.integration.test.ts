import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { callApi } from "#tests/setup/call-api";
import type { CallRouteOptions } from "#tests/setup/call-route";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { contacts, guestApplications, loginTokens, mailOutbox, rateLimitHits, subscribers } from "~/db/schema";
import { SIGN_IN_LINK_SENT_MESSAGE } from "~/features/auth/schema";
import { TOO_MANY_REQUESTS_MESSAGE } from "~/lib/api.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  for (const table of [contacts, guestApplications, subscribers, loginTokens, mailOutbox, rateLimitHits]) {
    await database.db.delete(table);
  }
});

const post = (path: string, body: unknown, options: CallRouteOptions = {}) =>
  callApi(
    database.db,
    new Request(`http://localhost${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
    { ...options, env: { OWNER_EMAIL: "owner@example.com", ...options.env } },
  );

const GUEST = {
  name: "Grace Hopper",
  email: "grace@example.com",
  expertise: "Compilers",
  topicIdea: "Debugging the first bug",
  biography: "Rear admiral and computer scientist who wrote the first compiler for a programming language.",
};

const FORMS = [
  {
    form: "contact",
    path: "/api/contact",
    valid: { name: "Ada", email: "ada@example.com", subject: "other", message: "Hello there" },
    success: { status: 201, body: { success: true, message: "We'll get back to you within 48 hours." } },
    stored: () => database.db.select().from(contacts),
  },
  {
    form: "guest application",
    path: "/api/guests/apply",
    valid: GUEST,
    success: { status: 201, body: { success: true, message: expect.any(String), data: { id: expect.any(Number) } } },
    stored: () => database.db.select().from(guestApplications),
  },
  {
    form: "launch list",
    path: "/api/subscribe",
    valid: { email: "listener@example.com" },
    success: { status: 200, body: { success: true, message: "You'll be notified when the podcast launches!" } },
    stored: () => database.db.select().from(subscribers),
  },
  {
    form: "member sign-up",
    path: "/api/subscribe",
    valid: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" },
    success: { status: 200, body: { success: true, message: "You'll be notified when the podcast launches!" } },
    stored: () => database.db.select().from(subscribers),
  },
];

describe.each(FORMS)("the $form form", ({ path, valid, success, stored }) => {
  it("answers a filled honeypot like a success, and stores and mails nothing", async () => {
    const reply = await post(path, { ...valid, homepage: "https://spam.example" });
    expect(reply).toMatchObject(success);
    expect(await stored()).toEqual([]);
    expect(await database.db.select().from(mailOutbox)).toEqual([]);
  });

  it("accepts an empty honeypot, as the form sends it", async () => {
    expect(await post(path, { ...valid, homepage: "" })).toMatchObject(success);
    expect(await stored()).toHaveLength(1);
  });

  it("refuses the submission past FORM_RATE_LIMIT from one address with 429 and stores nothing", async () => {
    const options = { clientIp: "198.51.100.7", env: { FORM_RATE_LIMIT: "3" } };
    for (let attempt = 1; attempt <= 3; attempt++) {
      const email = `person${attempt}@example.com`;
      expect(await post(path, { ...valid, email }, options)).toMatchObject(success);
    }
    const refused = await post(path, { ...valid, email: "one-more@example.com" }, options);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ success: false, message: TOO_MANY_REQUESTS_MESSAGE });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(15 * 60);
    expect((await stored()).map((row) => row.email).sort()).toEqual([
      "person1@example.com",
      "person2@example.com",
      "person3@example.com",
    ]);

    const otherAddress = await post(
      path,
      { ...valid, email: "neighbour@example.com" },
      {
        ...options,
        clientIp: "198.51.100.8",
      },
    );
    expect(otherAddress).toMatchObject(success);
  });
});

describe("answers that could reveal an address", () => {
  it("a second subscription of the same address gets exactly the first one's answer", async () => {
    const first = await post("/api/subscribe", { email: "twice@example.com" });
    const second = await post("/api/subscribe", { email: "Twice@Example.com" });
    expect(second).toEqual(first);
    const viaModal = await post("/api/subscribe", {
      firstName: "A",
      lastName: "B",
      email: "twice@example.com",
    });
    expect(viaModal).toEqual(first);
    expect(await database.db.select().from(subscribers)).toHaveLength(1);
  });

  it("a second guest application from the same address gets the first one's answer", async () => {
    const first = await post("/api/guests/apply", GUEST);
    const second = await post("/api/guests/apply", GUEST);
    expect(second.status).toBe(first.status);
    expect((second.body as { message: string }).message).toBe((first.body as { message: string }).message);
  });

  it("the email sign-in answers a filled honeypot like any address, and mails nothing", async () => {
    const reply = await post("/api/auth/email-link", {
      email: "someone@example.com",
      homepage: "spam",
    });
    expect(reply).toMatchObject({ status: 200, body: { success: true, message: SIGN_IN_LINK_SENT_MESSAGE } });
    expect(await database.db.select().from(loginTokens)).toEqual([]);
    expect(await database.db.select().from(mailOutbox)).toEqual([]);
  });
});
