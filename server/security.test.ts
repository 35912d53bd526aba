import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type Env, parseEnv } from "~/lib/env.server";
import { contentSecurityPolicy, securityMiddleware, unexpectedErrorHandler } from "./security";

let env: Env;
let baseUrl: string;
let close: () => Promise<void>;

beforeAll(async () => {
  const app = express();
  app.use(securityMiddleware(() => env));
  app.all("/api/echo", (_req, res) => {
    res.json({ success: true });
  });
  app.get("/api/broken", () => {
    throw new Error('Failed query: select "email" from "subscribers"\n    at Object.query (db.ts:1:1)');
  });
  app.get("/broken-page", () => {
    throw new Error('relation "sessions" does not exist');
  });
  app.use(unexpectedErrorHandler);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(() => close());
afterEach(() => {
  vi.restoreAllMocks();
});

const useEnv = (settings: Record<string, string> = {}) => {
  env = parseEnv({ NODE_ENV: "production", SITE_URL: "https://podcast.example.com", ...settings });
};

const directive = (policy: string, name: string) =>
  policy
    .split("; ")
    .find((part) => part.startsWith(`${name} `))
    ?.slice(name.length + 1);

describe("security headers", () => {
  it("sends a CSP whose scripts need this response's nonce, never unsafe-inline, and forbids framing", async () => {
    useEnv();
    const first = await fetch(`${baseUrl}/api/echo`);
    const second = await fetch(`${baseUrl}/api/echo`);
    const policy = first.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([A-Za-z0-9+/=]{24})'/.exec(policy)?.[1];
    expect(nonce).toBeDefined();
    expect(directive(policy, "script-src")).toBe(`'self' 'nonce-${nonce}'`);
    expect(second.headers.get("content-security-policy")).not.toContain(nonce);
    expect(directive(policy, "frame-ancestors")).toBe("'none'");
    expect(directive(policy, "object-src")).toBe("'none'");
    expect(directive(policy, "frame-src")).toBe("https:");
    expect(directive(policy, "connect-src")).toBe("'self'");
    expect(first.headers.get("x-frame-options")).toBe("DENY");
  });

  it("allows https frames (the owner's newsletter platform) and, with a measurement id, Google Analytics", () => {
    useEnv({ NEWSLETTER_URL: "https://news.example.org/p/briefing", GA_MEASUREMENT_ID: "G-ABC123" });
    const policy = contentSecurityPolicy(env, { nonce: "n0nce" });
    expect(directive(policy, "frame-src")).toBe("https:");
    expect(directive(policy, "script-src")).toBe("'self' 'nonce-n0nce' https://www.googletagmanager.com");
    expect(directive(policy, "connect-src")).toBe(
      "'self' https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com",
    );
    expect(directive(policy, "img-src")).toBe("'self' data: https:");
  });

  it("allows a cached page's inline scripts by their hashes instead of a nonce", () => {
    useEnv();
    const policy = contentSecurityPolicy(env, { scriptHashes: ["'sha256-abc='", "'sha256-def='"] });
    expect(directive(policy, "script-src")).toBe("'self' 'sha256-abc=' 'sha256-def='");
  });

  it("sends HSTS, nosniff, Referrer-Policy, Permissions-Policy and a request id outside development", async () => {
    useEnv();
    const headers = (await fetch(`${baseUrl}/api/echo`)).headers;
    expect(headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("referrer-policy")).toBe("same-origin");
    expect(headers.get("permissions-policy")).toBe("camera=(), microphone=(), geolocation=(), payment=(), usb=()");
    expect(headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("relaxes scripts for Vite in development", () => {
    useEnv({ NODE_ENV: "development" });
    expect(directive(contentSecurityPolicy(env, { nonce: "n0nce" }), "script-src")).toBe(
      "'self' 'unsafe-inline' 'unsafe-eval'",
    );
  });
});

describe("cross-site writes", () => {
  const send = (method: string, headers: Record<string, string>) =>
    fetch(`${baseUrl}/api/echo`, { method, headers: { "content-type": "application/json", ...headers }, body: "{}" });

  it.each(["POST", "PATCH", "DELETE", "PUT"])("refuses a %s from another origin with 403", async (method) => {
    useEnv();
    const reply = await send(method, { origin: "https://evil.example" });
    expect(reply.status).toBe(403);
    expect(await reply.json()).toEqual({ success: false, message: "Cross-site requests are not allowed" });
  });

  it("refuses a write the browser marks cross-site or same-site, and an opaque origin whatever the marking", async () => {
    useEnv();
    expect((await send("POST", { "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await send("POST", { "sec-fetch-site": "same-site", origin: "https://shop.example.com" })).status).toBe(
      403,
    );
    expect((await send("POST", { origin: "null" })).status).toBe(403);
    expect((await send("POST", { origin: "null", "sec-fetch-site": "same-origin" })).status).toBe(403);
    expect((await send("PUT", { origin: "null", "sec-fetch-site": "none" })).status).toBe(403);
  });

  it("lets through writes from the site's own origin, its own host, and non-browser clients", async () => {
    useEnv();
    const ownHost = new URL(baseUrl).origin;
    expect((await send("POST", { origin: "https://podcast.example.com" })).status).toBe(200);
    expect((await send("POST", { origin: ownHost, "sec-fetch-site": "same-origin" })).status).toBe(200);
    expect((await send("DELETE", {})).status).toBe(200);
  });

  it("does not check reads", async () => {
    useEnv();
    const reply = await fetch(`${baseUrl}/api/echo`, { headers: { origin: "https://evil.example" } });
    expect(reply.status).toBe(200);
  });
});

describe("unexpected errors that reach Express", () => {
  it("answer an API call with a generic JSON 500 naming the request id, and log the error with that id", async () => {
    useEnv();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const reply = await fetch(`${baseUrl}/api/broken`);
    const requestId = reply.headers.get("x-request-id");
    expect(reply.status).toBe(500);
    const text = await reply.text();
    expect(JSON.parse(text)).toEqual({
      success: false,
      message: "Something went wrong. Please try again later.",
      requestId,
    });
    expect(text).not.toMatch(/select|subscribers|at Object/);
    expect(logged).toHaveBeenCalledWith(`[error] request ${requestId} GET /api/broken:`, expect.any(Error));
  });

  it("are logged without the secrets of the request's address", async () => {
    useEnv();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const reply = await fetch(`${baseUrl}/api/broken?token=secret-token&page=2&code=secret-code`);
    const requestId = reply.headers.get("x-request-id");
    expect(logged).toHaveBeenCalledWith(
      `[error] request ${requestId} GET /api/broken?token=[redacted]&page=2&code=[redacted]:`,
      expect.any(Error),
    );
  });

  it("answer a page with a generic HTML page that shows the request id and nothing of the error", async () => {
    useEnv();
    vi.spyOn(console, "error").mockImplementation(() => {});
    const reply = await fetch(`${baseUrl}/broken-page`);
    expect(reply.status).toBe(500);
    expect(reply.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await reply.text();
    expect(html).toContain("<h1>Something went wrong</h1>");
    expect(html).toContain(`Request id: ${reply.headers.get("x-request-id")}`);
    expect(html).not.toContain("sessions");
  });
});
