import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseUrlFor, uniqueDatabaseName, withMaintenanceClient } from "../setup/postgres";
import { killAllServers, makeTempDir, type RunningServer, removeTempDir, startServer } from "./helpers";

const ADMIN_PASSWORD = "several-instances-password";

const postJson = (server: RunningServer, path: string, body: unknown, cookie?: string) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

const get = (server: RunningServer, path: string, cookie: string) =>
  fetch(`${server.url}${path}`, { headers: { cookie } });

/** The session cookie's name=value pair, as a browser would send it back. */
function sessionCookieFrom(response: Response): string {
  const cookie = /^sid=[^;]+/.exec(response.headers.get("set-cookie") ?? "")?.[0];
  if (!cookie) throw new Error(`No session cookie in ${response.headers.get("set-cookie")}`);
  return cookie;
}

describe.runIf(process.env.TEST_DATABASE_URL)("two servers on one PostgreSQL database", () => {
  let name: string;
  let dataDir: string;
  let first: RunningServer;
  let second: RunningServer;

  beforeAll(async () => {
    name = uniqueDatabaseName("server_pair");
    await withMaintenanceClient((client) => client.query(`create database "${name}"`));
    dataDir = makeTempDir();
    const env = { DATABASE_URL: databaseUrlFor(name), DATA_DIR: dataDir, ADMIN_PASSWORD };
    [first, second] = await Promise.all([startServer(env), startServer(env)]);
  }, 180_000);
  afterAll(async () => {
    await killAllServers();
    if (dataDir) removeTempDir(dataDir);
    if (name) {
      await withMaintenanceClient((client) => client.query(`drop database if exists "${name}" with (force)`));
    }
  });

  it("honours on one server the owner session made through the other, and ends it on both", async () => {
    const login = await postJson(first, "/api/admin/login", { password: ADMIN_PASSWORD });
    expect(login.status).toBe(200);
    const cookie = sessionCookieFrom(login);

    expect((await get(second, "/api/admin/contacts", cookie)).status).toBe(200);
    expect((await get(second, "/admin/contacts", cookie)).status).toBe(200);

    expect((await postJson(second, "/api/admin/logout", {}, cookie)).status).toBe(200);
    expect((await get(first, "/api/admin/contacts", cookie)).status).toBe(401);
  });

  it("reads through one server what was written through the other", async () => {
    const message = `Written through the first server at ${Date.now()}`;
    const sent = await postJson(first, "/api/contact", {
      name: "Pat Pair",
      email: "pat@example.com",
      subject: "other",
      message,
    });
    expect(sent.status).toBe(201);

    const cookie = sessionCookieFrom(await postJson(second, "/api/admin/login", { password: ADMIN_PASSWORD }));
    const list = (await (await get(second, "/api/admin/contacts", cookie)).json()) as {
      data: { message: string; email: string }[];
    };
    expect(list.data.filter((contact) => contact.message === message)).toEqual([
      expect.objectContaining({ message, email: "pat@example.com" }),
    ]);
  });

  it("slows the owner's account down for failed logins made to either server", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const server = attempt % 2 === 0 ? first : second;
      statuses.push((await postJson(server, "/api/admin/login", { password: "wrong password, try again" })).status);
    }
    // Four failures in a row cost nothing; after the fifth the account waits, whichever server is asked.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await postJson(first, "/api/admin/login", { password: ADMIN_PASSWORD })).status).toBe(429);
    expect((await postJson(second, "/api/admin/login", { password: ADMIN_PASSWORD })).status).toBe(429);
  });
});
