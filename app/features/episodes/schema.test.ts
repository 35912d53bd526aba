import { describe, expect, it } from "vitest";
import { formatDuration, formatEpisodeDate } from "./schema";

describe("formatDuration", () => {
  it.each([
    [0, "0:00"],
    [12, "0:12"],
    [65, "1:05"],
    [2700, "45:00"],
    [3723, "1:02:03"],
    [-5, "0:00"],
  ])("formats %i seconds as %s", (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });
});

describe("formatEpisodeDate", () => {
  it("writes a US-English short date of the UTC day", () => {
    expect(formatEpisodeDate("2025-09-04T09:00:00.000Z")).toBe("Sep 4, 2025");
    expect(formatEpisodeDate("2025-09-04T23:30:00.000Z")).toBe("Sep 4, 2025");
  });
});
