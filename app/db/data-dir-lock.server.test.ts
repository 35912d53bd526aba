import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "./data-dir-lock.server";

let dataDir: string;
let lockPath: string;
const releases: (() => void)[] = [];

function acquire(dir = dataDir) {
  const release = acquireDataDirLock(dir);
  releases.push(release);
  return release;
}

function lockError(dir = dataDir): DataDirLockedError {
  try {
    acquire(dir);
  } catch (error) {
    if (error instanceof DataDirLockedError) return error;
    throw error;
  }
  throw new Error("The lock was acquired although it is held");
}

/** The PID of a process that has already exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolve) => child.once("exit", resolve));
  if (child.pid === undefined) throw new Error("Could not spawn a process");
  return child.pid;
}

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "podcast-lock-test-"));
  lockPath = path.join(dataDir, "server.lock");
});
afterEach(() => {
  for (const release of releases.splice(0)) release();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("acquireDataDirLock", () => {
  it("writes this process's PID to server.lock, and release removes it", () => {
    const release = acquire();
    expect(fs.readFileSync(lockPath, "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockPath)).toBe(false);
    // Nothing else is left in the folder (no half-made claim files).
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it("can be acquired again after release", () => {
    acquire()();
    acquire();
    expect(fs.readFileSync(lockPath, "utf8")).toBe(String(process.pid));
  });

  it("releases only once: a second release leaves a lock taken since then alone", () => {
    const release = acquire();
    release();
    fs.writeFileSync(lockPath, String(process.ppid));
    release();
    expect(fs.readFileSync(lockPath, "utf8")).toBe(String(process.ppid));
  });

  it("refuses to open the same folder twice in one process", () => {
    acquire();
    const error = lockError();
    expect(error.message).toBe(`The data folder ${dataDir} is already open in this process.`);
    expect(fs.readFileSync(lockPath, "utf8")).toBe(String(process.pid));
  });

  it("refuses a folder locked by another running process, naming the folder and the PID", () => {
    const holder = process.ppid;
    fs.writeFileSync(lockPath, String(holder));

    const error = lockError();
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect(error.message).toContain(`The data folder ${dataDir} is in use by another running process (PID ${holder})`);
    expect(fs.readFileSync(lockPath, "utf8")).toBe(String(holder));
  });

  it("takes over a lock left by a process that has died", async () => {
    fs.writeFileSync(lockPath, String(await deadPid()));
    acquire();
    expect(fs.readFileSync(lockPath, "utf8")).toBe(String(process.pid));
  });

  it("takes over a lock holding its own PID that it never took, as after a container restart", () => {
    fs.writeFileSync(lockPath, String(process.pid));
    const release = acquire();
    expect(fs.readFileSync(lockPath, "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockPath)).toBe(false);
  });

  it.each([
    ["empty", ""],
    ["not a PID", "garbage"],
    ["PID 0, which would signal the whole process group", "0"],
  ])("takes over a lock file that is %s", (_label, content) => {
    fs.writeFileSync(lockPath, content);
    acquire();
    expect(fs.readFileSync(lockPath, "utf8")).toBe(String(process.pid));
  });

  it("keeps separate folders independent", () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), "podcast-lock-test-"));
    try {
      acquire();
      const release = acquire(other);
      expect(fs.readFileSync(path.join(other, "server.lock"), "utf8")).toBe(String(process.pid));
      release();
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });
});

/** A child process that takes and releases the lock when told, so that several can race for it at once. */
const CONTENDER_SCRIPT = `
const { acquireDataDirLock } = await import(process.env.LOCK_MODULE_URL);
let release;
process.on("message", (message) => {
  if (message.type === "acquire") {
    try {
      release = acquireDataDirLock(message.dir);
      process.send({ won: true });
    } catch (error) {
      process.send({ won: false, error: error.message });
    }
  } else {
    release?.();
    release = undefined;
    process.send({ released: true });
  }
});
process.on("disconnect", () => process.exit(0));
process.send({ ready: true });
`;

type ContenderReply = { ready?: true; won?: boolean; error?: string; released?: true };

function nextReply(child: ChildProcess): Promise<ContenderReply> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`A contender exited with code ${code}`));
    child.once("exit", onExit);
    child.once("message", (message) => {
      child.off("exit", onExit);
      resolve(message as ContenderReply);
    });
  });
}

describe("acquireDataDirLock with processes racing for one folder", () => {
  const CONTENDERS = 8;
  const ROUNDS = 15;
  let contenders: ChildProcess[] = [];

  beforeAll(async () => {
    const moduleUrl = pathToFileURL(path.resolve(import.meta.dirname, "data-dir-lock.server.ts")).href;
    contenders = Array.from({ length: CONTENDERS }, () =>
      spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", CONTENDER_SCRIPT], {
        env: { ...process.env, LOCK_MODULE_URL: moduleUrl },
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      }),
    );
    const replies = await Promise.all(contenders.map(nextReply));
    expect(replies.every((reply) => reply.ready)).toBe(true);
  }, 30_000);
  afterAll(() => {
    for (const child of contenders) child.kill();
  });

  async function race(dir: string) {
    const replies = await Promise.all(
      contenders.map((child) => {
        const reply = nextReply(child);
        child.send({ type: "acquire", dir });
        return reply;
      }),
    );
    const winners = contenders.filter((_child, index) => replies[index].won);
    const winnerPid = winners.length === 1 ? String(winners[0].pid) : "none";
    const lockHolder = fs.readFileSync(path.join(dir, "server.lock"), "utf8");
    // Release every winner, so that a failed round leaves nothing behind for the next one.
    await Promise.all(
      winners.map((child) => {
        const reply = nextReply(child);
        child.send({ type: "release" });
        return reply;
      }),
    );
    return { winners: winners.length, winnerPid, lockHolder, errors: replies.map((reply) => reply.error) };
  }

  it("lets exactly one of them lock a fresh folder", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { winners, winnerPid, lockHolder, errors } = await race(dataDir);
      expect(winners, `round ${round}: ${errors.join(" | ")}`).toBe(1);
      expect(lockHolder).toBe(winnerPid);
      expect(fs.existsSync(lockPath)).toBe(false);
    }
  });

  it("lets exactly one of them take over a stale lock", async () => {
    const stale = String(await deadPid());
    for (let round = 0; round < ROUNDS; round++) {
      fs.writeFileSync(lockPath, stale);
      const { winners, winnerPid, lockHolder, errors } = await race(dataDir);
      expect(winners, `round ${round}: ${errors.join(" | ")}`).toBe(1);
      expect(lockHolder).toBe(winnerPid);
    }
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });
});
