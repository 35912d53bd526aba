import { createContext } from "react-router";
import type { Database } from "~/db/client.server";
import type { Env } from "~/lib/env.server";
import type { Mailer } from "~/lib/mailer.server";
import type { MediaStorage } from "~/lib/media/media-storage.server";
import type { PublicRoute } from "~/lib/public-routes";

/** What the server gives every loader and action for one request: read it with `context.get(appContext)`. */
export type AppContext = {
  db: Database;
  env: Env;
  mailer: Mailer;
  /** Where uploaded media is stored and served from (the disk, or the S3 bucket the settings name). */
  media: MediaStorage;
  /** The address the request came from, for per-IP rate limits. */
  clientIp: string;
  /** Names the request in logs and in error answers (also sent as X-Request-Id). */
  requestId: string;
  /** This response's Content-Security-Policy nonce, for the inline scripts the framework renders. */
  cspNonce: string;
  /** The routes whose handle declares them public (app/lib/public-routes.ts), read from the route manifest once. */
  publicRoutes: PublicRoute[];
};

export const appContext = createContext<AppContext>();
