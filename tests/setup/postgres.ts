import pg from "pg";

function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is not set");
  return url;
}

/** The database named in TEST_DATABASE_URL serves only to create and drop the test's own databases. */
export async function withMaintenanceClient<T>(task: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    return await task(client);
  } finally {
    await client.end();
  }
}

export function databaseUrlFor(name: string): string {
  const url = new URL(testDatabaseUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

export function migratedTemplateName(): string {
  return `${new URL(testDatabaseUrl()).pathname.slice(1) || "postgres"}_migrated_template`;
}

export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
}
