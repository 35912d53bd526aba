import { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import tar from "tar-stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi } from "#tests/setup/call-api";
import { callRoute } from "#tests/setup/call-route";
import { openTestMediaStorage, type TestMediaStorage } from "#tests/setup/media-storages";
import { signInOwner } from "#tests/setup/sessions";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { activityLog } from "~/db/schema";
import { BackupManifestSchema } from "~/features/backup/schema";
import { newMediaKey } from "~/lib/media/media-key";
import * as settingsPage from "../../admin/settings";

let database: TestDatabase;
let media: TestMediaStorage;
beforeAll(async () => {
  database = await createTestDatabase();
  media = await openTestMediaStorage("s3");
});
afterAll(async () => {
  await database.close();
  await media.close();
});

async function entriesOf(archive: Buffer): Promise<Map<string, Buffer>> {
  const extract = tar.extract();
  Readable.from([archive]).pipe(createGunzip()).pipe(extract);
  const entries = new Map<string, Buffer>();
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.set(entry.header.name, Buffer.concat(chunks));
  }
  return entries;
}

describe("GET /api/admin/backup", () => {
  it("downloads the database and the bucket's files as one .tar.gz, records it, and Settings shows when", async () => {
    const cookie = await signInOwner(database.db);
    const settingsBefore = await callRoute(
      settingsPage.loader,
      database.db,
      new Request("http://localhost/admin/settings", { headers: { cookie } }),
    );
    expect(settingsBefore.body).toMatchObject({ lastBackupAt: null });
    const key = newMediaKey("episodes/audio", "mp3");
    await media.storage.put(key, Readable.from([Buffer.from("ID3 not really audio")]));

    const reply = await callApi(
      database.db,
      new Request("http://localhost/api/admin/backup", { headers: { cookie } }),
      { media: media.storage },
    );
    expect(reply.status).toBe(200);
    expect(reply.headers.get("content-disposition")).toMatch(
      /^attachment; filename="podcast-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz"$/,
    );
    expect(reply.headers.get("cache-control")).toBe("private, no-store");
    const entries = await entriesOf(reply.body as Buffer);
    const manifest = BackupManifestSchema.parse(JSON.parse(String(entries.get("manifest.json"))));
    expect(manifest).toMatchObject({ databaseKind: "pglite", storageKind: "s3", media: [{ key, size: 20 }] });
    expect(String(entries.get(`media/${key}`))).toBe("ID3 not really audio");
    expect(entries.has("database/staff_accounts.jsonl")).toBe(true);

    const [entry] = await database.db.select().from(activityLog);
    expect(entry).toMatchObject({ kind: "backup.taken", actorEmail: expect.any(String), detail: "downloaded" });
    const settingsAfter = await callRoute(
      settingsPage.loader,
      database.db,
      new Request("http://localhost/admin/settings", { headers: { cookie } }),
    );
    expect(settingsAfter.body).toMatchObject({ lastBackupAt: entry.occurredAt.toISOString() });
  });
});
