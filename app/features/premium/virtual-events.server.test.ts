import { describe, expect, it } from "vitest";
import type { VirtualEvent } from "./schema";
import { formatEventTime, listUpcomingEvents, VIRTUAL_EVENTS } from "./virtual-events.server";

const event = (id: string, startsAt: string, durationMinutes = 60): VirtualEvent => ({
  id,
  title: id,
  description: "",
  startsAt,
  durationMinutes,
});

describe("listUpcomingEvents", () => {
  const events = [
    event("later", "2027-03-01T17:00:00Z"),
    event("past", "2027-01-01T17:00:00Z"),
    event("running", "2027-02-01T17:00:00Z", 60),
    event("sooner", "2027-02-15T17:00:00Z"),
  ];

  it("keeps events that have not ended, soonest first", () => {
    const now = new Date("2027-02-01T17:30:00Z");
    expect(listUpcomingEvents(now, events).map(({ id }) => id)).toEqual(["running", "sooner", "later"]);
  });

  it("drops an event once it has ended", () => {
    const now = new Date("2027-02-01T18:00:00Z");
    expect(listUpcomingEvents(now, events).map(({ id }) => id)).toEqual(["sooner", "later"]);
  });

  it("has sample events still to come at the time of writing", () => {
    expect(listUpcomingEvents(new Date("2026-11-22T00:00:00Z"))).toHaveLength(VIRTUAL_EVENTS.length);
  });
});

describe("formatEventTime", () => {
  it("words the start in US English, in UTC", () => {
    expect(formatEventTime("2027-01-14T17:00:00Z")).toMatch(/^Thursday, January 14, 2027,? at 5:00\sPM UTC$/);
  });

  it("is what the events page receives", () => {
    const [first] = listUpcomingEvents(new Date("2026-11-22T00:00:00Z"));
    expect(first.when).toBe(formatEventTime(first.startsAt));
  });
});
