import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** The server as `npm run serve` starts it: server/index.ts compiled by `npm run build`. */
export const BUILT_SERVER = path.join(PROJECT_ROOT, "build/server/start.js");
/**
 * Node's memory flags for the server, the same in `npm run serve` (package.json) as wherever the tests, the benchmark
 * and the browser tests start it, so that the process stays under the 250 MB of resident memory it may use under load:
 * a small young generation and a capped old one make V8 collect early (docs/decisions/029-first-load.md), and one V8
 * background thread instead of four keeps one malloc arena for the compiler's and collector's scratch memory rather
 * than four that each keep what PGlite's WebAssembly tier-up left in them (docs/decisions/035-benchmark-and-refusals.md).
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=4", "--max-old-space-size=128", "--v8-pool-size=1"];

const READY_LINE = /Server listening on http:\/\/localhost:(\d+) \(database: (pglite|postgres)\)/;
// Generous: a first start on a busy CI machine migrates and seeds a fresh database.
const DEFAULT_TIMEOUT_MS = 90_000;

export type ExitResult = { code: number | null; signal: NodeJS.Signals | null };

export type ServerProcess = {
  readonly pid: number;
  /** Everything the process printed so far. */
  stdout(): string;
  stderr(): string;
  /** Resolves with the port from the "Server listening" line; rejects if the process exits or times out first. */
  readonly ready: Promise<{ port: number; databaseKind: string }>;
  /** Resolves when the process has exited, however it ended. */
  readonly exited: Promise<ExitResult>;
  /** Resolves on the first stdout line matching the pattern; rejects if the process exits or times out first. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<string>;
  signal(signal: NodeJS.Signals): void;
  /** Sends the signal and waits for the exit, killing the process if it outlives the timeout. */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<ExitResult>;
};

export type RunningServer = ServerProcess & { readonly port: number; readonly url: string };

const running = new Set<ChildProcess>();

/**
 * Spawns the production server (`npm run build` must have run) exactly as it is deployed. PORT defaults to 0, so the
 * system picks a free port and the test reads it from the ready line. A value of `undefined` removes the variable.
 */
