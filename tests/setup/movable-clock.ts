import { existsSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const FAKETIME_LIBRARY = [
  "/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1",
  "/usr/lib/aarch64-linux-gnu/faketime/libfaketimeMT.so.1",
].find((file) => existsSync(file));

export type MovableClock = {
  /** The settings that start a server on this clock: pass them in its environment. */
  env: Record<string, string>;
  /** Moves the servers' wall clock to `offset` from the real time, e.g. "+2d", at once. */
  moveTo(offset: string): void;
  /** Back to the real time, and the clock's file removed. */
  reset(): void;
};

/**
 * A wall clock for built servers that a test moves without waiting: libfaketime (Debian's faketime package) reads
 * the offset from a file on every clock call. Without the file the servers keep the real time; timers and uptime
 * (the monotonic clock) are never moved, and the server has no code that knows about tests.
 */
export function movableClock(name: string): MovableClock {
  if (!FAKETIME_LIBRARY) throw new Error("libfaketime is missing: install Debian's faketime package");
  const file = path.join(os.tmpdir(), `podcast-clock-${name}-${process.pid}`);
  rmSync(file, { force: true });
  return {
    env: {
      LD_PRELOAD: FAKETIME_LIBRARY,
      FAKETIME_TIMESTAMP_FILE: file,
      FAKETIME_NO_CACHE: "1",
      FAKETIME_DONT_FAKE_MONOTONIC: "1",
    },
    moveTo: (offset) => writeFileSync(file, offset),
    reset: () => rmSync(file, { force: true }),
  };
}
