import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type CallRouteOptions, callRoute, type RouteHandler } from "#tests/setup/call-route";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { contacts, guestApplications, loginTokens, mailOutbox, rateLimitHits, subscribers } from "~/db/schema";
import { SIGN_IN_LINK_SENT_MESSAGE } from "~/features/auth/schema";
import { JSON_BODY_LIMIT_BYTES, TOO_MANY_REQUESTS_MESSAGE } from "~/lib/api.server";
import { action as contact } from "./contact";
import { action as guestApplication } from "./guest-application";
import { action as home } from "./home";
import { action as signIn } from "./sign-in";
import { action as signUp } from "./sign-up";

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

/** Posts `fields` URL-encoded, as a browser without JavaScript sends a form. */
const postForm = (
  handler: RouteHandler,
  path: string,
  fields: Record<string, string>,
  options: CallRouteOptions = {},
  headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" },
) =>
  callRoute(
    handler,
    database.db,
    new Request(`http://localhost${path}`, { method: "POST", headers, body: new URLSearchParams(fields).toString() }),
    { ...options, env: { OWNER_EMAIL: "owner@example.com", ...options.env } },
  );

const CONTACT = { name: "Ada Lovelace", email: "ada@example.com", subject: "pitch", message: "A story to pitch." };

describe("POST /contact (the contact form without JavaScript)", () => {
  it("stores the message, mails the owner and answers with the Message sent! toast", async () => {
    const reply = await postForm(contact, "/contact", { ...CONTACT, homepage: "" });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      sent: true,
      flash: { title: "Message sent!", description: "We'll get back to you within 48 hours." },
    });
    expect(await database.db.select().from(contacts)).toMatchObject([{ ...CONTACT, read: false }]);
    expect(await database.db.select().from(mailOutbox)).toHaveLength(1);
  });

  it.each([
    ["name", {}, "Name required", "Please enter your name."],
    ["email", { name: "Ada" }, "Valid email required", "Please enter a valid email address."],
    ["subject", { name: "Ada", email: "ada@example.com" }, "Subject required", "Please select a subject."],
    [
      "message",
      { name: "Ada", email: "ada@example.com", subject: "other", message: "   " },
      "Message required",
      "Please enter your message.",
    ],
  ])(
    "names the first missing field, %s, with its toast, keeps what was typed and stores nothing",
    async (field, typed, title, description) => {
      const reply = await postForm(contact, "/contact", typed);
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({
        sent: false,
        invalidField: field,
        flash: { title, description, variant: "destructive" },
        values: { name: "", email: "", subject: "", message: "", ...typed },
      });
      expect(await database.db.select().from(contacts)).toEqual([]);
    },
  );

  it("answers a filled honeypot like a success and stores and mails nothing", async () => {
    const reply = await postForm(contact, "/contact", { ...CONTACT, homepage: "https://spam.example" });
    expect(reply.body).toMatchObject({ sent: true, flash: { title: "Message sent!" } });
    expect(await database.db.select().from(contacts)).toEqual([]);
    expect(await database.db.select().from(mailOutbox)).toEqual([]);
  });

  it("counts against the same limit as the API and refuses past it with 429, keeping what was typed", async () => {
    const options = { clientIp: "198.51.100.20", env: { FORM_RATE_LIMIT: "1" } };
    expect((await postForm(contact, "/contact", CONTACT, options)).status).toBe(200);
    const refused = await postForm(contact, "/contact", CONTACT, options);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      sent: false,
      flash: { title: "Failed to send message", description: TOO_MANY_REQUESTS_MESSAGE, variant: "destructive" },
      values: CONTACT,
    });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await database.db.select().from(contacts)).toHaveLength(1);
  });

  it("refuses what a browser form never sends: another method, another encoding, too large a body, NUL", async () => {
    const send = (init: RequestInit) =>
      callRoute(contact, database.db, new Request("http://localhost/contact", init)).catch((thrown) => thrown);
    const form = { "content-type": "application/x-www-form-urlencoded" };
    expect(await send({ method: "PUT", headers: form, body: "name=Ada" })).toMatchObject({ init: { status: 405 } });
    expect(
      await send({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(CONTACT) }),
    ).toMatchObject({ init: { status: 415 } });
    expect(
      await send({ method: "POST", headers: form, body: `message=${"a".repeat(JSON_BODY_LIMIT_BYTES + 1)}` }),
    ).toMatchObject({ init: { status: 413 } });
    expect(await send({ method: "POST", headers: form, body: "name=A%00da" })).toMatchObject({ init: { status: 400 } });
    expect(await database.db.select().from(contacts)).toEqual([]);
  });
});

