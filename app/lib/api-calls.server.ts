import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import type { Database } from "~/db/client.server";
import { apiError, invalidId, methodNotAllowed, parseIdParam, parseJsonBody } from "./api.server";
import { type AppContext, appContext } from "./app-context.server";
import {
  type CurrentUser,
  FORBIDDEN_MESSAGE,
  getViewer,
  type MembershipTier,
  NOT_SIGNED_IN_MESSAGE,
} from "./auth.server";
import { logUnexpectedError } from "./log-unexpected-error.server";
import { parseListQuery } from "./owner-list.server";
import type { StaffMember, StaffRole } from "./staff-roles";

/**
 * Who may make a call. `public`: anyone; `member`: any signed-in member; `{ tier }`: a member of one of those tiers
 * (403 with `forbiddenMessage` for another tier); `{ staff }`: a staff account of one of those roles (the lists in
 * ~/lib/staff-roles `ROLES`); `{ anyOf }`: any of those. Without a session the refusal is a 401, with one (a member's
 * or a staff member's) a 403.
 */
export type ApiAccess =
  | "public"
  | "member"
  | { staff: readonly StaffRole[] }
  | { tier: MembershipTier | readonly MembershipTier[]; forbiddenMessage?: string }
  | { anyOf: readonly ApiAccess[] };

type ApiMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The signed-in member a call's handler gets: certain for member and tier calls. */
type UserFor<Access> = Access extends "member" | { tier: unknown } ? CurrentUser : CurrentUser | null;
/** The staff account a call's handler gets: certain for staff calls. */
type StaffFor<Access> = Access extends { staff: unknown } ? StaffMember : StaffMember | null;

type ApiCallArgs<Body, Query, Id, User = CurrentUser | null, Staff = StaffMember | null> = {
  db: Database;
  /** Everything the server gives the request (env, mailer, media, client address). */
  context: AppContext;
  request: Request;
  /** The path's parameters as sent (decoded). */
  params: Record<string, string>;
  /** The path's `:id`, parsed (a positive integer unless the call parses it otherwise). */
  id: Id;
  body: Body;
  query: Query;
  /** The signed-in member, if any (set for every access but `public`, where it is null). */
  user: User;
  isOwner: boolean;
  /** The staff account making the call, if any (set for every access but `public`). */
  staff: Staff;
};

/** One API call: its method and address, who may make it, its inputs, and what it does. */
export type ApiCall<Body = undefined, Query = undefined, Id = number, Access extends ApiAccess = ApiAccess> = {
  method: ApiMethod;
  /** The address, `:name` for a parameter: `/api/admin/contacts/:id/read`. */
  path: string;
  access: Access;
  /** The JSON body's schema (parsed after the id; failures are the API's 400/413/415 answers). */
  body?: z.ZodType<Body>;
  /** The query string's schema (parsed after the access check and the id; a failure is a 400). */
  query?: z.ZodType<Query>;
  /** Parses the path's `:id` (default: a positive integer); null answers 400 "Invalid id". */
  parseId?: (value: string) => Id | null;
  /**
   * Another method on this address answers 405 before anyone is asked to sign in (the calls that have always
   * answered so); otherwise the access check comes first, so that a stranger learns nothing of a private address.
   */
  refuseOtherMethodsBeforeAccess?: boolean;
  /** Off (a 404 "Not found" for every method) when this says so, e.g. the development-only mock sign-in. */
  available?: (context: AppContext) => boolean;
  /**
   * What a change records in the activity log once it succeeded (a 2xx answer), or "none" for a call that changes
   * nothing (a preview). Every owner call but a GET declares one.
   */
  activity?: ApiActivity<NoInfer<ApiCallArgs<Body, Query, Id>>> | "none";
  handler(args: ApiCallArgs<Body, Query, Id, UserFor<Access>, StaffFor<Access>>): unknown;
};

/** One activity log entry as a call describes it; the registry adds who (unless the call knows), when and from where. */
export type ActivityEntry = {
  kind: string;
  subjectType: string | null;
  subjectId: string | null;
  subjectTitle: string | null;
  detail?: string | null;
  /** Who acted, when the request's session does not say yet (a sign-in names the account it signed in). */
  actor?: { staffId: number | null; email: string | null };
};

/**
 * Runs before the handler (so that it can read what a delete removes) and answers how to describe the change from
 * the handler's successful answer (its JSON body); null records nothing.
 */
