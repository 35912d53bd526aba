import { readOwnerSettings, SettingsConflict, saveSiteSettings } from "~/features/settings/settings.server";
import { SETTINGS_SAVED_MESSAGE, SettingsSaveSchema } from "~/features/settings/settings-schema";
import { apiError, methodNotAllowed, parseJsonBody } from "~/lib/api.server";
import { appContext } from "~/lib/app-context.server";
import { requireOwnerForApi } from "~/lib/auth.server";
import type { Route } from "./+types/settings";

/** GET /api/admin/settings: the show's settings as the Settings screen opens them, artwork and version included. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  return { success: true, message: "Settings", data: await readOwnerSettings(db) };
}

/** PUT /api/admin/settings: every setting and the version the form opened; a stale version is a 409. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(appContext);
  await requireOwnerForApi(db, request);
  if (request.method !== "PUT") return methodNotAllowed();
  const body = await parseJsonBody(request, SettingsSaveSchema);
  if (!body.ok) return body.response;
  try {
    await saveSiteSettings(db, body.data);
  } catch (error) {
    if (error instanceof SettingsConflict) return apiError(409, error.message);
    throw error;
  }
  return { success: true, message: SETTINGS_SAVED_MESSAGE, data: await readOwnerSettings(db) };
}
