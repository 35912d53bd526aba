import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  killAllServers,
  type RunningServer,
  type ServerWithDataDir,
  startServerWithDataDir,
  waitUntil,
} from "./helpers";
import { createThrowawayPostgres, type ThrowawayPostgres } from "./throwaway-postgres";

const UNAVAILABLE_MESSAGE = "The service is temporarily unavailable. Please try again in a moment.";
/** "Quickly": well under any client's or proxy's timeout, and far from a hang. */
const FAST_MS = 2_000;

async function timedFetch(url: string, init?: RequestInit) {
  const startedAt = Date.now();
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  return { status: response.status, text, headers: response.headers, elapsedMs: Date.now() - startedAt };
}

const postContact = (server: RunningServer, message: string) =>
  timedFetch(`${server.url}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "Dana Down", email: "dana@example.com", subject: "other", message }),
  });

// PostgreSQL's server programs come with the PostgreSQL that TEST_DATABASE_URL points at (always so in CI).
describe.runIf(process.env.TEST_DATABASE_URL)("the server while its PostgreSQL database is down", () => {
  let postgres: ThrowawayPostgres;
  let server: ServerWithDataDir;

  beforeAll(async () => {
    postgres = await createThrowawayPostgres();
    server = await startServerWithDataDir({ DATABASE_URL: postgres.url });
  }, 180_000);
  afterAll(async () => {
    await killAllServers();
    await server?.close();
    postgres?.destroy();
  });

  it("answers pages, calls, /healthz and /readyz with 200 while the database is up", async () => {
    expect((await timedFetch(`${server.url}/`)).status).toBe(200);
    expect((await timedFetch(`${server.url}/api/insights`)).status).toBe(200);
    expect((await postContact(server, "Before the outage, all is well.")).status).toBe(201);
    const health = await timedFetch(`${server.url}/healthz`);
    expect([health.status, JSON.parse(health.text)]).toEqual([200, { status: "ok" }]);
    const ready = await timedFetch(`${server.url}/readyz`);
    expect([ready.status, JSON.parse(ready.text)]).toEqual([200, { status: "ready" }]);
  });

  it("answers 503 quickly to pages and calls once the database stops; /healthz stays 200, /readyz turns 503", async () => {
    postgres.stopImmediately();

    const page = await timedFetch(`${server.url}/insights`);
    expect(page.status).toBe(503);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.text).toContain("<h1>Temporarily unavailable</h1>");
    expect(page.text).toContain(UNAVAILABLE_MESSAGE);
    expect(page.headers.get("retry-after")).toBe("5");
    expect(page.elapsedMs).toBeLessThan(FAST_MS);

    const read = await timedFetch(`${server.url}/api/insights`);
    expect([read.status, JSON.parse(read.text)]).toEqual([503, { success: false, message: UNAVAILABLE_MESSAGE }]);
    expect(read.elapsedMs).toBeLessThan(FAST_MS);

    const write = await postContact(server, "During the outage, this must not hang.");
    expect([write.status, JSON.parse(write.text)]).toEqual([503, { success: false, message: UNAVAILABLE_MESSAGE }]);
    expect(write.elapsedMs).toBeLessThan(FAST_MS);

    const health = await timedFetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    const ready = await timedFetch(`${server.url}/readyz`);
    expect([ready.status, JSON.parse(ready.text)]).toEqual([503, { status: "database unreachable" }]);
    expect(ready.elapsedMs).toBeLessThan(FAST_MS);
  });

  it("recovers without a restart when the database comes back", async () => {
    postgres.start();
    // Nothing announces that the pool reconnected; /readyz is how a load balancer would find out.
    await waitUntil(async () => (await timedFetch(`${server.url}/readyz`)).status === 200, 15_000);

    expect((await timedFetch(`${server.url}/insights`)).status).toBe(200);
    expect((await timedFetch(`${server.url}/api/insights`)).status).toBe(200);
    expect((await postContact(server, "After the outage, writes work again.")).status).toBe(201);
    expect(await server.stop()).toEqual({ code: 0, signal: null });
  });
});
