import { describe, expect, it } from "vitest";
import { formatEpisodeDate } from "./schema";

describe("premium episode dates", () => {
  it("show episode dates in US English, the same in any time zone", () => {
    expect(formatEpisodeDate("2025-03-13")).toBe("Mar 13, 2025");
  });
});
