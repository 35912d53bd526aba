import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { callApi } from "#tests/setup/call-api";
import { type CallRouteOptions, jsonPost } from "#tests/setup/call-route";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { guestApplications, mailOutbox } from "~/db/schema";
import { JSON_BODY_LIMIT_BYTES } from "~/lib/api.server";
import type { Mailer } from "~/lib/mailer.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(guestApplications);
  await database.db.delete(mailOutbox);
});

const OWNER = { OWNER_EMAIL: "owner@example.com", SITE_URL: "https://show.example.com" };

const apply = (body: string, options: CallRouteOptions = {}) =>
  callApi(database.db, jsonPost("http://localhost/api/guests/apply", body), { env: OWNER, ...options });

const BIOGRAPHY = "Founder of a logistics start-up that nearly failed twice, now advising other founders.";

/** The form's payload: every field present, optional ones empty, as the spec's form sends them. */
const valid = {
  name: "Grace Hopper",
  email: "grace@example.com",
  company: "",
  jobTitle: "",
  expertise: "Software and the Navy",
  topicIdea: "Why the first bug was a moth",
  biography: BIOGRAPHY,
  socialLinks: { linkedin: "", twitter: "", website: "", other: "" },
  pastAppearances: "",
  notes: "",
};

const stored = () => database.db.select().from(guestApplications);

