import { z } from "zod";

/** The archive's format; a restore refuses another. */
export const BACKUP_FORMAT = "podcast-site-backup";
export const BACKUP_FORMAT_VERSION = 1;

const Sha256Schema = z.string().regex(/^[0-9a-f]{64}$/);

/** `manifest.json`, the archive's last entry: what the archive holds and each file's checksum. */
export const BackupManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  createdAt: z.iso.datetime(),
  databaseKind: z.enum(["pglite", "postgres"]),
  storageKind: z.enum(["disk", "s3"]),
  /** How many migrations the database had; a restore applies them, loads the rows, then applies the rest. */
  migration: z.object({ level: z.number().int().min(1), tag: z.string() }),
  tables: z.array(
    z.object({
      table: z.string().regex(/^[a-z0-9_]+$/),
      file: z.string(),
      rows: z.number().int().min(0),
      sha256: Sha256Schema,
    }),
  ),
  media: z.array(z.object({ key: z.string(), size: z.number().int().min(0), sha256: Sha256Schema })),
});

export type BackupManifest = z.infer<typeof BackupManifestSchema>;
