import { pipeline } from "node:stream/promises";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { nodeBodyOf } from "../app/lib/media/node-body.server";

/**
 * The Fetch Request for an Express request, built once: the same URL, method, headers and body React Router's
 * Express adapter would build, aborted when the client goes away before the response is finished.
 */
export function fetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  // The port a trusted proxy names, by the rule Express reads X-Forwarded-Host with for req.hostname.
  const trustsPeer = req.app?.get("trust proxy fn")?.(req.socket.remoteAddress ?? "", 0) === true;
  const [, forwardedPort] = trustsPeer ? (req.get("X-Forwarded-Host")?.split(":") ?? []) : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort].map((value) => Number.parseInt(value ?? "", 10)).find(Number.isSafeInteger);
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const url = `${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  let controller: AbortController | null = new AbortController();
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  res.on("finish", () => {
    controller = null;
  });
  res.on("close", () => controller?.abort());
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url, init);
}

/**
 * Writes a Fetch Response to Express. Its headers replace those the middleware set (a stored page's
 * Content-Security-Policy replaces the per-request one), through Express, which names the charset of a text type;
 * cookies are added one by one.
 */
export async function sendResponse(res: ExpressResponse, response: Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") res.set(name, value);
  });
  for (const cookie of response.headers.getSetCookie()) res.append("Set-Cookie", cookie);
  if (/text\/event-stream/i.test(response.headers.get("content-type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  const nodeBody = nodeBodyOf(response);
  try {
    // pipeline destroys the file's stream, and so closes the file, whichever side ends first: a client that hangs up
    // mid-body included.
    if (nodeBody) await pipeline(nodeBody, res);
    else await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