export type ApiActivity<Args> = (
  args: Args,
) => Promise<(answer: unknown) => Promise<ActivityEntry | null> | ActivityEntry | null>;

// biome-ignore lint/suspicious/noExplicitAny: a registry holds calls of every body, query and id type
export type AnyApiCall = ApiCall<any, any, any, any>;

/** Declares a call, inferring its body's, query's and id's types from its schemas and id parser. */
export function apiCall<Body = undefined, Query = undefined, Id = number, const Access extends ApiAccess = ApiAccess>(
  call: ApiCall<Body, Query, Id, Access>,
): ApiCall<Body, Query, Id, Access> {
  return call;
}

const notFoundAnswer = () => apiError(404, "Not found");

/** The answer for a refused access, thrown as the `require…ForApi` guards throw theirs. */
function refusal(status: 401 | 403, message: string): Response {
  return Response.json({ success: false, message }, { status });
}

type Asker = { user: CurrentUser | null; isOwner: boolean; staff: StaffMember | null };

function allows(access: ApiAccess, asker: Asker): boolean {
  if (access === "public") return true;
  if (typeof access === "object" && "staff" in access)
    return asker.staff !== null && access.staff.includes(asker.staff.role);
  if (typeof access === "object" && "anyOf" in access) return access.anyOf.some((each) => allows(each, asker));
  const { user } = asker;
  if (!user) return false;
  if (access === "member") return true;
  const tiers: readonly MembershipTier[] = typeof access.tier === "string" ? [access.tier] : access.tier;
  return tiers.includes(user.membershipTier);
}

/**
 * Whether the asker is signed in as far as the access is concerned, so that a refusal is a 403 rather than a 401: a
 * staff call refuses a member or a staff member of another role with 403; a member call refuses a session that holds
 * no member (a staff account alone) with 401, since the member's sign-in is what is missing.
 */
function signedInFor(access: ApiAccess, asker: Asker): boolean {
  if (access === "public") return true;
  if (typeof access === "object" && "staff" in access) {
    return asker.staff !== null || asker.user !== null;
  }
  if (typeof access === "object" && "anyOf" in access) return access.anyOf.some((each) => signedInFor(each, asker));
  return asker.user !== null;
}

function forbiddenMessage(access: ApiAccess): string {
  if (typeof access === "object" && "tier" in access && access.forbiddenMessage) return access.forbiddenMessage;
  return FORBIDDEN_MESSAGE;
}

/** Checks the access; throws the 401 or 403. */
async function checkAccess(db: Database, request: Request, access: ApiAccess): Promise<Asker> {
  if (access === "public") return { user: null, isOwner: false, staff: null };
  const { user, isOwner, staff } = await getViewer(db, request);
  const asker = { user, isOwner, staff };
  if (allows(access, asker)) return asker;
  throw signedInFor(access, asker) ? refusal(403, forbiddenMessage(access)) : refusal(401, NOT_SIGNED_IN_MESSAGE);
}

type Segment = { literal: string } | { param: string };
type CompiledPath = { path: string; segments: Segment[]; calls: AnyApiCall[] };

function compile(path: string): Segment[] {
  return path
    .split("/")
    .filter(Boolean)
    .map((part) => (part.startsWith(":") ? { param: part.slice(1) } : { literal: part.toLowerCase() }));
}

