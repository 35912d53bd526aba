import { sql } from "drizzle-orm";
import type { Request as ExpressRequest, RequestHandler } from "express";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { type Database, openDatabase } from "~/db/client.server";
import {
  type AudioServed,
  countAudioServed,
  noteFeedSubscribers,
  purgeAnalytics,
  startDownloadCounting,
} from "~/features/analytics/count-downloads.server";
import { renewWaitingPremiumMediaKeys } from "~/features/episodes/episode-media.server";
import { listPublicAudioKeys } from "~/features/episodes/episodes.server";
import { startFeedImportWorker } from "~/features/episodes/feed-import.server";
import { startMailWorker } from "~/features/mail/audience-mail.server";
import { billingFor, endLapsedGracePeriods } from "~/features/membership/billing.server";
import { ensureOwnerPassword } from "~/features/owner/password.server";
import { type AppContext, appContext } from "~/lib/app-context.server";
import { type Env, parseEnv } from "~/lib/env.server";
import { createMailer, type Mailer } from "~/lib/mailer.server";
import { createMediaStorage, type MediaStorage } from "~/lib/media/media-storage.server";
import { mediaLimits } from "~/lib/media/store-upload.server";
import { publicContentVersion } from "~/lib/public-content-version.server";
import { type PublicRoute, publicRouteMatcher, publicRoutes } from "~/lib/public-routes";
import { wasSessionFound } from "~/lib/session.server";
import { getSiteSettings } from "~/lib/site-settings.server";
import { fetchRequest, sendResponse } from "./fetch-adapter";
import type { PageHandler, RenderNonce } from "./page-cache";
import type { SecurityLocals } from "./security";
import {
  seedSampleContent,
  seedSamplePremiumEpisodes,
  seedSampleStories,
  storeSampleEpisodeMedia,
} from "./seed-sample-content";
import { declareSharing } from "./shared-responses";
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

const GRACE_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * A member whose renewal failed keeps their tier for the grace period; once a day would do, hourly keeps the lapse
 * close to the promised day. Several instances may sweep at once: the sweep is one conditional UPDATE.
 */
function sweepLapsedPayments(db: Database) {
  const sweep = async () => {
    try {
      const { membership } = await getSiteSettings(db);
      await endLapsedGracePeriods(db, { graceDays: membership.paymentGraceDays });
    } catch (error) {
      console.error("[stripe] could not end lapsed grace periods:", error);
    }
  };
  const timer = setInterval(sweep, GRACE_SWEEP_INTERVAL_MS);
  timer.unref();
  return timer;
}

const PREMIUM_MEDIA_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * A premium episode whose media keys were public (its flag turned on other than by the editor's save, or a renewal
 * that failed) gets new keys at start-up and within the hour. Several instances may sweep at once: a renewal switches
 * the row only if no other did.
 */
function sweepPremiumMediaKeys(db: Database, media: MediaStorage) {
  const sweep = () =>
    renewWaitingPremiumMediaKeys(db, media).catch((error) => {
      console.error("[media] could not look for premium episodes waiting for new media keys:", error);
    });
  const timer = setInterval(sweep, PREMIUM_MEDIA_SWEEP_INTERVAL_MS);
  timer.unref();
  return timer;
}

const ANALYTICS_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Raw audio requests are kept for ANALYTICS_RAW_DAYS and each day's listener key until no request within 24 hours was
 * hashed with it; hourly keeps a key's end close to that. Several instances may sweep at once: both are plain DELETEs.
 */
function sweepAnalytics(db: Database, rawDays: number) {
  const sweep = () =>
    purgeAnalytics(db, new Date(), rawDays).catch((error) => {
      console.error("[analytics] could not delete old audio requests and keys:", error);
    });
  const timer = setInterval(sweep, ANALYTICS_SWEEP_INTERVAL_MS);
  timer.unref();
  return timer;
}

