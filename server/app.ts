import { createRequestHandler } from "@react-router/express";
import { sql } from "drizzle-orm";
import type { Request as ExpressRequest, RequestHandler } from "express";
import { createRequestHandler as createFetchHandler, RouterContextProvider } from "react-router";
import { type Database, openDatabase } from "~/db/client.server";
import { ensureOwnerPassword } from "~/features/owner/password.server";
import { type AppContext, appContext } from "~/lib/app-context.server";
import { type Env, parseEnv } from "~/lib/env.server";
import { createMailer, type Mailer } from "~/lib/mailer.server";
import { createMediaStorage, type MediaStorage } from "~/lib/media/media-storage.server";
import { publicContentVersion } from "~/lib/public-content-version.server";
import type { SecurityLocals } from "./security";
import { seedSampleContent } from "./seed-sample-content";
import { withUnexpectedErrorAnswers } from "./unexpected-errors";

export type AppRuntime = {
  env: Env;
  db: Database;
  mailer: Mailer;
  media: MediaStorage;
  databaseKind: "pglite" | "postgres";
  /** Runs a trivial query; rejects when the database cannot be reached. */
  pingDatabase(): Promise<unknown>;
  close(): Promise<void>;
};

/**
 * Validates the settings, opens the media storage (removing uploads a crashed process left), then opens and migrates
 * the database, seeds the sample content into a new one and makes sure the owner has a password.
 * Called once per process.
 */
export async function startApp(source: Record<string, string | undefined> = process.env): Promise<AppRuntime> {
  const env = parseEnv(source);
  const media = await createMediaStorage(env);
  await media.removeStaleUploads().catch((error) => console.error("[media] could not remove stale uploads:", error));
  const database = await openDatabase(
    env.DATABASE_URL ? { kind: "postgres", url: env.DATABASE_URL } : { kind: "pglite", dataDir: env.DATA_DIR },
  );
  try {
    await seedSampleContent(database.db);
    await ensureOwnerPassword(database.db, env.ADMIN_PASSWORD);
  } catch (error) {
    await database.close();
    throw error;
  }
  return {
    env,
    db: database.db,
    mailer: createMailer(env, database.db),
    media,
    databaseKind: database.kind,
    pingDatabase: () => database.db.execute(sql`select 1`),
    close: database.close,
  };
}

const loadContext = (runtime: AppRuntime, req: ExpressRequest, locals: SecurityLocals) =>
  new RouterContextProvider(
    new Map([
      [
        appContext,
        {
          db: runtime.db,
          env: runtime.env,
          mailer: runtime.mailer,
          media: runtime.media,
          clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
          requestId: locals.requestId,
          cspNonce: locals.cspNonce,
        } satisfies AppContext,
      ],
    ]),
  );

// Only development shows error details; "test" serves the production build and answers like production.
const buildMode = (runtime: AppRuntime) => (runtime.env.NODE_ENV === "development" ? "development" : "production");

const serverBuild = async () => withUnexpectedErrorAnswers(await import("virtual:react-router/server-build"));

export function createAppHandler(runtime: AppRuntime): RequestHandler {
  return createRequestHandler({
    build: serverBuild,
    mode: buildMode(runtime),
    getLoadContext: (req, res) => loadContext(runtime, req, res.locals as SecurityLocals),
  });
}

const CONDITIONAL_HEADERS = new Set(["if-none-match", "if-modified-since"]);

/** What server/page-cache.ts needs from the app: a page rendered as a Response, and the public content's version. */
export function createPageSource(runtime: AppRuntime) {
  const handle = createFetchHandler(serverBuild, buildMode(runtime));
  return {
    render(req: ExpressRequest): Promise<Response> {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        // The cache answers conditional requests from the stored copy; a render that answered 304 could not be stored.
        if (CONDITIONAL_HEADERS.has(name)) continue;
        if (typeof value === "string") headers.set(name, value);
        else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
      }
      const request = new Request(`${req.protocol}://${req.get("host")}${req.originalUrl}`, { headers });
      return handle(request, loadContext(runtime, req, req.res?.locals as SecurityLocals));
    },
    contentVersion: () => publicContentVersion(runtime.db),
  };
}
