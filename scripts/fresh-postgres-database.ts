import pg from "pg";

/**
 * Runs `task` on a new database on the PostgreSQL server `serverUrl` names (its database serves only to create and
 * drop the new one), and drops it after, however the task ends.
 */
export async function withFreshPostgresDatabase<T>(
  serverUrl: string,
  prefix: string,
  task: (url: string) => Promise<T>,
): Promise<T> {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const maintenance = new pg.Client({ connectionString: serverUrl });
  await maintenance.connect();
  try {
    await maintenance.query(`create database "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return await task(url.toString());
  } finally {
    await maintenance.query(`drop database if exists "${name}" with (force)`);
    await maintenance.end();
  }
}
