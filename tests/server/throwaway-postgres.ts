import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { makeTempDir, occupyPort, removeTempDir } from "./helpers";

/** Debian's postgresql package puts the server programs here, one folder per major version. */
const DEBIAN_POSTGRES_ROOT = "/usr/lib/postgresql";

export type ThrowawayPostgres = {
  readonly url: string;
  start(): void;
  /** Stops at once, as a crash or a pulled cable would: no shutdown checkpoint, clients cut off. */
  stopImmediately(): void;
  destroy(): void;
};

function serverBinaries(): string {
  const versions = fs.existsSync(DEBIAN_POSTGRES_ROOT)
    ? fs
        .readdirSync(DEBIAN_POSTGRES_ROOT)
        .filter((version) => fs.existsSync(path.join(DEBIAN_POSTGRES_ROOT, version, "bin/initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) {
    throw new Error(`No PostgreSQL server programs under ${DEBIAN_POSTGRES_ROOT}/*/bin: install Debian's postgresql`);
  }
  return path.join(DEBIAN_POSTGRES_ROOT, versions[0], "bin");
}

/**
 * A PostgreSQL server of the test's own, in a temporary folder on a free port, so that the test can stop it without
 * touching the machine's shared server. PostgreSQL refuses to run as root, so as root it runs as the postgres user.
 */
export async function createThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = serverBinaries();
  const root = makeTempDir("podcast-throwaway-postgres-");
  const dataDir = path.join(root, "data");
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync("chown", ["postgres:postgres", root]);
  const run = (program: string, args: string[]) => {
    const [command, commandArgs] = asRoot
      ? ["runuser", ["-u", "postgres", "--", path.join(bin, program), ...args]]
      : [path.join(bin, program), args];
    execFileSync(command, commandArgs, { stdio: ["ignore", "pipe", "pipe"], cwd: root });
  };
  run("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);

  const blocker = await occupyPort();
  const port = blocker.port;
  await blocker.close();

  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => run("pg_ctl", ["-D", dataDir, "-o", options, "-l", path.join(root, "server.log"), "-w", "start"]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stopImmediately: () => run("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]),
    destroy() {
      try {
        run("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
      } catch {
        // Already stopped.
      }
      removeTempDir(root);
    },
  };
}
