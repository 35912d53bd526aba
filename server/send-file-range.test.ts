import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendFileRange } from "./send-file-range";

/** Several read buffers' worth, so that a body takes many reads, and bytes that differ everywhere. */
const FILE = randomBytes(5 * 1024 * 1024 + 12_345);

let folder: string;
let file: string;
let server: http.Server;
let url: string;

beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "send-file-range-"));
  file = path.join(folder, "audio.mp3");
  fs.writeFileSync(file, FILE);
  server = http.createServer((req, res) => {
    const [start, end] = (req.url ?? "").slice(1).split("-").map(Number);
    res.writeHead(200, { "Content-Length": Math.max(0, end - start + 1) });
    sendFileRange(res, req.headers["x-file"] === "missing" ? path.join(folder, "gone.mp3") : file, start, end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(folder, { recursive: true, force: true });
});

/** The body of bytes start to end, read as slowly as `pauseEveryChunk` makes it (a slow client: backpressure). */
function get(start: number, end: number, pauseEveryChunk = false): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${url}/${start}-${end}`, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          if (pauseEveryChunk) {
            res.pause();
            setImmediate(() => res.resume());
          }
        });
        res.on("end", () => resolve(Buffer.concat(chunks)));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

/** How many of this process's open file descriptors name the file. */
const openDescriptors = () =>
  fs.readdirSync("/proc/self/fd").filter((fd) => {
    try {
      return fs.readlinkSync(path.join("/proc/self/fd", fd)) === file;
    } catch {
      return false;
    }
  }).length;

describe("sending a file's bytes from reused read buffers", () => {
  it("sends exactly the bytes asked for to many clients at once, slow ones included", async () => {
    // Ranges of every shape: a byte, a buffer's edge, many buffers, the whole file, the last byte.
    const ranges: [number, number][] = [
      [0, 0],
      [0, 1024 * 1024 - 1],
      [1024 * 1024 - 1, 1024 * 1024],
      [12_345, 3 * 1024 * 1024 + 99],
      [0, FILE.length - 1],
      [FILE.length - 1, FILE.length - 1],
    ];
    const requests = Array.from({ length: 48 }, (_, index) => {
      const [start, end] = ranges[index % ranges.length];
      return { start, end, slow: index % 3 === 0 };
    });
    const bodies = await Promise.all(requests.map(({ start, end, slow }) => get(start, end, slow)));
    for (const [index, body] of bodies.entries()) {
      const { start, end } = requests[index];
      expect(body.equals(FILE.subarray(start, end + 1))).toBe(true);
    }
    expect(openDescriptors()).toBe(0);
  });

  it("closes the file when the client hangs up mid-body", async () => {
    await new Promise<void>((resolve, reject) => {
      const request = http.get(`${url}/0-${FILE.length - 1}`, (res) => {
        res.once("data", () => {
          request.destroy();
          resolve();
        });
      });
      request.on("error", (error) => {
        if (!request.destroyed) reject(error);
      });
    });
    await expect.poll(openDescriptors, { timeout: 5_000 }).toBe(0);
  });

  it("ends an empty range without opening the file, and cuts the body short when the file cannot be read", async () => {
    expect((await get(10, 9)).length).toBe(0);
    const cutShort = await new Promise<string>((resolve) => {
      http
        .get(`${url}/0-99`, { headers: { "x-file": "missing" } }, (res) => {
          res.on("data", () => {});
          res.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
          res.on("end", () => resolve("ended"));
        })
        .on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    });
    expect(cutShort).toBe("ECONNRESET");
  });
});
