import { redactSecretPath } from "./redact-secret-path";

/** Logs an error nobody meant to answer with, under the request id the visitor is shown, so the two can be matched. */
export function logUnexpectedError(requestId: string, request: Request, error: unknown) {
  console.error(
    `[error] request ${requestId} ${request.method} ${redactSecretPath(new URL(request.url).pathname)}:`,
    error,
  );
}
