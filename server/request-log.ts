import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";

export type RequestLog = {
  /** Queues one line; a stream for morgan too. */
  write(line: string): boolean;
  /** Resolves once every queued line is written. */
  flush(): Promise<void>;
};

/**
 * The request log, written in batches (one write per turn of the event loop) through libuv's thread pool, so that a
 * slow disk or reader holds up no request.
 */
export function createRequestLog(fd: number): RequestLog {
  const out = fs.createWriteStream("", { fd, autoClose: false });
  out.on("error", (error) => console.error("[log] could not write the request log:", error));
  let pending: string[] = [];
  let scheduled: Promise<void> | null = null;
  const writeBatch = () =>
    new Promise<void>((resolve) => {
      setImmediate(() => {
        const text = pending.join("");
        pending = [];
        scheduled = null;
        if (out.write(text)) resolve();
        else out.once("drain", resolve);
      });
    });
  return {
    write(line) {
      pending.push(line);
      scheduled ??= writeBatch();
      return true;
    },
    async flush() {
      if (scheduled) await scheduled;
      if (out.writableNeedDrain) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
    },
  };
}

/** The line morgan's "short" format writes, for a request answered without Express. */
export function shortLogLine(req: IncomingMessage, res: ServerResponse, milliseconds: number): string {
  const length = res.getHeader("content-length") ?? "-";
  return `${req.socket.remoteAddress ?? "-"} - ${req.method} ${req.url} HTTP/${req.httpVersion} ${res.statusCode} ${length} - ${milliseconds.toFixed(3)} ms\n`;
}
