import { describe, expect, it } from "vitest";
import { FILL_ALL_FIELDS_MESSAGE, INVALID_EMAIL_MESSAGE, MemberSignUpSchema } from "./schema";

const firstMessage = (input: unknown) => MemberSignUpSchema.safeParse(input).error?.issues[0].message;

describe("MemberSignUpSchema (spec 5: member sign-up form)", () => {
  it("accepts three filled fields and trims them", () => {
    expect(MemberSignUpSchema.parse({ firstName: " Ada ", lastName: "Lovelace ", email: " Ada@Example.com" })).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
    });
  });

  it.each([
    { firstName: "", lastName: "Lovelace", email: "ada@example.com" },
    { firstName: "Ada", lastName: "   ", email: "ada@example.com" },
    { firstName: "Ada", lastName: "Lovelace", email: " " },
    { firstName: "Ada", email: "ada@example.com" },
    // Blank fields are reported before a malformed address.
    { firstName: " ", lastName: "Lovelace", email: "no-at-sign" },
  ])("asks to fill in all fields for %j", (input) => {
    expect(firstMessage(input)).toBe(FILL_ALL_FIELDS_MESSAGE);
  });

  it.each(["no-at-sign", "ada@", "ada@example"])("asks for a valid address for %j", (email) => {
    expect(firstMessage({ firstName: "Ada", lastName: "Lovelace", email })).toBe(INVALID_EMAIL_MESSAGE);
  });
});
