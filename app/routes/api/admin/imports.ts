import { recordsChange, settingsChange } from "~/features/activity/changes.server";
import { readFeedImport, settleImportedShow, startFeedImport } from "~/features/episodes/feed-import.server";
import { FeedRefused } from "~/features/episodes/feed-import-read.server";
import {
  chosenShowDetails,
  FeedImportStartSchema,
  IMPORT_STARTED_MESSAGE,
  SHOW_DETAILS_KEPT_MESSAGE,
  ShowKeepSchema,
} from "~/features/episodes/feed-import-schema";
import { keepShowDetails, SettingsConflict, ShowDetailsRefused } from "~/features/settings/settings.server";
import { apiError, notFound } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";
import { ROLES } from "~/lib/staff-roles";

const IMPORT_NOT_FOUND = "Import not found";

export const calls = [
  /**
   * `{ feedUrl }`: reads the feed (a locked feed, or one that cannot be fetched or read, is a 400 saying why) and
   * queues its episodes that are not on the site yet; 202 with the import's id while they are imported in the background.
   */
  apiCall({
    method: "POST",
    path: "/api/admin/imports",
    access: { staff: ROLES.owner },
    body: FeedImportStartSchema,
    activity: recordsChange("feed_import", "started", { recordFrom: "answer" }),
    async handler({ db, context, body }) {
      try {
        const { id } = await startFeedImport(db, context.env, body.feedUrl);
        return Response.json({ success: true, message: IMPORT_STARTED_MESSAGE, data: { id } }, { status: 202 });
      } catch (error) {
        if (error instanceof FeedRefused) return apiError(400, error.message, { feedUrl: [error.message] });
        throw error;
      }
    },
  }),
  /** The import's progress: running, done or failed, the counts, the failures with their reasons, the show's details. */
  apiCall({
    method: "GET",
    path: "/api/admin/imports/:id",
    access: { staff: ROLES.owner },
    async handler({ db, id }) {
      const progress = await readFeedImport(db, id);
      if (!progress) return notFound(IMPORT_NOT_FOUND);
      return { success: true, message: progress.message, data: progress };
    },
  }),
  /** `{ keep: [...] }`: the show's details from the feed to keep in Settings (none: keep the site's own). */
  apiCall({
    method: "POST",
    path: "/api/admin/imports/:id/show",
    access: { staff: ROLES.owner },
    body: ShowKeepSchema,
    activity: settingsChange,
    async handler({ db, context, id, body }) {
      const progress = await readFeedImport(db, id);
      if (!progress) return notFound(IMPORT_NOT_FOUND);
      try {
        await keepShowDetails(context, chosenShowDetails(progress.show, body.keep));
      } catch (error) {
        if (error instanceof ShowDetailsRefused) return apiError(400, error.message);
        if (error instanceof SettingsConflict) return apiError(409, error.message);
        throw error;
      }
      await settleImportedShow(db, id, new Date());
      return { success: true, message: SHOW_DETAILS_KEPT_MESSAGE, data: await readFeedImport(db, id) };
    },
  }),
];
