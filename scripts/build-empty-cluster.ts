/**
 * Part of `npm run build`: runs PGlite's initdb once, here, into build/pglite/empty-cluster, which
 * app/db/empty-cluster.server.ts copies into a data folder that holds no cluster yet. initdb holds three PostgreSQL
 * instances in memory at once, so a server that ran it on its first start would need several times the memory it
 * serves with (docs/decisions/035-benchmark-and-refusals.md has the figures). Made by the installed PGlite, the cluster always matches the
 * PostgreSQL that opens it.
 */
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { EMPTY_CLUSTER_DIR } from "../app/db/empty-cluster.server";

fs.rmSync(EMPTY_CLUSTER_DIR, { recursive: true, force: true });
fs.mkdirSync(path.dirname(EMPTY_CLUSTER_DIR), { recursive: true });
const client = new PGlite(EMPTY_CLUSTER_DIR);
await client.waitReady;
await client.close();
