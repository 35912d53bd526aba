import { StorySaveSchema } from "~/features/stories/editor-schema";
import {
  deleteStory,
  readOwnerStory,
  STORY_CONFLICT_MESSAGE,
  STORY_NOT_FOUND,
  saveStory,
} from "~/features/stories/stories.server";
import { versionedRowRoute } from "~/lib/versioned-row-route.server";
import type { Route } from "./+types/story";

/**
 * GET /api/admin/stories/{id}: the story as the editor shows it with its version; PUT saves it (with the version the editor
 * opened), DELETE removes it and its files.
 */
const route = versionedRowRoute({
  noun: "Story",
  notFoundMessage: STORY_NOT_FOUND,
  conflictMessage: STORY_CONFLICT_MESSAGE,
  saveSchema: StorySaveSchema,
  read: readOwnerStory,
  save: saveStory,
  remove: ({ db, media }, id) => deleteStory(db, media, id),
});

export const loader = (args: Route.LoaderArgs) => route.loader(args);
export const action = (args: Route.ActionArgs) => route.action(args);
