import { recordsChange } from "~/features/activity/changes.server";
import { StorySaveSchema } from "~/features/stories/editor-schema";
import {
  deleteStory,
  readOwnerStory,
  STORY_CONFLICT_MESSAGE,
  STORY_NOT_FOUND,
  saveStory,
} from "~/features/stories/stories.server";
import { versionedRowCalls } from "~/lib/versioned-row-route.server";

/** The story as the editor shows it with its version; PUT saves it, DELETE removes it and its files. */
export const calls = versionedRowCalls({
  path: "/api/admin/stories/:id",
  noun: "Story",
  notFoundMessage: STORY_NOT_FOUND,
  conflictMessage: STORY_CONFLICT_MESSAGE,
  saveSchema: StorySaveSchema,
  read: readOwnerStory,
  save: saveStory,
  remove: ({ db, media }, id) => deleteStory(db, media, id),
  activity: { save: recordsChange("story", "updated"), remove: recordsChange("story", "deleted") },
});
