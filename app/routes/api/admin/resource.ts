import { recordsChange } from "~/features/activity/changes.server";
import { ResourceSaveSchema } from "~/features/premium/editor-schema";
import {
  deleteResource,
  RESOURCE_CONFLICT_MESSAGE,
  RESOURCE_NOT_FOUND,
  readOwnerResource,
  saveResource,
} from "~/features/premium/resources.server";
import { versionedRowCalls } from "~/lib/versioned-row-route.server";

/** The resource as the form shows it with its version; PUT saves it, DELETE removes it and its file. */
export const calls = versionedRowCalls({
  path: "/api/admin/resources/:id",
  noun: "Resource",
  notFoundMessage: RESOURCE_NOT_FOUND,
  conflictMessage: RESOURCE_CONFLICT_MESSAGE,
  saveSchema: ResourceSaveSchema,
  read: readOwnerResource,
  save: saveResource,
  remove: ({ db, media }, id) => deleteResource(db, media, id),
  activity: { save: recordsChange("resource", "updated"), remove: recordsChange("resource", "deleted") },
});
