import fs from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {}

const LOCK_FILE = "server.lock";

/**
 * PGlite has no guard against two processes opening one data folder, which corrupts it.
 * A lock file holding the owner's PID is created exclusively; a lock left by a dead process is taken over.
 * Returns the function that releases the lock.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockPath = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number.parseInt(fs.readFileSync(lockPath, "utf8"), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isProcessAlive(holder)) {
        throw new DataDirLockedError(
          `The data folder ${dataDir} is in use by another running process (PID ${holder}). Stop that process or set DATA_DIR to another folder.`,
        );
      }
      if (holder === process.pid) {
        throw new DataDirLockedError(`The data folder ${dataDir} is already open in this process.`);
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}; another process is starting on it.`);
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
