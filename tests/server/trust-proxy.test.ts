import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { killAllServers, runFailingServer, type ServerWithDataDir, startServerWithDataDir } from "./helpers";

afterAll(killAllServers);

const ADMIN_PASSWORD = "a-password-behind-proxies";

type Reply = { status: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * A request from the given loopback address (127.0.0.1, or 127.0.0.2 for a peer the server does not trust): the
 * server sees it as the socket's address, which only a real connection can set.
 */
function send(
  server: ServerWithDataDir,
  path: string,
  {
    from = "127.0.0.1",
    method = "GET",
    headers = {},
    body,
  }: {
    from?: string;
    method?: string;
    headers?: Record<string, string>;
    body?: unknown;
  } = {},
): Promise<Reply> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port: server.port,
        path,
        method,
        localAddress: from,
        headers: { ...headers, ...(payload && { "content-type": "application/json" }) },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}

const forwardedFor = (address: string) => ({ "x-forwarded-for": address });
/** The request log's line for a request, which begins with the client's address (morgan's "short" format). */
const logLine = (address: string, request: string) =>
  new RegExp(`^${address.replaceAll(".", "\\.")} - ${request.replace("?", "\\?")} HTTP/1\\.1 `);

describe("behind a proxy the server trusts (TRUST_PROXY=127.0.0.1)", () => {
  let server: ServerWithDataDir;
  beforeAll(async () => {
    server = await startServerWithDataDir({ TRUST_PROXY: "127.0.0.1", FORM_RATE_LIMIT: "1", ADMIN_PASSWORD });
  });
  afterAll(() => server?.close());

  it("logs the client the proxy names, in the request log and in the page cache's own line", async () => {
    const rendered = await send(server, "/", { headers: forwardedFor("203.0.113.10") });
    expect(rendered.headers["x-page-cache"]).toBe("miss");
    await server.waitForOutput(logLine("203.0.113.10", "GET /"));
    const stored = await send(server, "/", { headers: forwardedFor("203.0.113.11") });
    expect(stored.headers["x-page-cache"]).toBe("hit");
    await server.waitForOutput(logLine("203.0.113.11", "GET /"));
    // Only the entry the trusted proxy added counts: what the client wrote before it is the client's own claim.
    await send(server, "/?chain", { headers: forwardedFor("198.51.100.66, 203.0.113.12") });
    await server.waitForOutput(logLine("203.0.113.12", "GET /?chain"));
  });

  it("ignores X-Forwarded-For from a peer it does not trust, in both log lines", async () => {
    const stored = await send(server, "/", { from: "127.0.0.2", headers: forwardedFor("203.0.113.20") });
    expect(stored.headers["x-page-cache"]).toBe("hit");
    await send(server, "/?untrusted", { from: "127.0.0.2", headers: forwardedFor("203.0.113.21") });
    await server.waitForOutput(logLine("127.0.0.2", "GET /?untrusted"));
    await server.waitForOutput(logLine("127.0.0.2", "GET /"));
    expect(server.stdout()).not.toMatch(/^203\.0\.113\.2[01] /m);
  });

  it("counts rate limits per client behind the proxy, and per peer otherwise", async () => {
    const subscribe = (from: string, client: string, email: string) =>
      send(server, "/api/subscribe", { method: "POST", from, headers: forwardedFor(client), body: { email } });
    expect((await subscribe("127.0.0.1", "203.0.113.40", "first@example.com")).status).toBe(200);
    expect((await subscribe("127.0.0.1", "203.0.113.41", "second@example.com")).status).toBe(200);
    expect((await subscribe("127.0.0.1", "203.0.113.40", "third@example.com")).status).toBe(429);
    expect((await subscribe("127.0.0.2", "203.0.113.42", "fourth@example.com")).status).toBe(200);
    expect((await subscribe("127.0.0.2", "203.0.113.43", "fifth@example.com")).status).toBe(429);
  });

  it("records the owner's sign-ins with the client's address, and shows them with the payments notice", async () => {
    const logIn = (from: string, client: string, password: string) =>
      send(server, "/api/admin/login", {
        method: "POST",
        from,
        headers: { ...forwardedFor(client), "user-agent": "ProxyTest/1.0" },
        body: { password },
      });
    expect((await logIn("127.0.0.2", "203.0.113.50", "not the password at all")).status).toBe(401);
    const signedIn = await logIn("127.0.0.1", "203.0.113.51", ADMIN_PASSWORD);
    expect(signedIn.status).toBe(200);
    const cookie = (signedIn.headers["set-cookie"] ?? []).map((value) => value.split(";")[0]).join("; ");

    const record = await send(server, "/api/admin/sign-ins", { headers: { cookie } });
    expect(JSON.parse(record.body)).toMatchObject({
      success: true,
      data: [
        { address: "203.0.113.51", userAgent: "ProxyTest/1.0", succeeded: true },
        { address: "127.0.0.2", userAgent: "ProxyTest/1.0", succeeded: false },
      ],
    });

    const settings = await send(server, "/admin/settings", { headers: { cookie } });
    expect(settings.status).toBe(200);
    expect(settings.body).toContain("Recent sign-ins");
    expect(settings.body).toContain("203.0.113.51");
    // A production server without the STRIPE_ settings lets members upgrade for free; the owner is told.
    expect(settings.body).toContain("Payments are not configured: members who upgrade get Basic or Premium free");
    const publicPage = await send(server, "/about", { headers: { cookie } });
    expect(publicPage.body).not.toContain("Payments are not configured");
  });
});

describe("without TRUST_PROXY", () => {
  let server: ServerWithDataDir;
  beforeAll(async () => {
    server = await startServerWithDataDir({ FORM_RATE_LIMIT: "1" });
  });
  afterAll(() => server?.close());

  it("ignores X-Forwarded-For entirely: the connection's address is the client's", async () => {
    await send(server, "/", { headers: forwardedFor("203.0.113.60") });
    const stored = await send(server, "/", { headers: forwardedFor("203.0.113.61") });
    expect(stored.headers["x-page-cache"]).toBe("hit");
    await server.waitForOutput(logLine("127.0.0.1", "GET /"));
    expect(server.stdout()).not.toContain("203.0.113.6");
    const subscribe = (client: string, email: string) =>
      send(server, "/api/subscribe", { method: "POST", headers: forwardedFor(client), body: { email } });
    expect((await subscribe("203.0.113.62", "one@example.com")).status).toBe(200);
    expect((await subscribe("203.0.113.63", "two@example.com")).status).toBe(429);
  });
});

it("refuses to start with a TRUST_PROXY it cannot read, naming the setting", async () => {
  const result = await runFailingServer({ TRUST_PROXY: "true", DATA_DIR: "/nonexistent-never-opened" });
  expect(result.code).toBe(1);
  expect(result.stderr).toContain("Invalid setting TRUST_PROXY: must be the number of proxies in front of the server");
});
