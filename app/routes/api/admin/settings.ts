import { settingsChange } from "~/features/activity/changes.server";
import {
  isOwnFeedAddress,
  readOwnerSettings,
  SettingsConflict,
  saveSiteSettings,
} from "~/features/settings/settings.server";
import {
  FEED_MOVE_TO_ITSELF_MESSAGE,
  SETTINGS_SAVED_MESSAGE,
  SettingsSaveSchema,
} from "~/features/settings/settings-schema";
import { apiError } from "~/lib/api.server";
import { apiCall } from "~/lib/api-calls.server";
import { ROLES } from "~/lib/staff-roles";

export const calls = [
  /** The show's settings as the Settings screen opens them, artwork and version included. */
  apiCall({
    method: "GET",
    path: "/api/admin/settings",
    access: { staff: ROLES.owner },
    handler: async ({ db }) => ({ success: true, message: "Settings", data: await readOwnerSettings(db) }),
  }),
  /** Every setting and the version the form opened; a stale version is a 409. */
  apiCall({
    method: "PUT",
    path: "/api/admin/settings",
    access: { staff: ROLES.owner },
    activity: settingsChange,
    body: SettingsSaveSchema,
    async handler({ db, context, body }) {
      const { newFeedUrl } = body.feedHome;
      if (newFeedUrl && isOwnFeedAddress(newFeedUrl, context.env.SITE_URL))
        return apiError(400, FEED_MOVE_TO_ITSELF_MESSAGE, { "feedHome.newFeedUrl": [FEED_MOVE_TO_ITSELF_MESSAGE] });
      try {
        await saveSiteSettings(db, body);
      } catch (error) {
        if (error instanceof SettingsConflict) return apiError(409, error.message);
        throw error;
      }
      return { success: true, message: SETTINGS_SAVED_MESSAGE, data: await readOwnerSettings(db) };
    },
  }),
];
