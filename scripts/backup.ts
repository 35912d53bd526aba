/**
 * Writes a backup of the site (the database and every media file, as one .tar.gz) with the server's settings
 * (DATA_DIR or DATABASE_URL, and the media storage): `npm run backup -- --out FILE`. With the embedded database, stop
 * the server first: only one process may open its data folder. A running site backs up through the Settings screen.
 */
import { createWriteStream } from "node:fs";
import { parseArgs } from "node:util";
import { openDatabase } from "~/db/client.server";
import { BACKUP_TAKEN, recordActivity } from "~/features/activity/activity.server";
import { startBackup } from "~/features/backup/backup.server";
import { parseEnv } from "~/lib/env.server";
import { createMediaStorage } from "~/lib/media/media-storage.server";

async function main() {
  const { values } = parseArgs({ options: { out: { type: "string" } } });
  if (!values.out) {
    console.error("Say where to write the backup: npm run backup -- --out FILE");
    process.exit(1);
  }
  const env = parseEnv(process.env);
  const media = await createMediaStorage(env);
  // The database is backed up at the level it is at: a restore migrates it forward.
  const database = await openDatabase(
    env.DATABASE_URL ? { kind: "postgres", url: env.DATABASE_URL } : { kind: "pglite", dataDir: env.DATA_DIR },
    { migrate: false },
  );
  try {
    const backup = await startBackup(database.db, media, database.kind);
    const manifest = await backup.writeTo(createWriteStream(values.out, { flags: "wx" }));
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    const summary = `${manifest.tables.length} tables, ${rows} rows, ${manifest.media.length} media files`;
    await recordActivity(database.db, {
      kind: BACKUP_TAKEN,
      subjectType: null,
      subjectId: null,
      subjectTitle: null,
      detail: "from the command line",
      actor: { staffId: null, email: null },
      clientAddress: null,
    });
    console.log(`Backup written to ${values.out}: ${summary} (migration ${manifest.migration.tag}).`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(`Could not write the backup: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
