import fs from "node:fs";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import compression from "compression";
import express from "express";
import morgan from "morgan";
import { redactSecretPath } from "../app/lib/redact-secret-path";
import { clientAddress, proxyTrust } from "../app/lib/trust-proxy.server";
import type * as AppModule from "./app";
import { clientErrorAnswers } from "./client-error-answers";
import { createDatabaseAvailability } from "./database-availability";
import { createMediaDoor } from "./media-door";
import { createPageCache } from "./page-cache";
import { createRequestLog, shortLogLine } from "./request-log";
import { applyRequestTimeouts, bodyDeadline } from "./request-timeouts";
import { contentSecurityPolicy, securityMiddleware, standardSecurityHeaders, unexpectedErrorHandler } from "./security";
import { closeAfterUnreadBody } from "./unread-request-body";

const DEVELOPMENT = process.env.NODE_ENV === "development";
const SHUTDOWN_GRACE_MS = 10_000;
/** Where feed readers report their subscribers (docs/analytics.md). */
const PODCAST_FEED_PATH = "/podcast.xml";
const requestLog = createRequestLog(process.stdout);

async function main() {
  const app = express();
  app.disable("x-powered-by");
  app.use(closeAfterUnreadBody);
  app.use(bodyDeadline());
  // The settings are parsed below, before the server listens, so every request sees them.
  app.use(securityMiddleware(() => runtime.env));
  app.use(compression());
  morgan.token("url", (req: IncomingMessage & { originalUrl?: string }) =>
    redactSecretPath(req.originalUrl ?? req.url ?? "-"),
  );
  // A proxy or orchestrator asks every few seconds: only a probe that fails is worth a line.
  const quietProbe = (req: IncomingMessage, res: ServerResponse) =>
    (req.url === "/healthz" || req.url === "/readyz") && res.statusCode === 200;
  app.use(morgan(DEVELOPMENT ? "dev" : "short", { stream: requestLog, skip: quietProbe }));

  let runtime: AppModule.AppRuntime;
  let noteFeedFetch: (userAgent: string | undefined) => void = () => {};
  let frontDoor: (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean> = () => false;
  if (DEVELOPMENT) {
    const vite = await import("vite").then(({ createServer }) => createServer({ server: { middlewareMode: true } }));
    const loadApp = () => vite.ssrLoadModule("./server/app.ts") as Promise<typeof AppModule>;
    runtime = await (await loadApp()).startApp();
    noteFeedFetch = (await loadApp()).feedFetchListener(runtime);
    const availability = createDatabaseAvailability(runtime.pingDatabase, () => runtime.media.ping());
    app.use(availability.probes);
    app.use(vite.middlewares);
    app.use(availability.requireDatabase);
    app.use(async (req, res, next) => {
      try {
        (await (await loadApp()).createAppHandler(runtime))(req, res, next);
      } catch (error) {
        if (error instanceof Error) vite.ssrFixStacktrace(error);
        next(error);
      }
    });
  } else {
    const buildPath = path.resolve("build/server/index.js");
    if (!fs.existsSync(buildPath)) throw new Error("there is no build; run npm run build first, or npm start");
    const build = (await import(pathToFileURL(buildPath).href)) as typeof AppModule;
    runtime = await build.startApp();
    noteFeedFetch = build.feedFetchListener(runtime);
    // Anonymous public pages from memory (docs/decisions/027 and 031). A stored page carries the headers every
    // response carries, and as it cannot carry a per-request nonce, a policy that allows its inline scripts by hash.
    const standardHeaders = standardSecurityHeaders(runtime.env);
    const pageCache = createPageCache({
      isPublicPath: await build.publicPathTest(),
      contentVersion: build.publicContentVersionOf(runtime),
      headersForCachedPage: (page) => ({
        ...standardHeaders,
        "Content-Security-Policy": contentSecurityPolicy(runtime.env, { scriptHashes: page.inlineScriptHashes }),
      }),
    });
    // Public episode audio, streamed from the file before any middleware and counted on the side
    // (docs/decisions/061-media-front-door.md).
    const countPublicAudio = build.publicAudioServedListener(runtime);
    const mediaDoor = createMediaDoor({
      publicAudioKeys: build.publicAudioKeysOf(runtime),
      contentVersion: build.publicContentVersionOf(runtime),
      storage: runtime.media,
      headers: {
        ...standardHeaders,
        "Content-Security-Policy": contentSecurityPolicy(runtime.env, { scriptHashes: [] }),
      },
      clientAddress: (req) => clientAddress(req, trust),
      onAudioServed: countPublicAudio,
    });
    const availability = createDatabaseAvailability(runtime.pingDatabase, () => runtime.media.ping());
    // Once a request has found the database down, stored pages and media are not served either: the whole site
    // answers 503 until a check finds it back, as /readyz tells a load balancer.
    frontDoor = (req, res) =>
      !availability.lastCheckFailed() && (mediaDoor.answer(req, res) || pageCache.answer(req, res));
    app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false }));
    app.use(express.static("build/client", { maxAge: "10m", index: false }));
    app.use(availability.probes);
    app.use(availability.requireDatabase);
    app.use(await build.createAppHandler(runtime, pageCache.wrap));
  }
  app.use(clientErrorAnswers);
  app.use(unexpectedErrorHandler);
  // Who the client is, by one rule: Express reads req.ip (rate limits, the request log, the owner's sign-in record)
  // with it, and the front door's log line below with the same function.
  const trust = proxyTrust(runtime.env.TRUST_PROXY);
  if (runtime.env.TRUST_PROXY) app.set("trust proxy", trust);

  // A stored page or public audio is answered before Express: no middleware runs for it, and the request log gets its line here.
  const server = http.createServer((req, res) => {
    const startedAt = performance.now();
    if (req.url === PODCAST_FEED_PATH) noteFeedFetch(req.headers["user-agent"]);
    const answered = frontDoor(req, res);
    const logOrPass = (fromMemory: boolean) => {
      if (fromMemory)
        requestLog.write(shortLogLine(req, res, clientAddress(req, trust), performance.now() - startedAt));
      else app(req, res);
    };
    if (typeof answered === "boolean") logOrPass(answered);
    else answered.then(logOrPass, () => app(req, res));
  });
  applyRequestTimeouts(server, runtime.env.MAX_AUDIO_MB);
  const { PORT, HOST } = runtime.env;
  server.once("error", async (error: NodeJS.ErrnoException) => {
    const reason = error.code === "EADDRINUSE" ? `port ${PORT} is already in use` : error.message;
    console.error(`Could not start the server: ${reason}. Set PORT to a free port.`);
    await runtime.close();
    process.exit(1);
  });
  server.listen(PORT, HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : PORT;
    console.log(`Server listening on http://localhost:${port} (database: ${runtime.databaseKind})`);
  });

  let stopping = false;
  // server.close() waits for every connection, and an idle keep-alive one stays open until its timeout, or for as
  // long as its client keeps sending requests. Once stopping, responses ask the client to close, and a connection
  // is closed as soon as it has neither a request nor a response under way.
  const openResponses = new Set<ServerResponse>();
  const closeIdleConnectionsIfStopping = () => {
    if (stopping) setImmediate(() => server.closeIdleConnections());
  };
  server.prependListener("request", (req, res) => {
    if (stopping) res.setHeader("Connection", "close");
    openResponses.add(res);
    res.on("close", () => openResponses.delete(res));
    res.on("finish", closeIdleConnectionsIfStopping);
    req.on("end", closeIdleConnectionsIfStopping);
  });

  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing open requests, then closing the database`);
    const forceExit = setTimeout(() => {
      console.error("Requests still open after the grace period; exiting anyway");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    forceExit.unref();
    for (const res of openResponses) if (!res.headersSent) res.setHeader("Connection", "close");
    server.close(async () => {
      await runtime.close();
      await requestLog.flush();
      console.log("Shut down cleanly");
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(`Could not start the server: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
