import type { UpcomingEvent, VirtualEvent } from "./schema";

/**
 * SAMPLE SCHEDULE: placeholder virtual events for premium members, to be replaced by the owner with the real ones
 * (like app/lib/site-config.ts, this is the one place to edit). Times are in UTC.
 */
export const VIRTUAL_EVENTS: VirtualEvent[] = [
  {
    id: "host-live-q-and-a-2027-01",
    title: "Live Q&A with the Host",
    description: "Bring your questions about this season's episodes; premium members get priority in the queue.",
    startsAt: "2027-01-14T17:00:00Z",
    durationMinutes: 60,
  },
  {
    id: "founder-roundtable-2027-02",
    title: "Founder Roundtable: Scaling After Disruption",
    description: "Three past guests compare notes on growing a company after the market changed under them.",
    startsAt: "2027-02-11T17:00:00Z",
    durationMinutes: 75,
  },
  {
    id: "behind-the-mic-2027-03",
    title: "Behind the Mic: A Live Recording Session",
    description: "Watch an episode being recorded and stay for the unedited conversation afterwards.",
    startsAt: "2027-03-11T18:00:00Z",
    durationMinutes: 90,
  },
];

/** Events that have not ended yet, soonest first. Call only for a premium member. */
export function listUpcomingEvents(now: Date = new Date(), events: VirtualEvent[] = VIRTUAL_EVENTS): UpcomingEvent[] {
  return events
    .filter((event) => new Date(event.startsAt).getTime() + event.durationMinutes * 60_000 > now.getTime())
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt))
    .map((event) => ({ ...event, when: formatEventTime(event.startsAt) }));
}

/** In UTC, the one time zone every member can convert from. */
export function formatEventTime(isoTimestamp: string) {
  return new Date(isoTimestamp).toLocaleString("en-US", {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  });
}
