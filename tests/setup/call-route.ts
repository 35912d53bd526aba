import os from "node:os";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import type { Database } from "~/db/client.server";
import { type AppContext, appContext } from "~/lib/app-context.server";
import { parseEnv } from "~/lib/env.server";
import { createMailer, type Mailer } from "~/lib/mailer.server";
import { createDiskStorage } from "~/lib/media/disk-storage.server";
import type { MediaStorage } from "~/lib/media/media-storage.server";
import type { PublicRoute } from "~/lib/public-routes";

type RouteArgs = {
  request: Request;
  url: URL;
  pattern: string;
  params: Record<string, string | undefined>;
  context: RouterContextProvider;
};

export type CallRouteOptions = {
  params?: Record<string, string | undefined>;
  /** Settings beyond NODE_ENV=test, e.g. OWNER_EMAIL. */
  env?: Record<string, string>;
  mailer?: Mailer;
  /** Tests that upload give a storage of their own (tests/setup/media-storages.ts) and look into it afterwards. */
  media?: MediaStorage;
  clientIp?: string;
  /** The public routes (tests/setup/public-routes.ts), for route code that lists them. */
  publicRoutes?: PublicRoute[];
};

/** For route tests that store no media: a folder of the system's temporary files, made only if something is stored. */
const unusedMedia = createDiskStorage(path.join(os.tmpdir(), `podcast-route-media-${process.pid}`));

export const TEST_REQUEST_ID = "test-request-id";

/** What `data(value, init)` returns; React Router does not export the class at runtime. */
type DataWithInit = { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };

function isDataWithInit(value: unknown): value is DataWithInit {
  return typeof value === "object" && value !== null && (value as DataWithInit).type === "DataWithResponseInit";
}

/** The load context the server gives route code, with the test database. */
export function routeContext(db: Database, options: CallRouteOptions = {}): RouterContextProvider {
  const env = parseEnv({ NODE_ENV: "test", ...options.env });
  const app: AppContext = {
    db,
    env,
    mailer: options.mailer ?? createMailer(env, db),
    media: options.media ?? unusedMedia,
    clientIp: options.clientIp ?? "127.0.0.1",
    requestId: TEST_REQUEST_ID,
    cspNonce: "test-nonce",
    publicRoutes: options.publicRoutes ?? [],
  };
  return new RouterContextProvider(new Map([[appContext, app]]));
}

// biome-ignore lint/suspicious/noExplicitAny: each route module types its own args more narrowly
export type RouteHandler = (args: any) => unknown;

/**
 * Calls a route module's loader or action the way React Router does, with the test database in the context, and
 * returns the HTTP status and JSON body the client would see.
 */
export async function callRoute(
  handler: RouteHandler,
  db: Database,
  request: Request,
  options: CallRouteOptions = {},
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const url = new URL(request.url);
  const args: RouteArgs = {
    request,
    url,
    pattern: url.pathname,
    params: options.params ?? {},
    context: routeContext(db, options),
  };
  let result: unknown;
  try {
    result = await handler(args);
  } catch (thrown) {
    // Guards throw their 401/403 answers and redirects, as React Router lets route code do.
    if (thrown instanceof Response) result = thrown;
    else throw thrown;
  }
  if (result instanceof Response) {
    // A backup is a .tar.gz: its bytes, as they are.
    if (result.headers.get("content-type") === "application/gzip")
      return { status: result.status, body: Buffer.from(await result.arrayBuffer()), headers: result.headers };
    const text = await result.text();
    // A CSV download is text; every other answer with a body is the API's JSON.
    const isCsv = result.headers.get("content-type")?.startsWith("text/csv") ?? false;
    const body = text ? (isCsv ? text : JSON.parse(text)) : null;
    return { status: result.status, body, headers: result.headers };
  }
  if (isDataWithInit(result)) {
    return { status: result.init?.status ?? 200, body: result.data, headers: new Headers(result.init?.headers) };
  }
  return { status: 200, body: result, headers: new Headers() };
}

/** A POST of `body` as JSON; the body is given as text, so that a test can also send what no serialiser would. */
export const jsonPost = (url: string, body: string) =>
  new Request(url, { method: "POST", headers: { "Content-Type": "application/json" }, body });
