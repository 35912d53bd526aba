import { withFreshPostgresDatabase } from "./fresh-postgres-database";
import { type LoadTarget, loadBuiltServer } from "./loadtest/load-built-server";
import { formatFigures } from "./loadtest/mixed-load";

/**
 * npm run loadtest [-- --duration=SECONDS --connections=N]
 * Drives a mixed load of page reads and form submissions at the built server (npm run build first) on loopback, on
 * a fresh embedded database and, when LOADTEST_DATABASE_URL names a PostgreSQL server, on a fresh database created
 * there (and dropped after). Prints the figures; exits 1 if any request failed or any acknowledged write is not
 * stored exactly once. Settings for the server under test (e.g. rate limits) are passed through from the environment.
 */
function numberOption(name: string, fallback: number): number {
  const arg = process.argv.find((value) => value.startsWith(`--${name}=`));
  const value = arg ? Number(arg.split("=")[1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

async function main() {
  const options = { durationMs: numberOption("duration", 20) * 1000, connections: numberOption("connections", 32) };
  const targets: { label: string; run: () => ReturnType<typeof loadBuiltServer> }[] = [
    { label: "embedded database (PGlite)", run: () => loadBuiltServer({ kind: "pglite" }, options) },
  ];
  const postgresServer = process.env.LOADTEST_DATABASE_URL;
  if (postgresServer) {
    targets.push({
      label: "PostgreSQL",
      run: () =>
        withFreshPostgresDatabase(postgresServer, "loadtest", (url) =>
          loadBuiltServer({ kind: "postgres", url } satisfies LoadTarget, options),
        ),
    });
  } else {
    console.log("LOADTEST_DATABASE_URL is not set: skipping the PostgreSQL run.");
  }

  let failed = false;
  for (const target of targets) {
    console.log(`\n== ${target.label}: ${options.connections} connections for ${options.durationMs / 1000} s`);
    const { result, problems, serverExit } = await target.run();
    console.log(formatFigures(target.label, result));
    console.log(`  acknowledged writes not stored exactly once: ${problems.length}`);
    console.log(`  server stopped with ${serverExit}`);
    for (const line of [...result.failures.slice(0, 10), ...problems.slice(0, 10)]) console.log(`  ! ${line}`);
    if (result.failures.length > 0 || problems.length > 0 || serverExit !== "code 0") failed = true;
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
