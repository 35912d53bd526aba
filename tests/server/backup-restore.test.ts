import { execFile } from "node:child_process";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { everyTableRow } from "#tests/setup/rows";
import { openDatabase } from "~/db/client.server";
import { killAllServers, makeTempDir, removeTempDir, startServer } from "./helpers";

const ADMIN_PASSWORD = "backup-restore-owner-password";
const run = promisify(execFile);
const folder = makeTempDir("backup-restore-");
afterAll(async () => {
  await killAllServers();
  removeTempDir(folder);
});

async function rowsIn(dataDir: string) {
  const database = await openDatabase({ kind: "pglite", dataDir }, { migrate: false });
  try {
    return await everyTableRow(database.db);
  } finally {
    await database.close();
  }
}

describe("a backup downloaded from the running server while visitors write", () => {
  it("restores with npm run restore into an empty folder that a new server then serves", async () => {
    const site = path.join(folder, "site");
    const env = { ADMIN_PASSWORD, FORM_RATE_LIMIT: "100000" };
    const server = await startServer({ ...env, DATA_DIR: site });
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ password: ADMIN_PASSWORD }),
    });
    const cookie = /^sid=[^;]+/.exec(login.headers.get("set-cookie") ?? "")?.[0] ?? "";
    expect(cookie).not.toBe("");

    let stop = false;
    let written = 0;
    const writer = (async () => {
      while (!stop) {
        const answer = await fetch(`${server.url}/api/contact`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: server.url },
          body: JSON.stringify({
            name: "Visitor",
            email: "v@example.com",
            subject: "other",
            message: `Write ${written}`,
          }),
        });
        expect(answer.status).toBe(201);
        written++;
      }
    })();
    const download = await fetch(`${server.url}/api/admin/backup`, { headers: { cookie } });
    expect([download.status, download.headers.get("content-type")]).toEqual([200, "application/gzip"]);
    const archive = path.join(folder, "backup.tar.gz");
    await writeFile(archive, Buffer.from(await download.arrayBuffer()));
    const writtenDuringBackup = written;
    stop = true;
    await writer;
    expect(writtenDuringBackup).toBeGreaterThan(0);
    expect(await server.stop()).toEqual({ code: 0, signal: null });

    const restoredDir = path.join(folder, "restored");
    const restore = await run(process.execPath, ["--import", "tsx", "scripts/restore.ts", archive], {
      env: { ...process.env, DATA_DIR: restoredDir, DATABASE_URL: "", S3_BUCKET: "" },
    });
    expect(restore.stdout).toMatch(/^Restored the backup of /);

    // Traffic wrote contacts and their rate-limit counts; the backup request, its activity entry. Everything else
    // is as the site has it, and every contact of the snapshot is one the site has.
    const [before, after] = [await rowsIn(site), await rowsIn(restoredDir)];
    expect(Object.keys(after)).toEqual(Object.keys(before));
    for (const table of Object.keys(before)) {
      if (table === "rate_limit_hits" || table === "activity_log") continue;
      if (table === "contacts") expect(after.contacts.every((row) => before.contacts.includes(row))).toBe(true);
      else expect([table, after[table]]).toEqual([table, before[table]]);
    }
    expect(after.contacts.length).toBeGreaterThan(0);

    const restored = await startServer({ ...env, DATA_DIR: restoredDir });
    expect((await fetch(`${restored.url}/readyz`)).status).toBe(200);
    // The owner's session is in the backup too: the restored site knows it.
    const contacts = await fetch(`${restored.url}/api/admin/contacts`, { headers: { cookie } });
    expect(contacts.status).toBe(200);
    expect(await contacts.text()).toContain("Visitor");
    expect(await restored.stop()).toEqual({ code: 0, signal: null });
  }, 240_000);
});
