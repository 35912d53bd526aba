import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { activityLog, contacts } from "~/db/schema";
import { createDiskStorage } from "~/lib/media/disk-storage.server";
import { newMediaKey } from "~/lib/media/media-key";

const run = promisify(execFile);

/** Runs `npm run <script>`'s file as npm would, with DATA_DIR set; answers its exit code and output. */
async function command(script: string, args: string[], dataDir: string) {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", script, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", S3_BUCKET: "", NODE_ENV: "production" },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

let folder: string;
const mediaKey = newMediaKey("episodes/audio", "mp3");
const mediaBytes = Buffer.from("ID3 stands in for an episode's audio");

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), "backup-commands-"));
  const database = await openDatabase({ kind: "pglite", dataDir: path.join(folder, "site") });
  try {
    await database.db
      .insert(contacts)
      .values({ name: "Kept", email: "kept@example.com", subject: "other", message: "Back me up." });
  } finally {
    await database.close();
  }
  await createDiskStorage(path.join(folder, "site", "media")).put(mediaKey, Readable.from([mediaBytes]));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe("npm run backup and npm run restore", () => {
  it("back up a stopped site's folder and restore it into an empty one, and only an empty one", async () => {
    const archive = path.join(folder, "site.tar.gz");
    const backup = await command("scripts/backup.ts", ["--out", archive], path.join(folder, "site"));
    expect(backup.stdout).toMatch(/^Backup written to .*site\.tar\.gz: \d+ tables, \d+ rows, 1 media files/);
    expect(backup.code).toBe(0);

    const restore = await command("scripts/restore.ts", [archive], path.join(folder, "restored"));
    expect(restore.stdout).toMatch(/^Restored the backup of .+: \d+ rows in \d+ tables, 1 media files\.$/m);
    expect(restore.code).toBe(0);
    const again = await command("scripts/restore.ts", [archive], path.join(folder, "restored"));
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^Could not restore: The media storage is not empty/);

    expect(await readFile(path.join(folder, "restored", "media", mediaKey))).toEqual(mediaBytes);
    const restored = await openDatabase({ kind: "pglite", dataDir: path.join(folder, "restored") });
    try {
      const rows = await restored.db.select().from(contacts).where(eq(contacts.email, "kept@example.com"));
      expect(rows.map((row) => row.message)).toEqual(["Back me up."]);
    } finally {
      await restored.close();
    }
    const site = await openDatabase({ kind: "pglite", dataDir: path.join(folder, "site") });
    try {
      const entries = await site.db.select().from(activityLog).where(eq(activityLog.kind, "backup.taken"));
      expect(entries.map((entry) => entry.detail)).toEqual(["from the command line"]);
    } finally {
      await site.close();
    }
  }, 180_000);

  it("say what is missing", async () => {
    const backup = await command("scripts/backup.ts", [], path.join(folder, "unused"));
    expect([backup.code, backup.stderr.trim()]).toEqual([
      1,
      "Say where to write the backup: npm run backup -- --out FILE",
    ]);
    const restore = await command("scripts/restore.ts", [], path.join(folder, "unused"));
    expect([restore.code, restore.stderr.trim()]).toEqual([1, "Name the backup to restore: npm run restore -- FILE"]);
  }, 60_000);
});
