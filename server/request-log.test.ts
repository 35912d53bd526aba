import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createRequestLog, shortLogLine } from "./request-log";

/** A reader that takes each write only when told to, as a pipe whose reader is busy would. */
function heldReader() {
  const received: string[] = [];
  const held: (() => void)[] = [];
  let holding = true;
  let heldChars = 0;
  let mostHeldChars = 0;
  const out = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      received.push(chunk.toString());
      heldChars += chunk.length;
      mostHeldChars = Math.max(mostHeldChars, heldChars);
      const done = () => {
        heldChars -= chunk.length;
        callback();
      };
      if (holding) held.push(done);
      else done();
    },
  });
  return {
    out,
    received,
    get writesHeld() {
      return held.length;
    },
    get mostHeldChars() {
      return mostHeldChars;
    },
    release() {
      holding = false;
      for (const done of held.splice(0)) done();
    },
  };
}

const lines = (count: number, prefix = "line") =>
  Array.from({ length: count }, (_, index) => `${prefix} ${String(index).padStart(6, "0")}\n`);

describe("the request log", () => {
  it("writes every line, in order, one batch at a time while the reader is busy", async () => {
    const reader = heldReader();
    const log = createRequestLog(reader.out);
    const first = lines(3, "first");
    const later = lines(5_000, "later");
    for (const line of first) log.write(line);
    await new Promise((resolve) => setImmediate(resolve));
    expect(reader.received).toEqual([first.join("")]);

    for (const line of later) log.write(line);
    await new Promise((resolve) => setImmediate(resolve));
    expect(reader.writesHeld).toBe(1);

    const flushed = log.flush();
    reader.release();
    await flushed;
    expect(reader.received.join("")).toBe([...first, ...later].join(""));
    expect(reader.received).toHaveLength(2);
  });

  it("holds no more than its bound while the reader is behind, and says how many lines it left out", async () => {
    const reader = heldReader();
    const bound = 10_000;
    const log = createRequestLog(reader.out, bound);
    const written = lines(20_000);
    for (const [index, line] of written.entries()) {
      log.write(line);
      if (index % 100 === 0) await new Promise((resolve) => setImmediate(resolve));
    }

    const flushed = log.flush();
    reader.release();
    await flushed;
    const text = reader.received.join("");
    const notices = [...text.matchAll(/^\[log\] (\d+) request lines left out: the log's reader fell behind$/gm)];
    const kept = text.split("\n").filter((line) => line.startsWith("line "));
    const leftOut = notices.reduce((sum, [, count]) => sum + Number(count), 0);
    expect(notices.length).toBeGreaterThan(0);
    expect(kept.length + leftOut).toBe(written.length);
    expect(kept).toEqual([...kept].sort());
    expect(reader.mostHeldChars).toBeLessThanOrEqual(bound + notices[0][0].length + 1);
  });

  it("flush resolves at once when nothing is queued, and after the last write otherwise", async () => {
    const reader = heldReader();
    const log = createRequestLog(reader.out);
    await log.flush();
    log.write("one\n");
    let flushed = false;
    const flushing = log.flush().then(() => {
      flushed = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(flushed).toBe(false);
    reader.release();
    await flushing;
    expect(reader.received).toEqual(["one\n"]);
  });
});

describe("shortLogLine", () => {
  it("never writes a private feed's token", () => {
    const token = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde";
    const req = {
      method: "GET",
      url: `/feeds/${token}.xml`,
      httpVersion: "1.1",
    };
    const res = { statusCode: 200, getHeader: () => "512" };
    const line = shortLogLine(req as never, res as never, "203.0.113.9", 1.5);
    expect(line).toBe("203.0.113.9 - GET /feeds/[token].xml HTTP/1.1 200 512 - 1.500 ms\n");
  });

  it("never writes a sign-in token or another secret parameter", () => {
    const token = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde";
    const res = { statusCode: 200, getHeader: () => "512" };
    const line = (url: string) =>
      shortLogLine({ method: "GET", url, httpVersion: "1.1" } as never, res as never, "203.0.113.9", 1);
    expect(line(`/sign-in/verify?token=${token}`)).toBe(
      "203.0.113.9 - GET /sign-in/verify?token=[redacted] HTTP/1.1 200 512 - 1.000 ms\n",
    );
    expect(line(`/api/callback?state=${token}&code=${token}`)).toContain(
      "GET /api/callback?state=[redacted]&code=[redacted] ",
    );
  });
});
