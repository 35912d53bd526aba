import { describe, expect, it } from "vitest";
import { applicantInitials } from "./applicant-avatar";

describe("applicantInitials", () => {
  it.each([
    ["Grace Hopper", "GH"],
    ["grace brewster murray hopper", "GB"],
    ["  Ada  ", "A"],
    ["", ""],
  ])("%j -> %j", (name, initials) => {
    expect(applicantInitials(name)).toBe(initials);
  });
});
