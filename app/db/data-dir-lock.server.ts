import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {}

const LOCK_FILE = "server.lock";
const TAKEOVER_SUFFIX = ".takeover";
const MAX_ATTEMPTS = 5;

/** Lock files this process holds; kept on globalThis so that a second copy of this module sees them too. */
const registry = globalThis as typeof globalThis & { __podcastDataDirLocks?: Set<string> };
registry.__podcastDataDirLocks ??= new Set();
const heldLocks = registry.__podcastDataDirLocks;

/**
 * PGlite has no guard against two processes opening one data folder, which corrupts it. The lock file holds the
 * owner's PID. It is never written in place: the PID goes into a private file first, which is then hard-linked to the
 * lock's name, so the lock appears atomically and never half-written. A lock left by a dead process (or by an earlier
 * process that had this one's PID, as after a container restart) is removed under a second, short-lived lock, so
 * that two processes taking over the same stale lock cannot both succeed.
 * Returns the function that releases the lock.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockPath = path.join(dataDir, LOCK_FILE);
  if (heldLocks.has(lockPath)) {
    throw new DataDirLockedError(`The data folder ${dataDir} is already open in this process.`);
  }
  const claimPath = `${lockPath}.${process.pid}.${randomUUID()}.tmp`;
  fs.writeFileSync(claimPath, String(process.pid), { flag: "wx" });
  try {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      if (linkExclusive(claimPath, lockPath)) {
        heldLocks.add(lockPath);
        let released = false;
        return () => {
          if (released) return;
          released = true;
          heldLocks.delete(lockPath);
          fs.rmSync(lockPath, { force: true });
        };
      }
      const holder = readHolder(lockPath);
      if (holder !== undefined && isLiveHolder(holder)) {
        throw new DataDirLockedError(
          `The data folder ${dataDir} is in use by another running process (PID ${holder}). Stop that process or set DATA_DIR to another folder.`,
        );
      }
      removeStaleLock(lockPath, claimPath);
    }
  } finally {
    fs.rmSync(claimPath, { force: true });
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}; another process is starting on it.`);
}

/** Removes the lock if its holder is still dead once this process alone may remove it. */
function removeStaleLock(lockPath: string, claimPath: string): void {
  const takeoverPath = lockPath + TAKEOVER_SUFFIX;
  if (!linkExclusive(claimPath, takeoverPath)) {
    // Another process is removing the stale lock; the next attempt meets its new lock. A takeover lock whose
    // owner died during those few microseconds would otherwise block every start.
    const owner = readHolder(takeoverPath);
    if (owner !== undefined && !isLiveHolder(owner)) fs.rmSync(takeoverPath, { force: true });
    return;
  }
  try {
    const holder = readHolder(lockPath);
    if (holder !== undefined && !isLiveHolder(holder)) fs.rmSync(lockPath, { force: true });
  } finally {
    fs.rmSync(takeoverPath, { force: true });
  }
}

function linkExclusive(source: string, target: string): boolean {
  try {
    fs.linkSync(source, target);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

/** The PID written in a lock file (NaN when unreadable), or undefined when the file is gone. */
function readHolder(file: string): number | undefined {
  try {
    const content = fs.readFileSync(file, "utf8").trim();
    return /^\d+$/.test(content) ? Number(content) : Number.NaN;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** This process's own PID in a lock it does not hold was left by an earlier process that had the same PID. */
function isLiveHolder(pid: number): boolean {
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && isProcessAlive(pid);
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
