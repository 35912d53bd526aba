import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PassThrough, Readable, Transform, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import tar from "tar-stream";
import type { Database } from "~/db/client.server";
import { migrationJournal, migrationLevel } from "~/db/migration-levels.server";
import { MediaStorageError } from "~/lib/media/media-errors";
import type { MediaStorage } from "~/lib/media/media-storage.server";
import { dumpDatabase } from "./database-dump.server";
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type BackupManifest } from "./schema";

export const MANIFEST_FILE = "manifest.json";
export const DATABASE_FOLDER = "database";
export const MEDIA_FOLDER = "media";

/** A stream that passes its bytes on and knows their SHA-256 once it has ended. */
export function hashingStream(): Transform & { sha256(): string } {
  const hash = createHash("sha256");
  const stream = new Transform({
    transform(chunk, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  return Object.assign(stream, { sha256: () => hash.digest("hex") });
}

/**
 * Adds one entry of `size` bytes from `source` to the archive, resolving with the bytes' SHA-256, or rejecting as soon
 * as `aborted` does (the archive's reader went away).
 */
async function addEntry(
  pack: tar.Pack,
  aborted: Promise<never>,
  entry: { name: string; size: number; source: Readable },
): Promise<string> {
  const hasher = hashingStream();
  const added = new Promise<void>((resolve, reject) => {
    const { name, size, source } = entry;
    const sink = pack.entry({ name, size, mode: 0o600 }, (error) => (error ? reject(error) : resolve()));
    source.on("error", reject);
    source.pipe(hasher).pipe(sink as unknown as Writable);
  });
  try {
    await Promise.race([added, aborted]);
  } catch (error) {
    entry.source.destroy();
    throw error;
  }
  return hasher.sha256();
}

export type Backup = {
  manifest: Pick<BackupManifest, "createdAt" | "tables">;
  /** Writes the archive (.tar.gz) to `out`, media files last but the manifest; removes the dump's folder after. */
  writeTo(out: Writable): Promise<BackupManifest>;
};

export const backupFileName = (createdAt: string) =>
  `podcast-backup-${createdAt.slice(0, 19).replaceAll(":", "-")}Z.tar.gz`;

/**
 * Takes the database's dump now, into a temporary folder (a snapshot, while the site keeps running: see
 * database-dump.server.ts), so that a slow download holds no transaction open. The media files are read while the
 * archive is written: keys are never rewritten, and a file deleted since the snapshot is left out, as the database's
 * next change would have left it.
 */
export async function startBackup(
  db: Database,
  media: MediaStorage,
  databaseKind: BackupManifest["databaseKind"],
): Promise<Backup> {
  const folder = await mkdtemp(path.join(os.tmpdir(), "backup-"));
  try {
    const createdAt = new Date().toISOString();
    const tables = await dumpDatabase(db, folder);
    const level = await migrationLevel(db);
    const migration = { level, tag: migrationJournal()[level - 1]?.tag ?? "" };
    return {
      manifest: { createdAt, tables },
      async writeTo(out) {
        try {
          const pack = tar.pack();
          const written = pipeline(pack as unknown as Readable, createGzip(), out);
          // The pipeline's failure (the client went away) is the one to report: the entry under way stops with it.
          const aborted = written.then(() => new Promise<never>(() => {}));
          aborted.catch(() => pack.destroy());
          for (const table of tables) {
            const file = path.join(folder, table.file);
            const size = (await stat(file)).size;
            const name = `${DATABASE_FOLDER}/${table.file}`;
            await addEntry(pack, aborted, { name, size, source: createReadStream(file) });
          }
          const files: BackupManifest["media"] = [];
          for await (const key of media.listKeys()) {
            const stored = await media.stat(key);
            if (!stored) continue;
            const source = await media.read(key).catch((error) => {
              if (error instanceof MediaStorageError) return null;
              throw error;
            });
            if (!source) continue;
            const name = `${MEDIA_FOLDER}/${key}`;
            const sha256 = await addEntry(pack, aborted, { name, size: stored.size, source });
            files.push({ key, size: stored.size, sha256 });
          }
          const manifest: BackupManifest = {
            format: BACKUP_FORMAT,
            formatVersion: BACKUP_FORMAT_VERSION,
            createdAt,
            databaseKind,
            storageKind: media.kind,
            migration,
            tables,
            media: files,
          };
          pack.entry({ name: MANIFEST_FILE, mode: 0o600 }, JSON.stringify(manifest, null, 2));
          pack.finalize();
          await written;
          return manifest;
        } finally {
          await rm(folder, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
}

/** The archive as a web stream, for a response; a failure part way ends the stream with an error (a short file). */
export function backupBody(backup: Backup, onError: (error: unknown) => void): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  backup.writeTo(out).catch((error) => {
    onError(error);
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}
