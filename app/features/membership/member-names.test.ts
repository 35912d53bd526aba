import { describe, expect, it } from "vitest";
import { accountEmail, accountName, greetingName, profileDisplayName } from "./member-names";

const member = (firstName: string | null, lastName: string | null, email: string | null) => ({
  firstName,
  lastName,
  email,
});

describe("greetingName (dashboard)", () => {
  it("greets by first name, else the part of the email before the @, else Disruptor", () => {
    expect(greetingName(member("Ada", "Lovelace", "ada@example.com"))).toBe("Ada");
    expect(greetingName(member(null, "Lovelace", "ada.l@example.com"))).toBe("ada.l");
    expect(greetingName(member("  ", null, "ada.l@example.com"))).toBe("ada.l");
    expect(greetingName(member(null, null, null))).toBe("Disruptor");
    expect(greetingName(member(null, null, "@example.com"))).toBe("Disruptor");
  });
});

describe("accountName and accountEmail (Account Information)", () => {
  it("show first and last name, else the first name, else Not provided", () => {
    expect(accountName(member("Ada", "Lovelace", null))).toBe("Ada Lovelace");
    expect(accountName(member("Ada", null, null))).toBe("Ada");
    expect(accountName(member(null, "Lovelace", null))).toBe("Not provided");
    expect(accountName(member(null, null, null))).toBe("Not provided");
  });

  it("show the email, else No email on file", () => {
    expect(accountEmail(member(null, null, "ada@example.com"))).toBe("ada@example.com");
    expect(accountEmail(member(null, null, null))).toBe("No email on file");
  });
});

describe("profileDisplayName", () => {
  it("falls back from the full name to the first name, the email's local part, then Member", () => {
    expect(profileDisplayName(member("Ada", "Lovelace", "ada@example.com"))).toBe("Ada Lovelace");
    expect(profileDisplayName(member("Ada", null, "ada@example.com"))).toBe("Ada");
    expect(profileDisplayName(member(null, null, "ada@example.com"))).toBe("ada");
    expect(profileDisplayName(member(null, null, null))).toBe("Member");
  });
});
