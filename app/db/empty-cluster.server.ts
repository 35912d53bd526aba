import fs from "node:fs";
import path from "node:path";

/** Written by `npm run build` (scripts/build-empty-cluster.ts). */
export const EMPTY_CLUSTER_DIR = path.resolve("build/pglite/empty-cluster");

/**
 * Gives a data folder that holds no PGlite cluster yet a copy of the empty one the build made, so that PGlite opens
 * it as an existing cluster instead of running initdb: initdb peaked near 800 MB resident, opening a cluster costs
 * about 100 MB (docs/decisions/035-benchmark-and-refusals.md). The copy is made beside the folder and renamed into
 * place, so a start cut short leaves no half cluster. Without a build (development, tests) PGlite runs initdb.
 */
export function copyPrebuiltEmptyCluster(clusterDir: string, emptyCluster = EMPTY_CLUSTER_DIR): void {
  if (fs.existsSync(clusterDir) || !fs.existsSync(path.join(emptyCluster, "PG_VERSION"))) return;
  const partial = `${clusterDir}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.cpSync(emptyCluster, partial, { recursive: true });
  fs.renameSync(partial, clusterDir);
}
