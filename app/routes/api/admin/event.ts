import { recordsChange } from "~/features/activity/changes.server";
import { EventSaveSchema } from "~/features/premium/editor-schema";
import {
  deleteEvent,
  EVENT_CONFLICT_MESSAGE,
  EVENT_NOT_FOUND,
  readOwnerEvent,
  saveEvent,
} from "~/features/premium/events.server";
import { versionedRowCalls } from "~/lib/versioned-row-route.server";

/** The event as the form shows it with its version; PUT saves it (with the version the form opened), DELETE removes it. */
export const calls = versionedRowCalls({
  path: "/api/admin/events/:id",
  noun: "Event",
  notFoundMessage: EVENT_NOT_FOUND,
  conflictMessage: EVENT_CONFLICT_MESSAGE,
  saveSchema: EventSaveSchema,
  read: readOwnerEvent,
  save: saveEvent,
  remove: ({ db }, id) => deleteEvent(db, id),
  activity: { save: recordsChange("event", "updated"), remove: recordsChange("event", "deleted") },
});
