import { ResourceSaveSchema } from "~/features/premium/editor-schema";
import {
  deleteResource,
  RESOURCE_CONFLICT_MESSAGE,
  RESOURCE_NOT_FOUND,
  readOwnerResource,
  saveResource,
} from "~/features/premium/resources.server";
import { versionedRowRoute } from "~/lib/versioned-row-route.server";
import type { Route } from "./+types/resource";

/**
 * GET /api/admin/resources/{id}: the resource as the form shows it with its version; PUT saves it (with the version the
 * form opened), DELETE removes it and its file.
 */
const route = versionedRowRoute({
  noun: "Resource",
  notFoundMessage: RESOURCE_NOT_FOUND,
  conflictMessage: RESOURCE_CONFLICT_MESSAGE,
  saveSchema: ResourceSaveSchema,
  read: readOwnerResource,
  save: saveResource,
  remove: ({ db, media }, id) => deleteResource(db, media, id),
});

export const loader = (args: Route.LoaderArgs) => route.loader(args);
export const action = (args: Route.ActionArgs) => route.action(args);
