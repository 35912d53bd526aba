import { BACKUP_TAKEN } from "~/features/activity/activity.server";
import { backupBody, backupFileName, startBackup } from "~/features/backup/backup.server";
import { apiCall } from "~/lib/api-calls.server";
import { logUnexpectedError } from "~/lib/log-unexpected-error.server";
import { ROLES } from "~/lib/staff-roles";

export const calls = [
  /** The whole site as one .tar.gz: a snapshot of the database and every media file, with their checksums. */
  apiCall({
    method: "GET",
    path: "/api/admin/backup",
    access: { staff: ROLES.owner },
    // A read, but a copy of everything leaves the site: the log says who took it and when.
    activity: async () => async () => ({
      kind: BACKUP_TAKEN,
      subjectType: null,
      subjectId: null,
      subjectTitle: null,
      detail: "downloaded",
    }),
    async handler({ context, request }) {
      const backup = await startBackup(context.db, context.media, context.env.DATABASE_URL ? "postgres" : "pglite");
      const body = backupBody(backup, (error) => logUnexpectedError(context.requestId, request, error));
      return new Response(body, {
        headers: {
          "Content-Type": "application/gzip",
          "Content-Disposition": `attachment; filename="${backupFileName(backup.manifest.createdAt)}"`,
          "Cache-Control": "private, no-store",
        },
      });
    },
  }),
];