describe("POST /api/guests/apply", () => {
  it("stores the application as submitted with an empty link map, and answers 201 with its id", async () => {
    const reply = await apply(JSON.stringify(valid));
    expect(reply.status).toBe(201);
    const [row] = await stored();
    expect(reply.body).toEqual({
      success: true,
      message: "Your guest application has been received. We'll be in touch soon!",
      data: { id: row.id },
    });
    expect(row).toMatchObject({
      name: "Grace Hopper",
      email: "grace@example.com",
      company: null,
      jobTitle: null,
      expertise: "Software and the Navy",
      topicIdea: "Why the first bug was a moth",
      biography: BIOGRAPHY,
      socialLinks: {},
      pastAppearances: null,
      notes: null,
      status: "submitted",
      archived: false,
      reviewedBy: null,
    });
  });

  it("stores the optional fields and the links that were given, dropping the empty ones", async () => {
    await apply(
      JSON.stringify({
        ...valid,
        company: "Navy",
        jobTitle: "Rear Admiral",
        socialLinks: {
          linkedin: "https://www.linkedin.com/in/grace",
          twitter: "",
          website: "http://grace.example.org",
        },
        pastAppearances: "Late Show, 1986",
        notes: "Available Thursdays",
      }),
    );
    expect(await stored()).toMatchObject([
      {
        company: "Navy",
        jobTitle: "Rear Admiral",
        socialLinks: { linkedin: "https://www.linkedin.com/in/grace", website: "http://grace.example.org" },
        pastAppearances: "Late Show, 1986",
        notes: "Available Thursdays",
      },
    ]);
  });

  it("accepts an application that leaves out the optional fields and the link map", async () => {
    const { company, jobTitle, socialLinks, pastAppearances, notes, ...required } = valid;
    expect((await apply(JSON.stringify(required))).status).toBe(201);
    expect(await stored()).toMatchObject([{ socialLinks: {}, company: null }]);
  });

  it("mails the owner the application with a link to the admin area", async () => {
    await apply(JSON.stringify({ ...valid, socialLinks: { website: "https://grace.example.org" } }));
    const [mail] = await database.db.select().from(mailOutbox);
    expect(mail.to).toBe("owner@example.com");
    expect(mail.subject).toBe("New guest application from Grace Hopper: Software and the Navy");
    expect(mail.text).toContain("From: Grace Hopper <grace@example.com>");
    expect(mail.text).toContain("Why the first bug was a moth");
    expect(mail.text).toContain(BIOGRAPHY);
    expect(mail.text).toContain("website: https://grace.example.org");
    expect(mail.text).toContain("https://show.example.com/admin/contacts");
  });

  it("still stores the application and answers success when the mail cannot be sent", async () => {
    const failingMailer: Mailer = { send: vi.fn().mockRejectedValue(new Error("SMTP down")) };
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const reply = await apply(JSON.stringify(valid), { env: OWNER, mailer: failingMailer });
    expect(reply.status).toBe(201);
    expect(failingMailer.send).toHaveBeenCalledOnce();
    expect(await stored()).toHaveLength(1);
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  describe("validation (spec 5, guest application form)", () => {
    const BIO_MESSAGE = "Biography should be at least 50 characters";
    const URL_MESSAGE = "Please enter valid URLs";

    it.each([
      ["a missing name", { ...valid, name: undefined }, "name", "Name is required"],
      ["an empty name", { ...valid, name: "" }, "name", "Name is required"],
      ["a blank name", { ...valid, name: "   " }, "name", "Name is required"],
      ["a name that is a number", { ...valid, name: 1 }, "name", "Name is required"],
      ["a missing email", { ...valid, email: undefined }, "email", "Please enter a valid email address"],
      ["an invalid email", { ...valid, email: "grace.example.com" }, "email", "Please enter a valid email address"],
      [
        "an email given as a list",
        { ...valid, email: ["g@example.com"] },
        "email",
        "Please enter a valid email address",
      ],
      ["a missing expertise", { ...valid, expertise: undefined }, "expertise", "Area of expertise is required"],
      ["a blank expertise", { ...valid, expertise: " " }, "expertise", "Area of expertise is required"],
      ["a missing topic idea", { ...valid, topicIdea: undefined }, "topicIdea", "Topic idea is required"],
      ["a topic idea that is null", { ...valid, topicIdea: null }, "topicIdea", "Topic idea is required"],
      ["a missing biography", { ...valid, biography: undefined }, "biography", BIO_MESSAGE],
      ["a biography of 49 characters", { ...valid, biography: "b".repeat(49) }, "biography", BIO_MESSAGE],
      [
        "a biography padded to 50 with spaces",
        { ...valid, biography: ` ${"b".repeat(48)} ` },
        "biography",
        BIO_MESSAGE,
      ],
      ["a biography that is a number", { ...valid, biography: 12345 }, "biography", BIO_MESSAGE],
      [
        "a link that is not a URL",
        { ...valid, socialLinks: { linkedin: "grace" } },
        "socialLinks.linkedin",
        URL_MESSAGE,
      ],
      [
        "a javascript: link",
        { ...valid, socialLinks: { website: "javascript:alert(1)" } },
        "socialLinks.website",
        URL_MESSAGE,
      ],
      ["a data: link", { ...valid, socialLinks: { other: "data:text/html,hi" } }, "socialLinks.other", URL_MESSAGE],
      [
        "an ftp link",
        { ...valid, socialLinks: { other: "ftp://files.example.com" } },
        "socialLinks.other",
        URL_MESSAGE,
      ],
      ["a link that is a number", { ...valid, socialLinks: { twitter: 5 } }, "socialLinks.twitter", URL_MESSAGE],
      [
        "a link under an unknown name",
        { ...valid, socialLinks: { myspace: "https://myspace.com/g" } },
        "socialLinks",
        URL_MESSAGE,
      ],
      ["links given as a list", { ...valid, socialLinks: ["https://example.com"] }, "socialLinks", URL_MESSAGE],
      ["links that are null", { ...valid, socialLinks: null }, "socialLinks", URL_MESSAGE],
      ["a company that is a number", { ...valid, company: 3 }, "company", "Company must be text"],
      ["notes given as a list", { ...valid, notes: ["a"] }, "notes", "Notes must be text"],
      [
        "a name over 100 characters",
        { ...valid, name: "n".repeat(101) },
        "name",
        "Name must be at most 100 characters",
      ],
      [
        "a biography over 5000 characters",
        { ...valid, biography: "b".repeat(5001) },
        "biography",
        "Biography must be at most 5000 characters",
      ],
    ])("refuses %s with 400 and its message, storing nothing", async (_case, body, field, message) => {
      const reply = await apply(JSON.stringify(body));
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({ success: false, message, errors: { [field]: [message] } });
      expect(await stored()).toHaveLength(0);
      expect(await database.db.$count(mailOutbox)).toBe(0);
    });

    it("answers the first failing rule and maps every failing field", async () => {
      const reply = await apply(JSON.stringify({ socialLinks: { linkedin: "nope" } }));
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({
        success: false,
        message: "Name is required",
        errors: {
          name: ["Name is required"],
          email: ["Please enter a valid email address"],
          expertise: ["Area of expertise is required"],
          topicIdea: ["Topic idea is required"],
          biography: [BIO_MESSAGE],
          "socialLinks.linkedin": [URL_MESSAGE],
        },
      });
      expect(await stored()).toHaveLength(0);
    });
  });

  // Every body check of parseJsonBody is tested in app/lib/api.server.test.ts; this one shows the route uses it.
  it("refuses a body over the limit with parseJsonBody's 413, storing nothing", async () => {
    const reply = await apply(JSON.stringify({ ...valid, notes: "x".repeat(JSON_BODY_LIMIT_BYTES) }));
    expect(reply.status).toBe(413);
    expect(reply.body).toEqual({ success: false, message: "The request body is too large" });
    expect(await stored()).toHaveLength(0);
  });

  it("answers GET with 405", async () => {
    const reply = await callApi(database.db, new Request("http://localhost/api/guests/apply"));
    expect(reply.status).toBe(405);
  });
});
