import { describe, expect, it } from "vitest";
import { accountDisplayName } from "./account-menu";

describe("accountDisplayName (spec section 2)", () => {
  it.each([
    [{ firstName: "Ada", email: "ada@example.com" }, "Ada"],
    [{ firstName: null, email: "grace.hopper@example.com" }, "grace.hopper"],
    [{ firstName: "  ", email: "blank.first@example.com" }, "blank.first"],
    [{ firstName: null, email: null }, "Member"],
    [{ firstName: null, email: "@example.com" }, "Member"],
  ])("shows %j as %s", (user, expected) => {
    expect(accountDisplayName(user)).toBe(expected);
  });
});
