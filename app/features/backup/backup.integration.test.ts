import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { createGunzip, gzipSync } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import tar from "tar-stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestMediaStorage, type TestMediaStorage } from "#tests/setup/media-storages";
import { insertContact, insertSubscriber } from "#tests/setup/owner-fixtures";
import { databaseUrlFor, uniqueDatabaseName, withMaintenanceClient } from "#tests/setup/postgres";
import { everyTableRow } from "#tests/setup/rows";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { type Database, openDatabase } from "~/db/client.server";
import { migrationJournal, migrationLevel, migrationsUpTo } from "~/db/migration-levels.server";
import { activityLog, contacts } from "~/db/schema";
import { newMediaKey } from "~/lib/media/media-key";
import type { MediaStorage } from "~/lib/media/media-storage.server";
import { startBackup } from "./backup.server";
import { tablesInDependencyOrder } from "./database-dump.server";
import { RestoreRefused, type RestoreTarget, restoreBackup } from "./restore.server";
import type { BackupManifest } from "./schema";

const ON_POSTGRES = process.env.TEST_DB_KIND === "postgres";

let source: TestDatabase;
let sourceMedia: TestMediaStorage;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  source = await createTestDatabase();
  sourceMedia = await openTestMediaStorage("disk");
  await insertSubscriber(source.db);
  await insertContact(source.db, { message: "Before the backup." });
  // Bytes no text encoding would keep: a backup must carry every byte as it was.
  for (const [prefix, extension] of [
    ["episodes/audio", "mp3"],
    ["settings/artwork", "jpg"],
    ["episodes/transcripts", "vtt"],
  ] as const) {
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, index) => (index * 31 + extension.length) % 256));
    await sourceMedia.storage.put(newMediaKey(prefix, extension), Readable.from([bytes]));
  }
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await source?.close();
  await sourceMedia?.close();
});

async function mediaChecksums(media: MediaStorage): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  for await (const key of media.listKeys())
    sums[key] = createHash("sha256")
      .update(Buffer.concat(await (await media.read(key)).toArray()))
      .digest("hex");
  return sums;
}

async function takeBackup(db: Database, media: MediaStorage): Promise<{ archive: Buffer; manifest: BackupManifest }> {
  const backup = await startBackup(db, media, ON_POSTGRES ? "postgres" : "pglite");
  const out = new PassThrough();
  const bytes = out.toArray();
  const manifest = await backup.writeTo(out);
  return { archive: Buffer.concat(await bytes), manifest };
}

type Target = RestoreTarget & { open(): Promise<Database & { close(): Promise<void> }> };

/** An empty data folder, or (on PostgreSQL) an empty PostgreSQL database, with an empty media storage. */
async function emptyTarget(kind: "folder" | "postgres"): Promise<Target> {
  const media = await openTestMediaStorage("disk");
  cleanups.push(() => media.close());
  let database: RestoreTarget["database"];
  if (kind === "folder") {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "restore-target-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    database = { kind: "pglite", dataDir };
  } else {
    const name = uniqueDatabaseName("restore");
    await withMaintenanceClient((client) => client.query(`create database "${name}"`));
    cleanups.push(() =>
      withMaintenanceClient((client) => client.query(`drop database if exists "${name}" with (force)`)),
    );
    database = { kind: "postgres", url: databaseUrlFor(name) };
  }
  return {
    database,
    media: media.storage,
    async open() {
      const handle = await openDatabase(database, { migrate: false });
      return Object.assign(handle.db, { close: () => handle.close() });
    },
  };
}

const TARGETS = ON_POSTGRES ? (["folder", "postgres"] as const) : (["folder"] as const);

