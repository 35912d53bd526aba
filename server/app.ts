import "react-router";
import { createRequestHandler } from "@react-router/express";
import type { RequestHandler } from "express";
import { type Database, openDatabase } from "~/db/client.server";
import { ensureOwnerPassword } from "~/features/owner/password.server";
import { type Env, parseEnv } from "~/lib/env.server";
import { createMailer, type Mailer } from "~/lib/mailer.server";
import type { SecurityLocals } from "./security";
import { withUnexpectedErrorAnswers } from "./unexpected-errors";

declare module "react-router" {
  interface AppLoadContext {
    db: Database;
    env: Env;
    mailer: Mailer;
    /** The address the request came from, for per-IP rate limits. */
    clientIp: string;
    /** Names the request in logs and in error answers (also sent as X-Request-Id). */
    requestId: string;
    /** This response's Content-Security-Policy nonce, for the inline scripts the framework renders. */
    cspNonce: string;
  }
}

export type AppRuntime = {
  env: Env;
  db: Database;
  mailer: Mailer;
  databaseKind: "pglite" | "postgres";
  close(): Promise<void>;
};

/**
 * Validates the settings, then opens, migrates and seeds the database and makes sure the owner has a password.
 * Called once per process.
 */
export async function startApp(source: Record<string, string | undefined> = process.env): Promise<AppRuntime> {
  const env = parseEnv(source);
  const database = await openDatabase(
    env.DATABASE_URL ? { kind: "postgres", url: env.DATABASE_URL } : { kind: "pglite", dataDir: env.DATA_DIR },
  );
  try {
    await ensureOwnerPassword(database.db, env.ADMIN_PASSWORD);
  } catch (error) {
    await database.close();
    throw error;
  }
  return {
    env,
    db: database.db,
    mailer: createMailer(env, database.db),
    databaseKind: database.kind,
    close: database.close,
  };
}

export function createAppHandler(runtime: AppRuntime): RequestHandler {
  return createRequestHandler({
    build: async () => withUnexpectedErrorAnswers(await import("virtual:react-router/server-build")),
    // Only development shows error details; "test" serves the production build and answers like production.
    mode: runtime.env.NODE_ENV === "development" ? "development" : "production",
    getLoadContext: (req, res) => ({
      db: runtime.db,
      env: runtime.env,
      mailer: runtime.mailer,
      clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
      requestId: (res.locals as SecurityLocals).requestId,
      cspNonce: (res.locals as SecurityLocals).cspNonce,
    }),
  });
}
