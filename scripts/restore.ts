/**
 * Restores a backup written by `npm run backup` or the Settings screen: `npm run restore -- FILE`, into the database
 * and media storage the settings name (DATA_DIR, or DATABASE_URL and the S3 settings), which must be empty. Every
 * checksum is verified before anything is written; a backup of an earlier version is migrated forward.
 */
import { createReadStream } from "node:fs";
import { restoreBackup } from "~/features/backup/restore.server";
import { parseEnv } from "~/lib/env.server";
import { createMediaStorage } from "~/lib/media/media-storage.server";

async function main() {
  const file = process.argv[2];
  if (!file) {
    console.error("Name the backup to restore: npm run restore -- FILE");
    process.exit(1);
  }
  const env = parseEnv(process.env);
  const manifest = await restoreBackup(createReadStream(file), {
    database: env.DATABASE_URL
      ? { kind: "postgres", url: env.DATABASE_URL }
      : { kind: "pglite", dataDir: env.DATA_DIR },
    media: await createMediaStorage(env),
  });
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `Restored the backup of ${manifest.createdAt}: ${rows} rows in ${manifest.tables.length} tables, ${manifest.media.length} media files.`,
  );
}

main().catch((error: unknown) => {
  const reason = error instanceof Error ? error.message : String(error);
  console.error(`Could not restore: ${reason}`);
  process.exit(1);
});