/**
 * Validates the settings, opens the media storage (removing uploads a crashed process left), then opens and migrates
 * the database, seeds the sample content into a new one, renews the media keys of premium episodes that wait for it
 * and makes sure the owner has a password.
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
    await seedSampleStories(database.db);
    await seedSamplePremiumEpisodes(database.db);
    await storeSampleEpisodeMedia(database.db, media, mediaLimits(env));
    await renewWaitingPremiumMediaKeys(database.db, media);
    await ensureOwnerPassword(database.db, env.ADMIN_PASSWORD, console.log, env.OWNER_EMAIL);
  } catch (error) {
    await database.close();
    throw error;
  }
  const graceSweep = billingFor(env) ? sweepLapsedPayments(database.db) : null;
  const premiumMediaSweep = sweepPremiumMediaKeys(database.db, media);
  const analyticsSweep = sweepAnalytics(database.db, env.ANALYTICS_RAW_DAYS);
  // Audience mail (new episodes and insights) goes out beside the web server, through pooled SMTP connections.
  const mailWorker = startMailWorker(database.db, env, createMailer(env, database.db, { pool: true }));
  // Feed imports run beside the web server too; an import a restart interrupted resumes here (decision 059).
  const importWorker = startFeedImportWorker({ db: database.db, media, env, limits: mediaLimits(env) });
  // Audio requests are written in batches beside the responses and counted every few seconds (docs/analytics.md).
  const downloadCounting = startDownloadCounting({ db: database.db, media });
  return {
    env,
    db: database.db,
    mailer: createMailer(env, database.db),
    media,
    databaseKind: database.kind,
    pingDatabase: () => database.db.execute(sql`select 1`),
    close: async () => {
      if (graceSweep) clearInterval(graceSweep);
      clearInterval(premiumMediaSweep);
      clearInterval(analyticsSweep);
      await mailWorker.stop();
      await importWorker.stop();
      await downloadCounting.stop();
      return database.close();
    },
  };
}

const loadContext = (runtime: AppRuntime, req: ExpressRequest, locals: SecurityLocals, publicRoutes: PublicRoute[]) =>
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
          publicRoutes,
        } satisfies AppContext,
      ],
    ]),
  );

// Only development shows error details; "test" serves the production build and answers like production.
const buildMode = (runtime: AppRuntime) => (runtime.env.NODE_ENV === "development" ? "development" : "production");

const serverBuild = async () => withUnexpectedErrorAnswers(await import("virtual:react-router/server-build"));

/** The routes whose handle declares them public (app/lib/public-routes.ts), as the build's route manifest lists them. */
export async function listPublicRoutes(): Promise<PublicRoute[]> {
  return publicRoutes((await serverBuild()).routes);
}

/** Whether a path is answered by a route that declares itself public, by React Router's own matching. */
export async function publicPathTest(): Promise<(pathname: string) => boolean> {
  const match = publicRouteMatcher((await serverBuild()).routes);
  return (pathname) => match(pathname) !== null;
}

/**
 * Feed readers that report their subscribers do so on the feed's address, which the page cache may answer before any
 * route runs: the front door hands each feed request's user agent here.
 */
export const feedFetchListener = (runtime: AppRuntime) => (userAgent: string | undefined) =>
  noteFeedSubscribers(runtime.db, userAgent, new Date());

/** Where the page cache learns that public content changed (docs/decisions/027-page-cache.md). */
export const publicContentVersionOf = (runtime: AppRuntime) => () => publicContentVersion(runtime.db, new Date());

/**
 * The audio keys the front door streams itself, read again whenever the public content version changes: the episodes
 * whose audio everyone may have now (docs/decisions/061-media-front-door.md).
 */
export const publicAudioKeysOf = (runtime: AppRuntime) => () => listPublicAudioKeys(runtime.db, new Date());

/** Where the front door hands each public audio GET it served, to be counted on the side like the route's. */
export const publicAudioServedListener = (runtime: AppRuntime) => {
  const deps = { db: runtime.db, media: runtime.media, geoipDb: runtime.env.GEOIP_DB };
  return (served: Omit<AudioServed, "access">) => countAudioServed(deps, { ...served, access: "public" });
};

/** What a render needs beyond the request: React Router's load context, and the nonce its inline scripts carry. */
type AppRender = RenderNonce & { loadContext: RouterContextProvider };

type AppPageHandler = PageHandler<AppRender>;

/**
 * The one render path: every request Express hands on is built once into a Fetch Request and answered by React
 * Router's fetch handler, through `wrap` (the page cache, in production). Every response leaves the render saying who
 * may keep it (declareSharing): route code is handed the very Request rendered (`v8_passThroughRequests`), so whether
 * its session was found is known here, for every route at once.
 */
export async function createAppHandler(
  runtime: AppRuntime,
  wrap: (handler: AppPageHandler) => AppPageHandler = (handler) => handler,
): Promise<RequestHandler> {
  const build = await serverBuild();
  const routes = publicRoutes(build.routes);
  const publicRoute = publicRouteMatcher(build.routes);
  const render = createRequestHandler(build, buildMode(runtime));
  const handle = wrap(async (request, { loadContext }) =>
    declareSharing(request, await render(request, loadContext), {
      renderedForSession: wasSessionFound(request),
      publicRoute: publicRoute(new URL(request.url).pathname) !== null,
    }),
  );
  return async (req, res, next) => {
    try {
      const locals = res.locals as SecurityLocals;
      const context = { loadContext: loadContext(runtime, req, locals, routes), cspNonce: locals.cspNonce };
      await sendResponse(res, await handle(fetchRequest(req, res), context));
    } catch (error) {
      next(error);
    }
  };
}
