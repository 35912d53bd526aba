import { createReadStream, createWriteStream, existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import { sql } from "drizzle-orm";
import tar from "tar-stream";
import { type Database, type DatabaseOptions, openDatabase } from "~/db/client.server";
import { migrationJournal, migrationsUpTo } from "~/db/migration-levels.server";
import { isMediaKey } from "~/lib/media/media-key";
import type { MediaStorage } from "~/lib/media/media-storage.server";
import { DATABASE_FOLDER, hashingStream, MANIFEST_FILE, MEDIA_FOLDER } from "./backup.server";
import { loadDatabase } from "./database-dump.server";
import { type BackupManifest, BackupManifestSchema } from "./schema";

/** A restore that would lose data or restore something other than the backup taken; its message says which. */
export class RestoreRefused extends Error {}

/** A database that outlives its handle: a data folder or a PostgreSQL database. */
export type RestoreTarget = { database: Exclude<DatabaseOptions, { kind: "memory" }>; media: MediaStorage };

const MANIFEST_MAX_BYTES = 64 * 1024 * 1024;

/** Whether `name` may be an entry of a backup, and so a file of the staging folder. */
const isBackupEntry = (name: string) =>
  name === MANIFEST_FILE ||
  /^database\/[a-z0-9_]+\.jsonl$/.test(name) ||
  (name.startsWith(`${MEDIA_FOLDER}/`) && isMediaKey(name.slice(MEDIA_FOLDER.length + 1)));

/** Unpacks the archive into `staging`, with each file's SHA-256 and size; a damaged archive is refused. */
async function unpack(archive: Readable, staging: string): Promise<Map<string, { sha256: string; size: number }>> {
  const files = new Map<string, { sha256: string; size: number }>();
  const extract = tar.extract();
  const unpacked = (async () => {
    for await (const entry of extract) {
      const { name, type, size = 0 } = entry.header;
      if (type !== "file" || !isBackupEntry(name) || files.has(name))
        throw new RestoreRefused(`The archive holds an entry no backup has: ${JSON.stringify(name)}.`);
      if (name === MANIFEST_FILE && size > MANIFEST_MAX_BYTES) throw new RestoreRefused("The manifest is too large.");
      const file = path.join(staging, name);
      await mkdir(path.dirname(file), { recursive: true });
      const hasher = hashingStream();
      await pipeline(entry, hasher, createWriteStream(file, { flags: "wx" }));
      files.set(name, { sha256: hasher.sha256(), size });
    }
  })();
  try {
    await Promise.all([pipeline(archive, createGunzip(), extract), unpacked]);
  } catch (error) {
    extract.destroy();
    if (error instanceof RestoreRefused) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new RestoreRefused(`The archive is damaged or is not a backup (${reason}).`);
  }
  return files;
}

/** The manifest, once every file it names is there with its checksum and nothing else is. */
async function verifiedManifest(
  staging: string,
  files: Map<string, { sha256: string; size: number }>,
): Promise<BackupManifest> {
  if (!files.has(MANIFEST_FILE)) throw new RestoreRefused("The archive has no manifest: it is not a whole backup.");
  const text = await readFile(path.join(staging, MANIFEST_FILE), "utf8");
  let parsed: ReturnType<typeof BackupManifestSchema.safeParse>;
  try {
    parsed = BackupManifestSchema.safeParse(JSON.parse(text));
  } catch {
    throw new RestoreRefused("The archive's manifest is not JSON.");
  }
  if (!parsed.success) throw new RestoreRefused("The archive's manifest is not one this version reads.");
  const manifest = parsed.data;
  const expected = new Map<string, { sha256: string; size?: number }>([
    ...manifest.tables.map((table) => [`${DATABASE_FOLDER}/${table.file}`, { sha256: table.sha256 }] as const),
    ...manifest.media.map((file) => [`${MEDIA_FOLDER}/${file.key}`, file] as const),
  ]);
  for (const [name, want] of expected) {
    const found = files.get(name);
    if (!found) throw new RestoreRefused(`The archive lacks ${name}, which its manifest lists.`);
    if (found.sha256 !== want.sha256 || (want.size !== undefined && found.size !== want.size))
      throw new RestoreRefused(`The checksum of ${name} does not match the manifest's: the archive is damaged.`);
  }
  for (const name of files.keys())
    if (name !== MANIFEST_FILE && !expected.has(name))
      throw new RestoreRefused(`The archive holds ${name}, which its manifest does not list.`);
  const latest = migrationJournal().length;
  if (manifest.migration.level > latest)
    throw new RestoreRefused(
      `The backup was taken by a newer version (migration ${manifest.migration.tag}); update the site first.`,
    );
  return manifest;
}

async function holdsTables(db: Database): Promise<boolean> {
  const result = await db.execute(sql`select count(*)::int as tables from information_schema.tables
    where table_schema in ('public', 'drizzle')`);
  return (result as unknown as { rows: { tables: number }[] }).rows[0].tables > 0;
}

/** Refuses a target that holds anything: a restore never mixes a backup with other data, nor overwrites it. */
async function refuseUnlessEmpty(target: RestoreTarget) {
  for await (const key of target.media.listKeys())
    throw new RestoreRefused(`The media storage is not empty (it holds ${key}); restore into an empty one.`);
  if (target.database.kind === "pglite") {
    // Opening the folder would make a cluster in it: a refused archive must leave the folder as it found it.
    if (existsSync(path.join(target.database.dataDir, "pglite")))
      throw new RestoreRefused(`${target.database.dataDir} already holds a database; restore into an empty DATA_DIR.`);
    return;
  }
  const database = await openDatabase(target.database, { migrate: false });
  try {
    if (await holdsTables(database.db))
      throw new RestoreRefused("The database already holds tables; restore into an empty database.");
  } finally {
    await database.close();
  }
}

/**
 * Restores a backup (.tar.gz) into an empty database and media storage: checks that the target is empty, unpacks and
 * verifies every checksum before writing anything, brings the schema to the backup's migration level, loads the rows,
 * applies the migrations that came after it, and stores the media files.
 */
export async function restoreBackup(archive: Readable, target: RestoreTarget): Promise<BackupManifest> {
  await refuseUnlessEmpty(target);
  const staging = await mkdtemp(path.join(os.tmpdir(), "restore-"));
  try {
    const manifest = await verifiedManifest(staging, await unpack(archive, staging));
    const migrationsFolder = migrationsUpTo(manifest.migration.level);
    try {
      const atBackupLevel = await openDatabase(target.database, { migrationsFolder });
      try {
        await loadDatabase(atBackupLevel.db, path.join(staging, DATABASE_FOLDER), manifest.tables);
      } finally {
        await atBackupLevel.close();
      }
    } finally {
      await rm(migrationsFolder, { recursive: true, force: true });
    }
    await (await openDatabase(target.database)).close();
    for (const { key } of manifest.media)
      await target.media.put(key, createReadStream(path.join(staging, MEDIA_FOLDER, key)));
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