function decode(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

function match(compiled: CompiledPath, parts: string[]): Record<string, string> | null {
  if (compiled.segments.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of compiled.segments.entries()) {
    const part = parts[index];
    if ("literal" in segment) {
      if (part.toLowerCase() !== segment.literal) return null;
    } else {
      const value = decode(part);
      if (value === null || value === "") return null;
      params[segment.param] = value;
    }
  }
  return params;
}

/** A fixed segment outranks a parameter, as in React Router: `/api/subscribers/export` before `/api/subscribers/:id`. */
function rank(compiled: CompiledPath): string {
  return compiled.segments.map((segment) => ("literal" in segment ? "1" : "0")).join("");
}

/** Stores an activity entry made by a call (the activity feature's recorder). */
type RecordActivity = (context: AppContext, request: Request, entry: ActivityEntry) => Promise<void>;

/** What `data(value, init)` returns (the API's error answers); React Router does not export the class at runtime. */
type DataWithInit = { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };

/** A handler's answer as the client gets it: whether it succeeded (2xx) and its JSON body (null for another body). */
async function answered(result: unknown): Promise<{ ok: boolean; body: unknown }> {
  if (result instanceof Response) {
    const isJson = result.headers.get("content-type")?.includes("json") ?? false;
    return { ok: result.ok, body: isJson ? await result.clone().json() : null };
  }
  if ((result as DataWithInit | null)?.type === "DataWithResponseInit") {
    const { data, init } = result as DataWithInit;
    const status = init?.status ?? 200;
    return { ok: status >= 200 && status < 300, body: data };
  }
  return { ok: true, body: result };
}

/** Records the change a call made, after its handler answered; a failure to record is logged, not answered. */
async function recordChange(
  describeChange: Awaited<ReturnType<ApiActivity<unknown>>>,
  result: unknown,
  record: RecordActivity,
  context: AppContext,
  request: Request,
) {
  try {
    const { ok, body } = await answered(result);
    if (!ok) return;
    const entry = await describeChange(body);
    if (entry) await record(context, request, entry);
  } catch (error) {
    // The change is made and its answer stands; the missing entry is in the log under the request's id.
    logUnexpectedError(context.requestId, request, error);
  }
}

export type ApiRegistry = {
  calls: readonly AnyApiCall[];
  /** Answers a request to `/api/…` from the declarations, as a loader or action returns it. */
  dispatch(args: { request: Request; context: Readonly<RouterContextProvider> }): Promise<unknown>;
};

/**
 * The one place that answers the API: finds the declared call for the request's address and method, checks who is
 * asking, parses the id, query and body, and runs the handler. An unknown address is a 404; a known address with another
 * method is a 405 (after the access check of the address's first call, unless it refuses other methods first).
 */
export function apiRegistry(
  calls: readonly AnyApiCall[],
  options: { recordActivity?: RecordActivity } = {},
): ApiRegistry {
  const byPath = new Map<string, CompiledPath>();
  for (const call of calls) {
    const key = `/${compile(call.path)
      .map((segment) => ("literal" in segment ? segment.literal : ":"))
      .join("/")}`;
    const entry = byPath.get(key) ?? { path: call.path, segments: compile(call.path), calls: [] };
    if (entry.calls.some((each) => each.method === call.method)) throw new Error(`${call.method} ${call.path} twice`);
    entry.calls.push(call);
    byPath.set(key, entry);
  }
  const paths = [...byPath.values()].sort((a, b) => rank(b).localeCompare(rank(a)));

  async function dispatch({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
    const app = context.get(appContext);
    const parts = new URL(request.url).pathname.split("/").filter(Boolean);
    let found: { compiled: CompiledPath; params: Record<string, string> } | null = null;
    for (const compiled of paths) {
      const params = match(compiled, parts);
      if (params) {
        found = { compiled, params };
        break;
      }
    }
    if (!found) return notFoundAnswer();
    const { compiled, params } = found;
    const method = request.method === "HEAD" ? "GET" : request.method;
    const call = compiled.calls.find((each) => each.method === method);
    const first = compiled.calls[0];
    if (!call) {
      if (first.available && !first.available(app)) return notFoundAnswer();
      if (!first.refuseOtherMethodsBeforeAccess) await checkAccess(app.db, request, first.access);
      return methodNotAllowed();
    }
    if (call.available && !call.available(app)) return notFoundAnswer();
    const { user, isOwner, staff } = await checkAccess(app.db, request, call.access);

    let id: unknown;
    if (params.id !== undefined) {
      id = call.parseId ? call.parseId(params.id) : parseIdParam(params.id);
      if (id === null) return invalidId();
    }
    let query: unknown;
    if (call.query) {
      const parsed = parseListQuery(request, call.query);
      if (!parsed.ok) return parsed.response;
      query = parsed.data;
    }
    let body: unknown;
    if (call.body) {
      const parsed = await parseJsonBody(request, call.body);
      if (!parsed.ok) return parsed.response;
      body = parsed.data;
    }
    const args = { db: app.db, context: app, request, params, id, body, query, user, isOwner, staff };
    const describeChange =
      options.recordActivity && call.activity && call.activity !== "none" && (await call.activity(args));
    const result = await call.handler(args);
    if (describeChange && options.recordActivity)
      await recordChange(describeChange, result, options.recordActivity, app, request);
    return result;
  }

  return { calls, dispatch };
}
