import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { seedOwnerListVolume, VOLUME } from "../setup/owner-list-volume";
import { killAllServers, makeTempDir, type RunningServer, removeTempDir, startServer } from "./helpers";

const ADMIN_PASSWORD = "owner-list-volume-password";

/**
 * The built server under its usual heap cap (SERVER_NODE_FLAGS), on an embedded database holding a show's worth of
 * subscribers and messages: the owner's pages, list calls and the CSV export each answer, and the process lives on.
 * A list that read every row at this volume would run the server out of its 128 MB heap (decision 034).
 */
describe(`the built server with ${VOLUME.subscribers} subscribers and ${VOLUME.contacts} contact messages`, () => {
  let dataDir: string;
  let server: RunningServer;
  let owner: string;

  beforeAll(async () => {
    dataDir = makeTempDir();
    const database = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "data") });
    await seedOwnerListVolume(database.db);
    await database.close();
    server = await startServer({ DATA_DIR: path.join(dataDir, "data"), ADMIN_PASSWORD });
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ password: ADMIN_PASSWORD }),
    });
    const cookie = /^sid=[^;]+/.exec(login.headers.get("set-cookie") ?? "")?.[0];
    if (!cookie) throw new Error(`No session cookie after the owner's login (${login.status})`);
    owner = cookie;
  }, 180_000);
  afterAll(async () => {
    await killAllServers();
    if (dataDir) removeTempDir(dataDir);
  });

  const get = (pathname: string) => fetch(`${server.url}${pathname}`, { headers: { cookie: owner } });

  it("answers the owner's pages and list calls with a page each, and streams the whole export", async () => {
    for (const pathname of ["/admin/subscribers", "/admin/contacts"]) {
      const response = await get(pathname);
      expect({ pathname, status: response.status }).toEqual({ pathname, status: 200 });
      expect((await response.text()).length).toBeLessThan(512 * 1024);
    }
    for (const pathname of [
      "/api/subscribers?archived=include",
      "/api/subscribers?page=900",
      "/api/subscribers?q=reader&sort=email&page=3",
      "/api/admin/contacts?archived=include",
      "/api/admin/contacts?page=300",
    ]) {
      const response = await get(pathname);
      const text = await response.text();
      expect({ pathname, status: response.status }).toEqual({ pathname, status: 200 });
      expect((JSON.parse(text) as { data: unknown[] }).data).toHaveLength(50);
      expect(text.length).toBeLessThan(64 * 1024);
    }

    // Two exports at once: each is read a batch at a time, so neither holds the list in memory.
    const exports = await Promise.all(
      [0, 1].map(async () => {
        const response = await get("/api/subscribers/export?archived=include");
        expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
        return (await response.text()).split("\r\n").length - 1;
      }),
    );
    expect(exports).toEqual([1 + VOLUME.subscribers, 1 + VOLUME.subscribers]);

    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(server.stderr()).not.toMatch(/heap limit|Allocation failed/);
  }, 120_000);
});