export function spawnServer(env: Record<string, string | undefined>, cwd = PROJECT_ROOT): ServerProcess {
  if (!fs.existsSync(BUILT_SERVER) || !fs.existsSync(path.join(PROJECT_ROOT, "build/server/index.js"))) {
    throw new Error("No production build found: run `npm run build` before the server tests.");
  }
  const childEnv: Record<string, string | undefined> = { ...process.env };
  for (const name of ["DATABASE_URL", "DATA_DIR", "PORT", "HOST", "SITE_URL", "NEWSLETTER_URL"]) delete childEnv[name];
  Object.assign(childEnv, { NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", SITE_URL: "http://localhost" }, env);
  for (const [name, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[name];

  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, BUILT_SERVER], {
    cwd,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (child.pid === undefined) throw new Error("Could not spawn the server process");
  const pid = child.pid;
  running.add(child);

  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8");
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk: string) => {
    stderr += chunk;
  });

  const exited = new Promise<ExitResult>((resolve) => {
    child.on("exit", (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    });
  });
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });

  const describeOutput = () => `\n--- stdout ---\n${stdout}\n--- stderr ---\n${stderr}`;

  type Waiter = { pattern: RegExp; resolve: (line: string) => void };
  const waiters = new Set<Waiter>();
  let pending = "";
  child.stdout.on("data", (chunk: string) => {
    stdout += chunk;
    pending += chunk;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      for (const waiter of waiters) {
        if (waiter.pattern.test(line)) {
          waiters.delete(waiter);
          waiter.resolve(line);
        }
      }
    }
  });

  const waitForOutput = (pattern: RegExp, timeoutMs = DEFAULT_TIMEOUT_MS) => {
    const earlier = stdout.split("\n").find((line) => pattern.test(line));
    if (earlier !== undefined) return Promise.resolve(earlier);
    return new Promise<string>((resolve, reject) => {
      const waiter: Waiter = { pattern, resolve: (line) => settle(() => resolve(line)) };
      const timer = setTimeout(
        () =>
          settle(() => reject(new Error(`No output matching ${pattern} within ${timeoutMs} ms${describeOutput()}`))),
        timeoutMs,
      );
      const settle = (action: () => void) => {
        clearTimeout(timer);
        waiters.delete(waiter);
        action();
      };
      waiters.add(waiter);
      void exited.then((result) => {
        if (waiters.has(waiter)) {
          settle(() =>
            reject(
              new Error(`The server exited (${formatExit(result)}) before printing ${pattern}${describeOutput()}`),
            ),
          );
        }
      });
    });
  };

  const ready = waitForOutput(READY_LINE).then((line) => {
    const match = READY_LINE.exec(line);
    if (!match) throw new Error(`Unexpected ready line: ${line}`);
    return { port: Number(match[1]), databaseKind: match[2] };
  });
  // A caller that only awaits `exited` must not see an unhandled rejection from `ready`.
  ready.catch(() => {});

  const signal = (name: NodeJS.Signals) => {
    if (!hasExited) child.kill(name);
  };

  return {
    pid,
    stdout: () => stdout,
    stderr: () => stderr,
    ready,
    exited,
    waitForOutput,
    signal,
    async stop(name = "SIGTERM", timeoutMs = 20_000) {
      signal(name);
      const timer = setTimeout(() => signal("SIGKILL"), timeoutMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** Spawns the server and waits until it listens. */
export async function startServer(env: Record<string, string | undefined>): Promise<RunningServer> {
  const server = spawnServer(env);
  try {
    const { port } = await server.ready;
    return Object.assign(server, { port, url: `http://127.0.0.1:${port}` });
  } catch (error) {
    server.signal("SIGKILL");
    await server.exited;
    throw error;
  }
}

export type ServerWithDataDir = RunningServer & {
  /** The server's own DATA_DIR, a fresh temporary folder. */
  readonly dataDir: string;
  /** Stops the server and removes its folder. */
  close(): Promise<void>;
};

/**
 * Starts the built server on a fresh temporary DATA_DIR of its own, as a suite of tests against one server does; `env`
 * adds to or overrides the production defaults. `close` stops it and removes the folder.
 */
export async function startServerWithDataDir(
  env: Record<string, string | undefined> = {},
  prefix?: string,
): Promise<ServerWithDataDir> {
  const dataDir = makeTempDir(prefix);
  try {
    const server = await startServer({ DATA_DIR: dataDir, ...env });
    return Object.assign(server, {
      dataDir,
      async close() {
        await server.stop();
        removeTempDir(dataDir);
      },
    });
  } catch (error) {
    removeTempDir(dataDir);
    throw error;
  }
}

/** Spawns a server that is expected to fail at start-up, and returns how it ended and what it printed. */
export async function runFailingServer(
  env: Record<string, string | undefined>,
  cwd = PROJECT_ROOT,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<ExitResult & { stdout: string; stderr: string }> {
  const server = spawnServer(env, cwd);
  const outcome = await Promise.race([
    server.exited.then((result) => ({ kind: "exited" as const, result })),
    server.ready.then(
      () => ({ kind: "ready" as const }),
      () => ({ kind: "not-ready" as const }),
    ),
  ]);
  if (outcome.kind === "ready") {
    await server.stop("SIGKILL");
    throw new Error(`The server started although it should have failed:\n${server.stdout()}`);
  }
  const timer = setTimeout(() => server.signal("SIGKILL"), timeoutMs);
  const result = await server.exited;
  clearTimeout(timer);
  return { ...result, stdout: server.stdout(), stderr: server.stderr() };
}

/** Kills every server a test left running, so that a failed assertion never leaves processes behind. */
export async function killAllServers(): Promise<void> {
  const exits = [...running].map(
    (child) =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGKILL");
      }),
  );
  await Promise.all(exits);
}

function formatExit({ code, signal }: ExitResult): string {
  return signal ? `signal ${signal}` : `code ${code}`;
}

/** A new temporary folder; the test removes it with removeTempDir. */
export function makeTempDir(prefix = "podcast-server-test-"): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function removeTempDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}

/** Holds a port on 127.0.0.1 until `close` is called. */
export async function occupyPort(): Promise<{ port: number; close(): Promise<void> }> {
  const blocker = net.createServer();
  await new Promise<void>((resolve, reject) => {
    blocker.once("error", reject);
    blocker.listen(0, "127.0.0.1", () => resolve());
  });
  const address = blocker.address();
  if (!address || typeof address === "string") throw new Error("The blocking server has no port");
  return {
    port: address.port,
    close: () => new Promise<void>((resolve, reject) => blocker.close((error) => (error ? reject(error) : resolve()))),
  };
}

export const LOCK_FILE = "server.lock";

/**
 * Polls a condition that no event reports (such as another process's state in PostgreSQL) until it holds.
 * Rejects after the timeout.
 */
export async function waitUntil(condition: () => Promise<boolean>, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A GET whose body arrives exactly as sent: unlike fetch, it does not decompress a gzip body. */
export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
}