// Each restore into a data folder starts a PGlite cluster (initdb, without a build), several seconds on a busy host.
describe("a backup taken while the site writes", { timeout: 120_000 }, () => {
  let archive: Buffer;
  let manifest: BackupManifest;
  let writesAfterBackup = 0;

  beforeAll(async () => {
    // Each write adds a contact and its activity entry in one transaction: a snapshot holds both or neither.
    let stop = false;
    let written = 0;
    let firstWrites: () => void = () => {};
    const someWritten = new Promise<void>((resolve) => {
      firstWrites = resolve;
    });
    const writer = (async () => {
      while (!stop) {
        const message = `Write number ${written}.`;
        await source.db.transaction(async (tx) => {
          await tx.insert(contacts).values({ name: "Writer", email: "w@example.com", subject: "other", message });
          await tx.insert(activityLog).values({ kind: "contact.written", detail: message });
        });
        written++;
        if (written === 5) firstWrites();
        // PGlite answers within microtasks; requests to a server arrive through the event loop, as this one does.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    // A writer that fails ends the wait with its error.
    await Promise.race([someWritten, writer]);
    const taken = await takeBackup(source.db, sourceMedia.storage);
    const writtenAtBackup = written;
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (written >= writtenAtBackup + 3) {
          clearInterval(check);
          resolve();
        }
      }, 5);
    });
    stop = true;
    await writer;
    writesAfterBackup = written - writtenAtBackup;
    archive = taken.archive;
    manifest = taken.manifest;
  });

  it("says what it holds: the migration level, every table with its rows, every media file", async () => {
    expect(writesAfterBackup).toBeGreaterThanOrEqual(3);
    expect(manifest.migration).toEqual({
      level: migrationJournal().length,
      tag: migrationJournal().at(-1)?.tag,
    });
    expect(manifest.tables.map((table) => table.table)).toEqual(await tablesInDependencyOrder(source.db));
    expect(manifest.media.map((file) => file.key).sort()).toEqual(
      Object.keys(await mediaChecksums(sourceMedia.storage)).sort(),
    );
  });

  it.each(TARGETS)("restores into an empty %s every row of its snapshot and every media file", async (kind) => {
    const target = await emptyTarget(kind);
    await restoreBackup(Readable.from([archive]), target);
    const restored = await target.open();
    try {
      const [before, after] = [await everyTableRow(source.db), await everyTableRow(restored)];
      expect(Object.keys(after)).toEqual(Object.keys(before));
      for (const table of Object.keys(before)) {
        if (table === "contacts" || table === "activity_log") {
          // Rows written since the snapshot are not in it; every row in it is as the site has it.
          expect(after[table].every((row) => before[table].includes(row))).toBe(true);
        } else expect([table, after[table]]).toEqual([table, before[table]]);
      }
      const contactMessages = after.contacts.map((row) => JSON.parse(row).message).filter((m) => m.startsWith("Write"));
      const activityDetails = after.activity_log.map((row) => JSON.parse(row).detail).filter(Boolean);
      expect(contactMessages.sort()).toEqual(activityDetails.sort());
      expect(contactMessages.length).toBeGreaterThanOrEqual(5);
      expect(contactMessages.length).toBeLessThan(before.contacts.length - 1);
      expect(await mediaChecksums(target.media)).toEqual(await mediaChecksums(sourceMedia.storage));
      expect(await migrationLevel(restored)).toBe(migrationJournal().length);
      // New rows get new ids: the sequences were moved past the restored ones.
      const added = await insertContact(restored, { message: "After the restore." });
      expect(after.contacts.map((row) => JSON.parse(row).id)).not.toContain(added.id);
    } finally {
      await restored.close();
    }
  });

  it("restores the media files into an empty S3 bucket", async () => {
    const bucket = await openTestMediaStorage("s3");
    cleanups.push(() => bucket.close());
    const target = { ...(await emptyTarget("folder")), media: bucket.storage };
    await restoreBackup(Readable.from([archive]), target);
    expect(await mediaChecksums(bucket.storage)).toEqual(await mediaChecksums(sourceMedia.storage));
  });

  it("refuses a target that holds data, and writes nothing into it", async () => {
    const target = await emptyTarget("folder");
    await restoreBackup(Readable.from([archive]), target);
    await expect(restoreBackup(Readable.from([archive]), target)).rejects.toThrow(
      /^The media storage is not empty \(it holds .+\); restore into an empty one\.$/,
    );
    const emptyMediaOnly = { ...target, media: (await emptyTarget("folder")).media };
    await expect(restoreBackup(Readable.from([archive]), emptyMediaOnly)).rejects.toThrow("already holds a database");
    if (ON_POSTGRES) {
      const postgres = await emptyTarget("postgres");
      const handle = await openDatabase(postgres.database);
      await handle.close();
      await expect(restoreBackup(Readable.from([archive]), postgres)).rejects.toThrow(
        "The database already holds tables; restore into an empty database.",
      );
      expect(await mediaChecksums(postgres.media)).toEqual({});
    }
  });

  it("refuses a damaged archive before writing anything", async () => {
    const damaged = Buffer.from(archive);
    for (let index = 200; index < 260; index++) damaged[index] ^= 0xff;
    const target = await emptyTarget("folder");
    await expect(restoreBackup(Readable.from([damaged]), target)).rejects.toThrow("The archive is damaged");
    await expect(restoreBackup(Readable.from([archive.subarray(0, archive.length / 2)]), target)).rejects.toThrow(
      RestoreRefused,
    );
    expect(await mediaChecksums(target.media)).toEqual({});
    await restoreBackup(Readable.from([archive]), target);
    expect(Object.keys(await mediaChecksums(target.media))).toHaveLength(manifest.media.length);
  });

  it("refuses an archive whose file does not match its manifest's checksum", async () => {
    // A well-formed archive, one media file of which lost a byte's worth of its content.
    const extract = tar.extract();
    const pack = tar.pack();
    const packed = (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of pack) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    })();
    Readable.from([archive]).pipe(createGunzip()).pipe(extract);
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      let bytes = Buffer.concat(chunks);
      if (entry.header.name.startsWith("media/") && entry.header.name.endsWith(".mp3")) {
        bytes = Buffer.from(bytes);
        bytes[100] ^= 0x01;
      }
      pack.entry({ name: entry.header.name, size: bytes.length }, bytes);
    }
    pack.finalize();
    const altered = gzipSync(await packed);
    const target = await emptyTarget("folder");
    await expect(restoreBackup(Readable.from([altered]), target)).rejects.toThrow(/The checksum of media\/.*\.mp3/);
    expect(await mediaChecksums(target.media)).toEqual({});
  });
});

describe("a backup of an earlier version", { timeout: 120_000 }, () => {
  it("restores at its migration level, then migrates forward", async () => {
    const level = migrationJournal().length - 3;
    const folder = migrationsUpTo(level);
    const older = await openDatabase({ kind: "memory", client: new PGlite() }, { migrationsFolder: folder });
    await rm(folder, { recursive: true, force: true });
    const media = await openTestMediaStorage("disk");
    try {
      await older.db.execute(
        sql`insert into subscribers (email, first_name) values ('older@example.com', 'From an older version')`,
      );
      const { archive, manifest } = await takeBackup(older.db, media.storage);
      expect(manifest.migration).toEqual({ level, tag: migrationJournal()[level - 1].tag });
      const target = await emptyTarget("folder");
      await restoreBackup(Readable.from([archive]), target);
      const restored = await target.open();
      try {
        expect(await migrationLevel(restored)).toBe(migrationJournal().length);
        const result = await restored.execute(sql`select email, first_name from subscribers`);
        expect((result as unknown as { rows: unknown[] }).rows).toEqual([
          { email: "older@example.com", first_name: "From an older version" },
        ]);
      } finally {
        await restored.close();
      }
    } finally {
      await older.close();
      await media.close();
    }
  });
});
