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

describe("the built server's answers to requests it refuses", () => {
  let dataDir: string;
  let server: RunningServer;
  beforeAll(async () => {
    dataDir = makeTempDir();
    server = await startServer({ DATA_DIR: dataDir });
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
