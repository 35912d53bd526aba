import { describe, expect, it } from "vitest";
import { INVALID_EMAIL_MESSAGE, SubscriberEmailSchema, SubscribeSchema } from "./schema";

describe("SubscriberEmailSchema (spec 5: email-format check)", () => {
  it.each([
    "user@example.com",
    "first.last@sub.example.co.uk",
    "user+tag@example.io",
    "user@[192.168.0.1]",
    '"quoted local"@example.com',
  ])("accepts %s", (email) => {
    expect(SubscriberEmailSchema.safeParse(email).success).toBe(true);
  });

  it.each([
    "",
    "plainaddress",
    "@example.com",
    "user@",
    "user@example",
    "user@example.c",
    "user@example.c0",
    "user name@example.com",
    "user@exa mple.com",
    "user..dots@example.com",
    `${"a".repeat(250)}@example.com`,
  ])("rejects %j with the spec's message", (email) => {
    const result = SubscriberEmailSchema.safeParse(email);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(INVALID_EMAIL_MESSAGE);
  });

  it("lower-cases before testing, so capitals pass and are stored lower-case", () => {
    expect(SubscriberEmailSchema.parse("  Someone@Example.COM ")).toBe("someone@example.com");
  });

  it("answers a value that is not text with the same message", () => {
    expect(SubscriberEmailSchema.safeParse(42).error?.issues[0].message).toBe(INVALID_EMAIL_MESSAGE);
  });
});

describe("SubscribeSchema", () => {
  it("takes the launch list's {email} and the sign-up modal's {firstName, lastName, email}", () => {
    expect(SubscribeSchema.parse({ email: "a@example.com" })).toEqual({ email: "a@example.com" });
    expect(SubscribeSchema.parse({ email: "a@example.com", firstName: " Ada ", lastName: "Lovelace" })).toEqual({
      email: "a@example.com",
      firstName: "Ada",
      lastName: "Lovelace",
    });
  });

  it("treats blank names as absent and refuses names that are not text", () => {
    expect(SubscribeSchema.parse({ email: "a@example.com", firstName: "  " }).firstName).toBeUndefined();
    expect(SubscribeSchema.safeParse({ email: "a@example.com", firstName: 7 }).success).toBe(false);
  });
});
