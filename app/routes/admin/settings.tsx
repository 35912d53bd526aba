import { BACKUP_TAKEN, lastRecordedAt } from "~/features/activity/activity.server";
import { BackupPanel } from "~/features/backup/components/backup-panel";
import { FeedImportPanel } from "~/features/episodes/components/feed-import-panel";
import { readLatestFeedImport } from "~/features/episodes/feed-import.server";
import { SuppressionsPanel } from "~/features/mail/components/suppressions-panel";
import { FIRST_SUPPRESSION_PAGE, listSuppressions } from "~/features/mail/suppressions.server";
import { RecentSignIns } from "~/features/owner/components/recent-sign-ins";
import { RECENT_SIGN_INS_SHOWN } from "~/features/owner/schema";
import { listOwnerSignIns } from "~/features/owner/sign-ins.server";
import { ArtworkUpload } from "~/features/settings/components/artwork-upload";
import { SettingsForm } from "~/features/settings/components/settings-form";
import { readOwnerSettings } from "~/features/settings/settings.server";
import { appContext } from "~/lib/app-context.server";
import { requireStaffForPage } from "~/lib/auth.server";
import { pageMeta } from "~/lib/seo";
import { ROLES } from "~/lib/staff-roles";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Settings", description: "The show's identity and settings.", noIndex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  await requireStaffForPage(db, request, ROLES.owner);
  const [settings, signIns, suppressions, latestImport, lastBackupAt] = await Promise.all([
    readOwnerSettings(db),
    listOwnerSignIns(db, RECENT_SIGN_INS_SHOWN),
    listSuppressions(db, FIRST_SUPPRESSION_PAGE),
    readLatestFeedImport(db),
    lastRecordedAt(db, BACKUP_TAKEN),
  ]);
  return { settings, signIns, suppressions, latestImport, lastBackupAt };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { settings, signIns, suppressions, latestImport, lastBackupAt } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 pt-28 pb-24">
      <h1 className="mb-8 font-bold text-4xl tracking-tight">Settings</h1>
      <div className="grid grid-cols-1 gap-6">
        <ArtworkUpload initial={settings.artwork} />
        <SettingsForm initial={settings} />
        <FeedImportPanel latest={latestImport} />
        <SuppressionsPanel firstPage={suppressions} />
        <RecentSignIns signIns={signIns} />
        <BackupPanel lastBackupAt={lastBackupAt} />
      </div>
    </main>
  );
}
