import path from "node:path";
import { makeTempDir, removeTempDir, startServer } from "#tests/server/helpers";
import { openDatabase } from "~/db/client.server";
import { findStoredWriteProblems, type LoadOptions, type LoadResult, runMixedLoad } from "./mixed-load";

export type LoadTarget = { kind: "pglite" } | { kind: "postgres"; url: string };

export type LoadReport = { result: LoadResult; problems: string[]; serverExit: string };

/**
 * Starts the built server on the target database (a fresh PGlite folder, or the given PostgreSQL database), drives
 * the mixed load at it over loopback, stops it, then counts the rows the acknowledged writes left. The server gets
 * this process's environment, so settings such as rate limits can be given to it by the caller.
 */
export async function loadBuiltServer(target: LoadTarget, options: LoadOptions): Promise<LoadReport> {
  const root = makeTempDir("podcast-loadtest-");
  const dataDir = path.join(root, "data");
  const runId = `load-${Date.now().toString(36)}`;
  try {
    // The whole load comes from one address: the public forms' per-address limit would refuse most of it.
    const server = await startServer({
      FORM_RATE_LIMIT: "1000000",
      ...(target.kind === "pglite" ? { DATA_DIR: dataDir } : { DATABASE_URL: target.url, DATA_DIR: dataDir }),
    });
    let result: LoadResult;
    try {
      result = await runMixedLoad(server.url, runId, options);
    } finally {
      await server.stop();
    }
    const exit = await server.exited;
    const database = await openDatabase(
      target.kind === "pglite" ? { kind: "pglite", dataDir } : { kind: "postgres", url: target.url },
      { migrate: false },
    );
    try {
      const problems = await findStoredWriteProblems(database.db, runId, result.acknowledged);
      return { result, problems, serverExit: exit.signal ? `signal ${exit.signal}` : `code ${exit.code}` };
    } finally {
      await database.close();
    }
  } finally {
    removeTempDir(root);
  }
}
