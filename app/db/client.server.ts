import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { acquireDataDirLock } from "./data-dir-lock.server";
import { copyPrebuiltEmptyCluster } from "./empty-cluster.server";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** What `db.transaction` hands its callback: a Database whose statements run in that transaction. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { kind: "postgres"; url: string }
  | { kind: "pglite"; dataDir: string }
  /** An in-memory PGlite; tests pass their own client, e.g. one loaded from a dump of a migrated database. */
  | { kind: "memory"; client?: PGlite };

export type OpenOptions = {
  migrate?: boolean;
  /** Where the migrations to apply are: a restore applies those of its backup's level first (backup/migration-levels). */
  migrationsFolder?: string;
};

export const MIGRATIONS_FOLDER = path.resolve("drizzle");

/** Any constant shared by every instance; it names the lock that serialises schema changes. */
const MIGRATION_LOCK_KEY = 727_202_501;

/** Opens the database and applies pending migrations. */
export async function openDatabase(options: DatabaseOptions, open: OpenOptions = {}): Promise<DatabaseHandle> {
  const { migrate = true, migrationsFolder = MIGRATIONS_FOLDER } = open;
  const handle =
    options.kind === "postgres"
      ? await openPostgres(options.url, migrationsFolder)
      : await openPglite(options, migrationsFolder);
  if (!migrate) return handle;
  try {
    await handle.withMigrationLock(() => handle.migrate());
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

type OpenedDatabase = DatabaseHandle & {
  migrate(): Promise<void>;
  withMigrationLock(task: () => Promise<void>): Promise<void>;
};

async function openPostgres(url: string, migrationsFolder: string): Promise<OpenedDatabase> {
  // Without timeouts a request waits forever on a database that stopped answering; with them it fails within seconds.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000, query_timeout: 30_000 });
  pool.on("error", (error) => console.error("[db] idle PostgreSQL connection failed:", error.message));
  // A connection that fails while checked out between two queries (inside a transaction) emits its error on the client,
  // which the pool does not listen to then: unheard, Node would end the process. The transaction's next query fails
  // with it, so the caller hears of it there.
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = drizzleNodePostgres(pool, { schema });
  return {
    db,
    kind: "postgres",
    close: () => pool.end(),
    migrate: () => migrateNodePostgres(db, { migrationsFolder }),
    // A session-level advisory lock belongs to one connection, so hold one client for its whole life.
    async withMigrationLock(task) {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        try {
          await task();
        } finally {
          await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
  };
}

async function openPglite(
  options: Extract<DatabaseOptions, { kind: "pglite" | "memory" }>,
  migrationsFolder: string,
): Promise<OpenedDatabase> {
  let releaseLock = () => {};
  let client: PGlite;
  if (options.kind === "pglite") {
    const dataDir = path.resolve(options.dataDir);
    fs.mkdirSync(dataDir, { recursive: true });
    releaseLock = acquireDataDirLock(dataDir);
    try {
      // PostgreSQL's default 128 MB of shared buffers would be most of the process's memory; the site's data is small.
      const clusterDir = path.join(dataDir, "pglite");
      copyPrebuiltEmptyCluster(clusterDir);
      client = new PGlite(clusterDir, {
        startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"],
      });
      await client.waitReady;
    } catch (error) {
      releaseLock();
      throw error;
    }
  } else {
    client = options.client ?? new PGlite();
    await client.waitReady;
  }
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: "pglite",
    async close() {
      try {
        await client.close();
      } finally {
        releaseLock();
      }
    },
    migrate: () => migratePglite(db, { migrationsFolder }),
    async withMigrationLock(task) {
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      try {
        await task();
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
      }
    },
  };
}
