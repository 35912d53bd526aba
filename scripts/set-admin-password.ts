/**
 * Sets a new password for the admin area: `npm run admin:password -- <password>`, or piped on stdin, or (with
 * neither) a generated one that is printed. Uses the server's settings (DATA_DIR or DATABASE_URL). With the embedded
 * database, stop the server first: only one process may open its data folder. A set ADMIN_PASSWORD wins again at the
 * next start.
 */
import { openDatabase } from "~/db/client.server";
import { setOwnerPassword } from "~/features/owner/password.server";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/features/owner/schema";
import { parseEnv } from "~/lib/env.server";
import { generatePassword } from "~/lib/password-hash.server";

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

async function main() {
  const env = parseEnv(process.env);
  const fromArgument = process.argv[2];
  const fromStdin = fromArgument === undefined && !process.stdin.isTTY ? await readStdin() : "";
  const given = fromArgument ?? fromStdin;
  const password = given === "" ? generatePassword() : given;
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    console.error(`The password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters long.`);
    process.exit(1);
  }
  const database = await openDatabase(
    env.DATABASE_URL ? { kind: "postgres", url: env.DATABASE_URL } : { kind: "pglite", dataDir: env.DATA_DIR },
  );
  try {
    await setOwnerPassword(database.db, password);
  } finally {
    await database.close();
  }
  console.log(given === "" ? `New owner password: ${password}` : "The owner's password was changed.");
  if (env.ADMIN_PASSWORD) console.log("Note: ADMIN_PASSWORD is set and replaces this password at the next start.");
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
