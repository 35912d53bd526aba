import { describe, expect, it } from "vitest";
import { formatEpisodeDate, formatEventTime } from "./schema";

describe("premium dates", () => {
  it("show episode dates in US English, the same in any time zone", () => {
    expect(formatEpisodeDate("2025-03-13")).toBe("Mar 13, 2025");
  });

  it("show event times in UTC", () => {
    expect(formatEventTime("2027-01-14T17:00:00Z")).toBe("Thursday, January 14, 2027 at 5:00 PM UTC");
  });
});
