import { EventEditorSchema, type OwnerEvent } from "../editor-schema";
import { type ItemField, OwnerItemForm } from "./owner-item-form";

const EVENT_FIELDS: readonly ItemField[] = [
  { name: "title", label: "Title", kind: "text" },
  { name: "description", label: "Description", kind: "textarea" },
  { name: "startsAtLocal", label: "Date and time", kind: "datetime-local", hint: "In the time zone below." },
  {
    name: "timeZone",
    label: "Time zone",
    kind: "text",
    hint: "A time zone name such as UTC, Europe/London or America/New_York; members see the time in it.",
  },
  { name: "durationMinutes", label: "Duration (minutes)", kind: "number" },
  {
    name: "joinUrl",
    label: "Join link",
    kind: "url",
    hint: "http:// or https:// only. Leave empty to send the link by email later.",
  },
  { name: "tier", label: "Who sees it", kind: "tier" },
];

const NEW_EVENT = { id: 0, version: 0, title: "", timeZone: "UTC", durationMinutes: 60 };

/** The owner's members' events: a form for a new one, then every event (past ones too), each editable in place. */
export function OwnerEventsPanel({ events }: { events: OwnerEvent[] }) {
  return (
    <div className="flex flex-col gap-8">
      <details className="rounded-xl border border-border bg-card p-6">
        <summary className="cursor-pointer font-semibold text-xl">New event</summary>
        <div className="mt-4">
          <OwnerItemForm
            noun="Event"
            endpoint="/api/admin/events"
            fields={EVENT_FIELDS}
            schema={EventEditorSchema}
            item={null}
            defaults={NEW_EVENT}
          />
        </div>
      </details>
      {events.length === 0 ? <p className="text-muted-foreground">No events yet.</p> : null}
      <ul className="flex flex-col gap-4">
        {events.map((event) => (
          <li key={`${event.id}-${event.version}`} className="rounded-xl border border-border bg-card p-6">
            <h2 className="mb-4 font-semibold text-xl">{event.title}</h2>
            <OwnerItemForm
              noun="Event"
              endpoint="/api/admin/events"
              fields={EVENT_FIELDS}
              schema={EventEditorSchema}
              item={event}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
