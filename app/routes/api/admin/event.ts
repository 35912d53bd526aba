import { EventSaveSchema } from "~/features/premium/editor-schema";
import {
  deleteEvent,
  EVENT_CONFLICT_MESSAGE,
  EVENT_NOT_FOUND,
  readOwnerEvent,
  saveEvent,
} from "~/features/premium/events.server";
import { versionedRowRoute } from "~/lib/versioned-row-route.server";
import type { Route } from "./+types/event";

/**
 * GET /api/admin/events/{id}: the event as the form shows it with its version; PUT saves it (with the version the form
 * opened), DELETE removes it.
 */
const route = versionedRowRoute({
  noun: "Event",
  notFoundMessage: EVENT_NOT_FOUND,
  conflictMessage: EVENT_CONFLICT_MESSAGE,
  saveSchema: EventSaveSchema,
  read: readOwnerEvent,
  save: saveEvent,
  remove: ({ db }, id) => deleteEvent(db, id),
});

export const loader = (args: Route.LoaderArgs) => route.loader(args);
export const action = (args: Route.ActionArgs) => route.action(args);
