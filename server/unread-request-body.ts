import type { IncomingMessage } from "node:http";
import type { RequestHandler } from "express";

// Past this, the rest of a refused body is not worth reading: the connection is cut instead.
const DRAIN_LIMIT_BYTES = 1024 * 1024;
const DRAIN_TIMEOUT_MS = 5_000;

/**
 * A response sent before its request's body has arrived in full (a 413 for a body over the limit, or any answer
 * that did not need the body) says `Connection: close`, so the client sends its next request on a new connection.
 * The rest of the body is then read and thrown away, up to DRAIN_LIMIT_BYTES and DRAIN_TIMEOUT_MS, before the
 * socket closes (as nginx's lingering close does): bytes left unread in a socket make its close a reset, which can
 * cost the client the response it has not read yet. Without this, Node keeps such a connection open with the body's
 * bytes still in it, and the client's next request on it fails with ECONNRESET.
 */
export const closeAfterUnreadBody: RequestHandler = (req, res, next) => {
  const writeHead = res.writeHead;
  res.writeHead = function writeHeadClosingIfBodyUnread(this: typeof res, ...args: Parameters<typeof writeHead>) {
    if (hasUnreadBody(req)) {
      this.setHeader("Connection", "close");
      this.once("finish", () => drainThenClose(req));
    }
    return writeHead.apply(this, args);
  } as typeof writeHead;
  next();
};

function hasUnreadBody(req: IncomingMessage): boolean {
  if (req.complete) return false;
  return Number(req.headers["content-length"] ?? 0) > 0 || req.headers["transfer-encoding"] !== undefined;
}

/**
 * Node has ended the socket's sending side by now (the response said `Connection: close`) and would destroy the
 * socket as soon as that is flushed, resetting it if body bytes are still arriving; instead the socket is read,
 * into nothing, until the client closes its side, the limit is passed or the time is up.
 */
function drainThenClose(req: IncomingMessage) {
  const socket = req.socket;
  if (req.destroyed || socket.destroyed) return;
  socket.off("finish", socket.destroy);
  let drained = 0;
  const cut = () => socket.destroy();
  const timer = setTimeout(cut, DRAIN_TIMEOUT_MS);
  timer.unref();
  socket.once("end", cut);
  socket.once("close", () => clearTimeout(timer));
  // Whatever read the body so far (React Router's request stream) has stopped; its listeners would buffer the rest.
  req.removeAllListeners("data");
  req.on("data", (chunk: Buffer) => {
    drained += chunk.byteLength;
    if (drained > DRAIN_LIMIT_BYTES) cut();
  });
  req.resume();
}
