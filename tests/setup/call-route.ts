import type { Database } from "~/db/client.server";
import { parseEnv } from "~/lib/env.server";

type RouteArgs = {
  request: Request;
  url: URL;
  pattern: string;
  params: Record<string, string | undefined>;
  context: { db: Database; env: ReturnType<typeof parseEnv> };
};

/** What `data(value, init)` returns; React Router does not export the class at runtime. */
type DataWithInit = { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };

function isDataWithInit(value: unknown): value is DataWithInit {
  return typeof value === "object" && value !== null && (value as DataWithInit).type === "DataWithResponseInit";
}

/**
 * Calls a route module's loader or action the way React Router does, with the test database in the context, and
 * returns the HTTP status and JSON body the client would see.
 */
export async function callRoute(
  // biome-ignore lint/suspicious/noExplicitAny: each route module types its own args more narrowly
  handler: (args: any) => unknown,
  db: Database,
  request: Request,
  params: Record<string, string | undefined> = {},
): Promise<{ status: number; body: unknown }> {
  const url = new URL(request.url);
  const args: RouteArgs = {
    request,
    url,
    pattern: url.pathname,
    params,
    context: { db, env: parseEnv({ NODE_ENV: "test" }) },
  };
  const result = await handler(args);
  if (result instanceof Response) return { status: result.status, body: await result.json() };
  if (isDataWithInit(result)) return { status: result.init?.status ?? 200, body: result.data };
  return { status: 200, body: result };
}
