import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { killAllServers, makeTempDir, type RunningServer, removeTempDir, startServer } from "./helpers";

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
});
