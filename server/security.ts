import { randomBytes, randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ErrorRequestHandler, Request, RequestHandler } from "express";
import helmet from "helmet";
import type { Env } from "../app/lib/env.server";
import { redactSecretPath } from "../app/lib/redact-secret-path";
import { GENERIC_ERROR_MESSAGE } from "./unexpected-errors";

const CROSS_SITE_REQUEST_MESSAGE = "Cross-site requests are not allowed";

/** What the security middleware leaves in `res.locals` for the request handler. */
export type SecurityLocals = { requestId: string; cspNonce: string };

/** One nonce per response; kept in one function so that anything that reuses rendered HTML can mint a fresh one. */
function createCspNonce(): string {
  return randomBytes(16).toString("base64");
}

const GOOGLE_ANALYTICS_SCRIPTS = "https://www.googletagmanager.com";
const GOOGLE_ANALYTICS_ENDPOINTS = [
  "https://*.google-analytics.com",
  "https://*.analytics.google.com",
  "https://*.googletagmanager.com",
];

/**
 * The Content-Security-Policy of a response. Scripts run only from this site or with the response's nonce (React
 * Router's inline hydration scripts carry it), or, for a page served from the page cache, when their hash is listed
 * (a stored page cannot carry a per-request nonce); style attributes stay allowed because React renders some. Insight
 * images and episode media may live on other https hosts. Development relaxes scripts and connections for Vite.
 */
export function contentSecurityPolicy(env: Env, inlineScripts: { nonce: string } | { scriptHashes: string[] }): string {
  const development = env.NODE_ENV === "development";
  const analytics = Boolean(env.GA_MEASUREMENT_ID);
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
    "frame-ancestors": ["'none'"],
    "form-action": ["'self'"],
    "script-src": development
      ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"]
      : [
          "'self'",
          ...("nonce" in inlineScripts ? [`'nonce-${inlineScripts.nonce}'`] : inlineScripts.scriptHashes),
          ...(analytics ? [GOOGLE_ANALYTICS_SCRIPTS] : []),
        ],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "https:"],
    "media-src": ["'self'", "https:"],
    "font-src": ["'self'"],
    "connect-src": [
      "'self'",
      ...(analytics ? GOOGLE_ANALYTICS_ENDPOINTS : []),
      ...(development ? ["ws:", "wss:"] : []),
    ],
    // The owner sets the newsletter publication at run time (any https address), and a page cached before the change
    // must still allow the new frame: only https frames, and only where the site's own markup places them.
    "frame-src": ["https:"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}

const STATE_CHANGING_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * A browser names the page that sent a request in Origin (and, when it supports fetch metadata, in Sec-Fetch-Site).
 * A write from another site is refused; a request without either header comes from a non-browser client, which
 * cookies cannot be ridden through. The site's pages send Referrer-Policy same-origin, under which their own posts
 * carry their origin; an opaque origin ("null": a sandboxed frame, a page of another site that sends no referrer, a
 * redirect across sites) is never the site's, and is refused.
 */
function isCrossSiteWrite(req: Request, siteUrl: string): boolean {
  if (!STATE_CHANGING_METHODS.has(req.method)) return false;
  const fetchSite = req.get("sec-fetch-site");
  if (fetchSite === "cross-site" || fetchSite === "same-site") return true;
  const origin = req.get("origin");
  if (!origin) return false;
  if (origin === new URL(siteUrl).origin) return false;
  try {
    return new URL(origin).host !== req.get("host");
  } catch {
    return true;
  }
}

/**
 * The headers every response carries whatever the request (nosniff, Referrer-Policy, Permissions-Policy, no framing,
 * HSTS outside development, and helmet's other defaults), computed once: the page cache sends a stored page with the
 * same ones without running any middleware. Referrer-Policy is same-origin: other sites get no referrer, and the
 * site's own form posts carry their Origin, which isCrossSiteWrite and React Router's action check compare.
 */
export function standardSecurityHeaders(env: Env): Record<string, string> {
  const headers: Record<string, string> = {
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  };
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  // helmet sets fixed values whatever the request; recording them once spares every request its dozen middleware.
  helmet({
    contentSecurityPolicy: false,
    hsts: env.NODE_ENV !== "development",
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "same-origin" },
  })({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

/** A policy with a nonce, from the policy built once per process with a placeholder where the nonce goes. */
function noncePolicyTemplate(env: Env): (nonce: string) => string {
  const placeholder = "\u0000nonce\u0000";
  const [before, after] = contentSecurityPolicy(env, { nonce: placeholder }).split(placeholder);
  return (nonce) => before + nonce + after;
}

/**
 * Headers on every response (CSP with a per-request nonce, and standardSecurityHeaders), a request id (X-Request-Id),
 * and 403 for cross-site writes. `getEnv` is read on the first request because the settings are parsed after this
 * middleware is installed.
 */
export function securityMiddleware(getEnv: () => Env): RequestHandler[] {
  let fixed: { standard: [string, string][]; policyWithNonce: (nonce: string) => string } | undefined;
  return [
    (_req, res, next) => {
      fixed ??= {
        standard: Object.entries(standardSecurityHeaders(getEnv())),
        policyWithNonce: noncePolicyTemplate(getEnv()),
      };
      const locals: SecurityLocals = { requestId: randomUUID(), cspNonce: createCspNonce() };
      Object.assign(res.locals, locals);
      res.setHeader("X-Request-Id", locals.requestId);
      res.setHeader("Content-Security-Policy", fixed.policyWithNonce(locals.cspNonce));
      for (const [name, value] of fixed.standard) res.setHeader(name, value);
      next();
    },
    (req, res, next) => {
      if (!isCrossSiteWrite(req, getEnv().SITE_URL)) return next();
      res.status(403).json({ success: false, message: CROSS_SITE_REQUEST_MESSAGE });
    },
  ];
}

/** The last resort for errors that reach Express: logged with the request id, answered without any detail. */
export const unexpectedErrorHandler: ErrorRequestHandler = (error, req, res, next) => {
  const requestId = (res.locals as Partial<SecurityLocals>).requestId ?? randomUUID();
  console.error(`[error] request ${requestId} ${req.method} ${redactSecretPath(req.originalUrl)}:`, error);
  if (res.headersSent) return next(error);
  if (req.path.startsWith("/api/")) {
    res.status(500).json({ success: false, message: GENERIC_ERROR_MESSAGE, requestId });
    return;
  }
  res
    .status(500)
    .type("html")
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Something went wrong</title></head><body><main><h1>Something went wrong</h1><p>${GENERIC_ERROR_MESSAGE}</p><p>Request id: ${requestId}</p></main></body></html>`,
    );
};