const GUEST = {
  name: "Grace Hopper",
  email: "grace@example.com",
  expertise: "Compilers",
  topicIdea: "Debugging the first bug",
  biography: "Rear admiral and computer scientist who wrote the first compiler for a programming language.",
};

describe("POST /guest-application (the guest application without JavaScript)", () => {
  it("stores the application with its links and answers with the Application Submitted toast", async () => {
    const reply = await postForm(guestApplication, "/guest-application", {
      ...GUEST,
      "socialLinks.linkedin": "https://www.linkedin.com/in/grace",
      "socialLinks.twitter": "",
      company: "",
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      submitted: true,
      flash: {
        title: "Application Submitted",
        description: "Your guest application has been received. We'll be in touch soon!",
      },
    });
    expect(await database.db.select().from(guestApplications)).toMatchObject([
      { name: "Grace Hopper", company: null, socialLinks: { linkedin: "https://www.linkedin.com/in/grace" } },
    ]);
  });

  it("answers each invalid field with its message, keeps what was typed and stores nothing", async () => {
    const reply = await postForm(guestApplication, "/guest-application", {
      name: "Grace",
      biography: "Too short.",
      "socialLinks.twitter": "not a link",
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      submitted: false,
      errors: {
        email: "Please enter a valid email address",
        expertise: "Area of expertise is required",
        topicIdea: "Topic idea is required",
        biography: "Biography should be at least 50 characters",
        "socialLinks.twitter": "Please enter valid URLs",
      },
      values: { name: "Grace", biography: "Too short.", socialLinks: { twitter: "not a link", linkedin: "" } },
    });
    expect(Object.keys((reply.body as { errors: object }).errors)).not.toContain("name");
    expect(await database.db.select().from(guestApplications)).toEqual([]);
  });

  it("answers a filled honeypot like a success and stores nothing", async () => {
    const reply = await postForm(guestApplication, "/guest-application", { ...GUEST, homepage: "spam" });
    expect(reply.body).toMatchObject({ submitted: true });
    expect(await database.db.select().from(guestApplications)).toEqual([]);
  });

  it("refuses past the form's limit with 429 and the Submission Failed toast", async () => {
    const options = { clientIp: "198.51.100.21", env: { FORM_RATE_LIMIT: "1" } };
    await postForm(guestApplication, "/guest-application", GUEST, options);
    const refused = await postForm(guestApplication, "/guest-application", GUEST, options);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      submitted: false,
      flash: { title: "Submission Failed", description: TOO_MANY_REQUESTS_MESSAGE, variant: "destructive" },
      values: { name: "Grace Hopper" },
    });
  });
});

describe("POST /?index (the launch list without JavaScript)", () => {
  it("subscribes the address and answers with the Subscription Successful toast", async () => {
    const reply = await postForm(home, "/?index", { email: "Listener@Example.com", homepage: "" });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      subscribed: true,
      flash: { title: "Subscription Successful", description: "You'll be notified when the podcast launches!" },
    });
    expect(await database.db.select().from(subscribers)).toMatchObject([{ email: "listener@example.com" }]);
  });

  it("refuses an address it cannot use with the Invalid Email toast and keeps it", async () => {
    const reply = await postForm(home, "/?index", { email: "someone@localhost" });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      subscribed: false,
      email: "someone@localhost",
      flash: { title: "Invalid Email", description: "Please enter a valid email address.", variant: "destructive" },
    });
    expect(await database.db.select().from(subscribers)).toEqual([]);
  });

  it("answers a filled honeypot like a success and stores nothing", async () => {
    const reply = await postForm(home, "/?index", { email: "bot@example.com", homepage: "spam" });
    expect(reply.body).toMatchObject({ subscribed: true });
    expect(await database.db.select().from(subscribers)).toEqual([]);
  });

  it("refuses past the form's limit with 429 and the Subscription Failed toast", async () => {
    const options = { clientIp: "198.51.100.22", env: { FORM_RATE_LIMIT: "1" } };
    await postForm(home, "/?index", { email: "first@example.com" }, options);
    const refused = await postForm(home, "/?index", { email: "second@example.com" }, options);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      subscribed: false,
      email: "second@example.com",
      flash: { title: "Subscription Failed", description: TOO_MANY_REQUESTS_MESSAGE, variant: "destructive" },
    });
  });
});

