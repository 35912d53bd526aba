import { CalendarDays } from "lucide-react";
import type { UpcomingEvent } from "../schema";

export function VirtualEventList({ events }: { events: UpcomingEvent[] }) {
  if (events.length === 0) {
    return (
      <p className="rounded-xl border border-border bg-card p-6 text-muted-foreground">
        No upcoming events are scheduled. New events are announced by email.
      </p>
    );
  }
  return (
    <ul className="grid gap-4">
      {events.map((event) => (
        <li key={event.id} className="rounded-xl border border-border bg-card p-6">
          <h2 className="font-semibold text-xl">{event.title}</h2>
          <p className="mt-2 flex items-center gap-2 text-muted-foreground text-sm">
            <CalendarDays className="size-4" aria-hidden="true" />
            <time dateTime={event.startsAt}>{event.when}</time>
            <span aria-hidden="true">·</span>
            <span>{event.durationMinutes} min</span>
          </p>
          <p className="mt-3 text-muted-foreground">{event.description}</p>
          {event.joinUrl ? (
            <a
              href={event.joinUrl}
              rel="noopener noreferrer"
              target="_blank"
              className="mt-3 inline-block text-primary underline underline-offset-4"
            >
              Join the event<span className="sr-only"> {event.title} (opens in a new tab)</span>
            </a>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
