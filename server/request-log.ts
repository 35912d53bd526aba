import type { IncomingMessage, ServerResponse } from "node:http";
import type { Writable } from "node:stream";
import { redactSecretPath } from "../app/lib/redact-secret-path";

/** What the log holds while its reader is behind, besides the write under way: 10,000 to 20,000 short-format lines. */
const MAX_BACKLOG_CHARS = 1024 * 1024;

export type RequestLog = {
  /** Queues one line; a stream for morgan too. */
  write(line: string): boolean;
  /** Resolves once every queued line is written. */
  flush(): Promise<void>;
};

/**
 * The request log, written in batches: one write to the output at a time, and the lines that arrive meanwhile go out
 * together when it completes, so no request waits on the log and a slow reader gets fewer, larger writes. A reader that
 * falls further behind than MAX_BACKLOG_CHARS does not make the server hold every line in memory: the lines past the
 * bound are left out, and a line in their place says how many.
 *
 * The output is a stream (process.stdout) rather than a file descriptor written through the thread pool: when the
 * standard output is a pipe, Node makes it non-blocking, and a write to a full pipe then fails with EAGAIN where the
 * stream waits for the pipe to have room.
 */
export function createRequestLog(out: Writable, maxBacklogChars = MAX_BACKLOG_CHARS): RequestLog {
  out.on("error", (error) => console.error("[log] could not write the request log:", error));
  let backlog: string[] = [];
  let backlogChars = 0;
  let leftOut = 0;
  let writing = false;
  let scheduled = false;
  let idleWaiters: (() => void)[] = [];

  const settleIfIdle = () => {
    if (scheduled || writing || backlog.length > 0 || leftOut > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  };

  const writeBacklog = () => {
    scheduled = false;
    if (writing || (backlog.length === 0 && leftOut === 0) || out.destroyed) {
      if (out.destroyed) backlog = [];
      settleIfIdle();
      return;
    }
    if (leftOut > 0) backlog.push(`[log] ${leftOut} request lines left out: the log's reader fell behind\n`);
    const text = backlog.join("");
    backlog = [];
    backlogChars = 0;
    leftOut = 0;
    writing = true;
    out.write(text, () => {
      writing = false;
      writeBacklog();
    });
  };

  return {
    write(line) {
      // Once lines are left out, the next ones are too until the backlog is written, so that the count stands where
      // the missing lines would have been.
      if (leftOut > 0 || backlogChars + line.length > maxBacklogChars) {
        leftOut += 1;
      } else {
        backlog.push(line);
        backlogChars += line.length;
      }
      if (!writing && !scheduled) {
        scheduled = true;
        setImmediate(writeBacklog);
      }
      return true;
    },
    flush() {
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        settleIfIdle();
      });
    },
  };
}

/**
 * The line morgan's "short" format writes, for a request answered without Express; `client` is the address Express
 * would give as req.ip.
 */
export function shortLogLine(
  req: IncomingMessage,
  res: ServerResponse,
  client: string | undefined,
  milliseconds: number,
): string {
  const length = res.getHeader("content-length") ?? "-";
  return `${client ?? "-"} - ${req.method} ${redactSecretPath(req.url ?? "-")} HTTP/${req.httpVersion} ${res.statusCode} ${length} - ${milliseconds.toFixed(3)} ms\n`;
}
