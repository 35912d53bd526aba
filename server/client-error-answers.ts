import { STATUS_CODES } from "node:http";
import type { ErrorRequestHandler } from "express";

// What the static files had set for the file they were about to send; none of it describes an error answer.
const REPRESENTATION_HEADERS = [
  "Accept-Ranges",
  "Cache-Control",
  "Content-Disposition",
  "Content-Length",
  "Content-Range",
  "Content-Type",
  "ETag",
  "Last-Modified",
];

/**
 * An error that carries a client-error status (the static files' 416 for a range past the end of a file, with its
 * `Content-Range: bytes *\/size`, 412 for a failed precondition, 400 for a malformed path) is answered with that
 * status and the headers it carries, not as an unexpected error: the request was refused, nothing failed.
 * Server-error statuses go on to the unexpected-error handler.
 */
export const clientErrorAnswers: ErrorRequestHandler = (error, req, res, next) => {
  const status = clientErrorStatus(error);
  if (status === null || res.headersSent) return next(error);
  for (const name of REPRESENTATION_HEADERS) res.removeHeader(name);
  const carried = (error as { headers?: unknown }).headers;
  if (typeof carried === "object" && carried !== null) {
    for (const [name, value] of Object.entries(carried)) if (typeof value === "string") res.setHeader(name, value);
  }
  const message = STATUS_CODES[status] ?? "Bad Request";
  res.status(status);
  if (req.path.startsWith("/api/")) {
    res.json({ success: false, message });
    return;
  }
  res.type("text/plain").send(message);
};

/** The status an error carries (`status`, or `statusCode` as Node's own errors name it), if it is a 4xx. */
function clientErrorStatus(error: unknown): number | null {
  if (!(error instanceof Error)) return null;
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
  const carried = status ?? statusCode;
  return typeof carried === "number" && carried >= 400 && carried <= 499 ? carried : null;
}
