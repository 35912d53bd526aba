import { data } from "react-router";
import type { z } from "zod";
import type { AppContext } from "~/lib/app-context.server";
import { formFields } from "~/lib/form-entries";
import { consumeRateLimit, type PublicForm, publicFormRule } from "~/lib/rate-limit.server";

/** Spec constants are silent on body size; 100 KB is far above any form this site has. */
export const JSON_BODY_LIMIT_BYTES = 100 * 1024;

export type ApiFailure = { success: false; message: string; errors?: Record<string, string[]> };

export function apiError(status: number, message: string, errors?: Record<string, string[]>) {
  return data<ApiFailure>(errors ? { success: false, message, errors } : { success: false, message }, { status });
}

export const methodNotAllowed = () => apiError(405, "Method not allowed");

export const TOO_MANY_REQUESTS_MESSAGE = "Too many attempts. Please wait a few minutes and try again.";

export function tooManyRequests(retryAfterSeconds: number, message = TOO_MANY_REQUESTS_MESSAGE) {
  return data<ApiFailure>(
    { success: false, message },
    { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
  );
}

/** Counts a submission of a public form from the client's address; past the limit, the 429 answer to return. */
export async function refuseFormFlood(context: AppContext, form: PublicForm) {
  const result = await consumePublicFormLimit(context, form);
  return result.allowed ? null : tooManyRequests(result.retryAfterSeconds);
}

/** Counts a submission of a public form from the client's address, whether sent to the API or posted as a page. */
export function consumePublicFormLimit(context: AppContext, form: PublicForm) {
  return consumeRateLimit(context.db, publicFormRule(form, context.env.FORM_RATE_LIMIT), context.clientIp);
}

export const notFound = (message = "Not found") => apiError(404, message);

/** Path ids are positive integers; anything else is a 400 before any query runs. */
export function parseIdParam(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

export const invalidId = () => apiError(400, "Invalid id");

type ParsedBody<T> = { ok: true; data: T } | { ok: false; response: ReturnType<typeof apiError> };

/**
 * Reads a JSON body within the size limit and validates it with the input's zod schema. Failures become the
 * API's 4xx answers: 413 too large, 415 not JSON, 400 malformed or invalid (message = the first failing rule).
 */
export async function parseJsonBody<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
): Promise<ParsedBody<z.infer<Schema>>> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(contentType)) {
    return { ok: false, response: apiError(415, "Requests must be sent as JSON") };
  }
  const declaredLength = Number(request.headers.get("content-length") ?? 0);
  if (declaredLength > JSON_BODY_LIMIT_BYTES) return { ok: false, response: tooLarge() };

  const text = await readTextWithin(request, JSON_BODY_LIMIT_BYTES);
  if (text === null) return { ok: false, response: tooLarge() };

  let body: unknown;
  let holdsNul = false;
  try {
    body = JSON.parse(text, (_key, value) => {
      if (typeof value === "string" && value.includes("\u0000")) holdsNul = true;
      return value;
    });
  } catch {
    return { ok: false, response: apiError(400, "The request body is not valid JSON") };
  }
  // PostgreSQL text cannot hold U+0000: storing it would fail with a 500.
  if (holdsNul) return { ok: false, response: apiError(400, "Text must not contain NUL characters") };
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { ok: false, response: apiError(400, "The request body must be a JSON object") };
  }

  const result = schema.safeParse(body);
  if (!result.success) return { ok: false, response: validationError(result.error, "body") };
  return { ok: true, data: result.data };
}

/**
 * A 400 for input a schema refused: the first failing rule's message, and every message by field (`whole` names an
 * issue about the input as a whole).
 */
export function validationError(error: z.ZodError, whole: string) {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.join(".") || whole;
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  return apiError(400, error.issues[0].message, errors);
}

/**
 * Reads a form a page posted without JavaScript (URL-encoded, within the JSON body's size limit) as the object its
 * zod schema parses (lib/form-entries.ts). A body that is not such a form throws the 4xx the page's error boundary
 * shows: a browser never sends one, so there is no form to answer with.
 */
export async function readPostedForm(request: Request): Promise<Record<string, unknown>> {
  if (request.method !== "POST") throw data("Method not allowed", { status: 405 });
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^application\/x-www-form-urlencoded\b/i.test(contentType)) {
    throw data("Forms must be sent URL-encoded", { status: 415 });
  }
  if (Number(request.headers.get("content-length") ?? 0) > JSON_BODY_LIMIT_BYTES) throw tooLargeForm();
  const text = await readTextWithin(request, JSON_BODY_LIMIT_BYTES);
  if (text === null) throw tooLargeForm();
  const fields = new URLSearchParams(text);
  // PostgreSQL text cannot hold U+0000: storing it would fail with a 500.
  if ([...fields.values()].some((value) => value.includes("\u0000"))) {
    throw data("Text must not contain NUL characters", { status: 400 });
  }
  return formFields(fields);
}

const tooLargeForm = () => data("The request body is too large", { status: 413 });

export function tooLarge() {
  return apiError(413, "The request body is too large");
}

/** The body as text, or null when it is larger than `limitBytes` (read no further). */
export async function readTextWithin(request: Request, limitBytes: number): Promise<string | null> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limitBytes) {
      // Cancelling would destroy the request and its connection before the 413 is sent; the server closes the
      // connection after the answer instead.
      reader.releaseLock();
      return null;
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