describe("POST /sign-up (the sign-up modal's form without JavaScript)", () => {
  const MEMBER = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" };

  it("subscribes the visitor with their names and answers with the thanks", async () => {
    const reply = await postForm(signUp, "/sign-up", { firstName: " Ada ", lastName: "Lovelace", email: MEMBER.email });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ signedUp: true });
    expect(await database.db.select().from(subscribers)).toMatchObject([MEMBER]);
  });

  it.each([
    ["a blank field", { ...MEMBER, lastName: "   " }, "Please fill in all fields."],
    ["a missing field", { ...MEMBER, lastName: "" }, "Please fill in all fields."],
    ["an address without @", { ...MEMBER, email: "ada.example.com" }, "Please enter a valid email address."],
  ])("refuses %s with the modal's message and keeps what was typed", async (_, fields, message) => {
    const reply = await postForm(signUp, "/sign-up", fields);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ signedUp: false, message, values: fields });
    expect(await database.db.select().from(subscribers)).toEqual([]);
  });

  it("answers a filled honeypot like a success and stores nothing", async () => {
    const reply = await postForm(signUp, "/sign-up", { ...MEMBER, homepage: "https://spam.example" });
    expect(reply.body).toEqual({ signedUp: true });
    expect(await database.db.select().from(subscribers)).toEqual([]);
  });

  it("counts against the subscribe limit and refuses past it with 429", async () => {
    const options = { clientIp: "198.51.100.40", env: { FORM_RATE_LIMIT: "1" } };
    expect((await postForm(signUp, "/sign-up", MEMBER, options)).status).toBe(200);
    const refused = await postForm(signUp, "/sign-up", { ...MEMBER, email: "grace@example.com" }, options);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      signedUp: false,
      message: TOO_MANY_REQUESTS_MESSAGE,
      values: { ...MEMBER, email: "grace@example.com" },
    });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("POST /sign-in (sign-in by email without JavaScript)", () => {
  it("mails a link that returns where the form says and answers with the sent notice", async () => {
    const reply = await postForm(signIn, "/sign-in", { email: "Member@Example.com", returnTo: "/members/events" });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ sent: true, message: SIGN_IN_LINK_SENT_MESSAGE });
    expect(await database.db.select().from(loginTokens)).toMatchObject([
      { email: "member@example.com", returnTo: "/members/events" },
    ]);
    expect(await database.db.select().from(mailOutbox)).toMatchObject([{ to: "member@example.com" }]);
  });

  it("answers an invalid address with the field's message and keeps it", async () => {
    const reply = await postForm(signIn, "/sign-in", { email: "not-an-address" });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      sent: false,
      email: "not-an-address",
      emailError: "Please enter a valid email address.",
    });
    expect(await database.db.select().from(loginTokens)).toEqual([]);
  });

  it("answers a filled honeypot like a success and mails nothing", async () => {
    const reply = await postForm(signIn, "/sign-in", { email: "bot@example.com", homepage: "spam" });
    expect(reply.body).toEqual({ sent: true, message: SIGN_IN_LINK_SENT_MESSAGE });
    expect(await database.db.select().from(mailOutbox)).toEqual([]);
  });

  it("refuses past the address's limit with 429 and says so above the form", async () => {
    for (let attempt = 0; attempt < 5; attempt++) await postForm(signIn, "/sign-in", { email: "busy@example.com" });
    const refused = await postForm(signIn, "/sign-in", { email: "busy@example.com" });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ sent: false, email: "busy@example.com", formError: TOO_MANY_REQUESTS_MESSAGE });
  });

  it("is not there when members sign in with OpenID Connect", async () => {
    const oidc = {
      OIDC_ISSUER: "https://id.example.com",
      OIDC_CLIENT_ID: "podcast",
      OIDC_CLIENT_SECRET: "secret",
    };
    await expect(postForm(signIn, "/sign-in", { email: "a@example.com" }, { env: oidc })).rejects.toMatchObject({
      init: { status: 404 },
    });
  });
});
