import { describe, expect, it } from "vitest";
import { formatEventTime, instantToZonedLocal, zonedLocalToInstant } from "./event-time";

describe("event times", () => {
  it("reads a wall-clock time in its zone, summer time included", () => {
    expect(zonedLocalToInstant("2027-01-14T12:00", "America/New_York").toISOString()).toBe("2027-01-14T17:00:00.000Z");
    expect(zonedLocalToInstant("2027-07-14T12:00", "America/New_York").toISOString()).toBe("2027-07-14T16:00:00.000Z");
    expect(zonedLocalToInstant("2027-03-11T18:00", "UTC").toISOString()).toBe("2027-03-11T18:00:00.000Z");
    expect(zonedLocalToInstant("2027-01-14T09:30", "Asia/Kolkata").toISOString()).toBe("2027-01-14T04:00:00.000Z");
  });

  it("gives the owner's form back the wall-clock time it was set in", () => {
    for (const [local, zone] of [
      ["2027-01-14T12:00", "America/New_York"],
      ["2027-10-31T01:30", "Europe/London"],
      ["2027-06-01T23:45", "Australia/Sydney"],
    ] as const) {
      expect(instantToZonedLocal(zonedLocalToInstant(local, zone), zone)).toBe(local);
    }
  });

  it("words the start in US English in the event's zone", () => {
    expect(formatEventTime(new Date("2027-01-14T17:00:00Z"), "UTC")).toMatch(
      /^Thursday, January 14, 2027,? at 5:00\sPM UTC$/,
    );
    expect(formatEventTime(new Date("2027-01-14T17:00:00Z"), "America/New_York")).toMatch(
      /^Thursday, January 14, 2027,? at 12:00\sPM EST$/,
    );
  });
});
