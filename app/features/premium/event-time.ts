/**
 * An event's time as the owner sets it (a wall-clock date and time in a named time zone) and as members read it.
 * Built on Intl alone: the runtime's time zone data decides offsets and summer time.
 */

/** The zone's offset from UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant of a wall-clock time ("2027-01-14T12:00") in `timeZone`. A time skipped by a summer-time change is
 * read with the offset before the change, as calendars do.
 */
export function zonedLocalToInstant(local: string, timeZone: string): Date {
  const wall = Date.parse(`${local}:00Z`);
  const first = wall - offsetAt(wall, timeZone);
  return new Date(wall - offsetAt(first, timeZone));
}

/** The wall-clock time of `instant` in `timeZone`, as a datetime-local field takes it. */
export function instantToZonedLocal(instant: Date, timeZone: string): string {
  return new Date(instant.getTime() + offsetAt(instant.getTime(), timeZone)).toISOString().slice(0, 16);
}

/** In the event's own zone, named, so that every member can convert it. */
export function formatEventTime(instant: Date, timeZone: string) {
  return instant.toLocaleString("en-US", {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  });
}
