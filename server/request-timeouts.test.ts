import { once } from "node:events";
import http from "node:http";
import net from "node:net";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { BODY_DEADLINE_MS, bodyDeadline, uploadRequestTimeoutMs } from "./request-timeouts";

describe("how long a request's body may take to arrive", () => {
  it("is the audio size limit at 1 Mbit/s for audio uploads, and never less than Node's 5 minutes", () => {
    // 500 MB (MAX_AUDIO_MB's default) is 4,194.3 seconds at 1 Mbit/s: 70 minutes.
    expect(uploadRequestTimeoutMs(500)).toBe(4_195_000);
    expect(uploadRequestTimeoutMs(1)).toBe(BODY_DEADLINE_MS);
  });
});

describe("the body deadline of requests other than audio uploads", () => {
  let server: http.Server;
  let port: number;
  const arrived: string[] = [];
  const requestArrived = () => once(server, "request");

  beforeAll(async () => {
    const app = express();
    app.use(bodyDeadline());
    app.use((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        arrived.push(Buffer.concat(chunks).toString());
        res.end("stored");
      });
    });
    server = http.createServer(app);
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Sends a PUT's headers and the first half of its body, and collects what the server answers. */
  async function startSlowPut(path: string) {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const socket = net.connect(port, "127.0.0.1");
    await once(socket, "connect");
    let answer = "";
    socket.on("data", (chunk: Buffer) => {
      answer += chunk.toString();
    });
    const arrival = requestArrived();
    socket.write(`PUT ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Length: 10\r\n\r\nfirst`);
    await arrival;
    return { socket, answer: () => answer };
  }

  it("answers 408 and closes the connection when the body is not complete after 5 minutes", async () => {
    const { socket, answer } = await startSlowPut("/api/contact");
    const closed = once(socket, "close");
    vi.advanceTimersByTime(BODY_DEADLINE_MS);
    await closed;
    expect(answer()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  });

  it("leaves an audio upload to the server's longer requestTimeout", async () => {
    const { socket, answer } = await startSlowPut("/api/admin/episodes/7/audio");
    vi.advanceTimersByTime(BODY_DEADLINE_MS * 2);
    const ended = once(socket, "end");
    socket.end("-rest");
    await ended;
    expect(answer()).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*stored$/);
    expect(arrived).toContain("first-rest");
  });
});
