import { TitledCard } from "~/components/titled-card";
import { Button } from "~/components/ui/button";
import { formatTableDateTime } from "~/lib/format-date";

/** When the last backup was taken, and a link that downloads a new one. */
export function BackupPanel({ lastBackupAt }: { lastBackupAt: string | null }) {
  return (
    <TitledCard
      title="Backups"
      description="The database and every media file as one .tar.gz file, taken while the site runs. Keep it somewhere else; npm run restore puts it back."
    >
      <p className="mb-4 text-sm">
        {lastBackupAt ? `Last backup: ${formatTableDateTime(lastBackupAt)}` : "No backup taken yet."}
      </p>
      <Button asChild variant="outline">
        <a href="/api/admin/backup" download>
          Download a backup
        </a>
      </Button>
    </TitledCard>
  );
}
