import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  killAllServers,
  makeTempDir,
  PROJECT_ROOT,
  type RunningServer,
  rawGet,
  removeTempDir,
  startServer,
} from "./helpers";

afterAll(killAllServers);

const ADMIN_PASSWORD = "refused-requests-owner-password";

function filesUnder(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe("the built server's answers to requests it refuses", () => {
  let dataDir: string;
  let server: RunningServer;
  beforeAll(async () => {
    dataDir = makeTempDir();
    server = await startServer({ DATA_DIR: dataDir, ADMIN_PASSWORD, MAX_AUDIO_MB: "1" });
  });
  afterAll(async () => {
    await server?.stop();
    removeTempDir(dataDir);
  });

  it("answers a JSON body over the limit with 413 and Connection: close, and the next fetch succeeds", async () => {
    const oversized = JSON.stringify({ email: "a@example.com", padding: "x".repeat(512 * 1024) });
    for (let attempt = 0; attempt < 10; attempt++) {
      const refused = await fetch(`${server.url}/api/subscribe`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: oversized,
      });
      expect(refused.status).toBe(413);
      expect(refused.headers.get("connection")).toBe("close");
      expect(await refused.json()).toMatchObject({ success: false, message: "The request body is too large" });
      const next = await fetch(`${server.url}/healthz`);
      expect(next.status).toBe(200);
    }
  });

  it("answers a streamed JSON body over the limit with 413, and the next fetch succeeds", async () => {
    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
    for (let attempt = 0; attempt < 5; attempt++) {
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent++ < 8) controller.enqueue(chunk);
          else controller.close();
        },
      });
      const refused = await fetch(`${server.url}/api/subscribe`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
        duplex: "half",
      } as RequestInit);
      expect(refused.status).toBe(413);
      expect(refused.headers.get("connection")).toBe("close");
      expect(await refused.json()).toMatchObject({ success: false, message: "The request body is too large" });
      const next = await fetch(`${server.url}/healthz`);
      expect(next.status).toBe(200);
    }
  });

  it("answers an audio upload over MAX_AUDIO_MB with 413, keeps no file, and the next fetch succeeds", async () => {
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ password: ADMIN_PASSWORD }),
    });
    const owner = /^sid=[^;]+/.exec(login.headers.get("set-cookie") ?? "")?.[0] ?? "";
    expect(owner).not.toBe("");
    const episodes = (await (await fetch(`${server.url}/api/podcast/episodes`)).json()) as { data: { id: number }[] };
    const sample = fs.readFileSync(path.join(PROJECT_ROOT, "public/attached_assets/audio/episode-1.mp3"));
    const form = new FormData();
    form.append(
      "audio",
      new File(
        Array.from({ length: 44 }, () => new Uint8Array(sample)),
        "long.mp3",
      ),
    );
    const mediaFolder = path.join(dataDir, "media");
    const before = filesUnder(mediaFolder);

    const refused = await fetch(`${server.url}/api/admin/episodes/${episodes.data[0].id}/audio`, {
      method: "PUT",
      headers: { cookie: owner, origin: server.url },
      body: form,
    });
    expect(refused.status).toBe(413);
    expect(refused.headers.get("connection")).toBe("close");
    expect(await refused.json()).toMatchObject({
      success: false,
      message: "The audio file is larger than the 1 MB limit.",
    });
    expect(filesUnder(mediaFolder)).toEqual(before);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it("answers a range past the end of a static file with 416 and the file's size, not as an error", async () => {
    const file = "/attached_assets/audio/episode-2.mp3";
    const size = fs.statSync(path.join(PROJECT_ROOT, "build/client", file)).size;
    const refused = await rawGet(`${server.url}${file}`, { range: "bytes=99999999-" });
    expect(refused.status).toBe(416);
    expect(refused.headers["content-range"]).toBe(`bytes */${size}`);
    expect(refused.headers["cache-control"]).toBeUndefined();
    expect(refused.body.toString()).toBe("Range Not Satisfiable");
    expect(server.stderr()).not.toContain("RangeNotSatisfiableError");
  });

  it("answers a failed precondition on a static file with 412", async () => {
    const refused = await rawGet(`${server.url}/attached_assets/audio/episode-2.mp3`, { "if-match": '"not-this-one"' });
    expect(refused.status).toBe(412);
    expect(refused.body.toString()).toBe("Precondition Failed");
  });
});
