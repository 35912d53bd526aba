import type { Server } from "node:http";
import type { RequestHandler } from "express";

/** Node's default `requestTimeout`: a request's headers and body must have arrived within 5 minutes. */
export const BODY_DEADLINE_MS = 5 * 60_000;
/** Node's default `headersTimeout`, kept: headers are small, and a client that dribbles them is not uploading. */
const HEADERS_TIMEOUT_MS = 60_000;
/** The slowest uplink an audio file at the size limit must still get through: 1 Mbit/s (see decision 033). */
const SLOWEST_UPLINK_BITS_PER_SECOND = 1_000_000;

/** The calls whose body may be as large as MAX_AUDIO_MB; every other body keeps Node's 5 minutes. */
const LARGE_UPLOAD_PATH = /^\/api\/admin\/episodes\/[^/]+\/audio$/;

/** How long an audio upload may take to arrive: the size limit at 1 Mbit/s, and never less than 5 minutes. */
export function uploadRequestTimeoutMs(maxAudioMb: number): number {
  const seconds = (maxAudioMb * 1024 * 1024 * 8) / SLOWEST_UPLINK_BITS_PER_SECOND;
  return Math.max(BODY_DEADLINE_MS, Math.ceil(seconds) * 1000);
}

/**
 * Node ends a request whose body takes longer than the server's `requestTimeout` to arrive, and that setting is one
 * for the whole server: it is raised to what the largest audio upload needs, and `bodyDeadline` gives every other
 * request Node's usual 5 minutes back.
 */
export function applyRequestTimeouts(server: Server, maxAudioMb: number) {
  server.requestTimeout = uploadRequestTimeoutMs(maxAudioMb);
  server.headersTimeout = HEADERS_TIMEOUT_MS;
}

const REQUEST_TIMEOUT_ANSWER = "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n";

/**
 * Ends a request (other than an audio upload) whose body has not arrived in full within `deadlineMs`, as Node's own
 * `requestTimeout` does: a 408 when nothing has been answered yet, then the connection is closed.
 */
export function bodyDeadline(deadlineMs = BODY_DEADLINE_MS): RequestHandler {
  return (req, res, next) => {
    if (req.complete || LARGE_UPLOAD_PATH.test(req.path)) {
      next();
      return;
    }
    const timer = setTimeout(() => {
      if (req.complete) return;
      const socket = req.socket;
      if (!res.headersSent && socket.writable && socket.bytesWritten === 0) socket.write(REQUEST_TIMEOUT_ANSWER);
      socket.destroy();
    }, deadlineMs);
    timer.unref();
    const clear = () => clearTimeout(timer);
    req.once("end", clear);
    res.once("close", clear);
    next();
  };
}
