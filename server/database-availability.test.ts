import type { Server } from "node:http";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createDatabaseAvailability, UNAVAILABLE_MESSAGE } from "./database-availability";

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/**
 * An app behind the availability checks whose pages and calls answer "app", with `ping` as the database. `onArrival`
 * hears each request before the checks see it.
 */
async function serve(ping: () => Promise<unknown>, onArrival = () => {}): Promise<string> {
  const availability = createDatabaseAvailability(ping);
  const app = express();
  app.use((_req, _res, next) => {
    onArrival();
    next();
  });
  app.use(availability.probes);
  app.use(availability.requireDatabase);
  app.use((_req, res) => {
    res.send("app");
  });
  const listening = app.listen(0, "127.0.0.1");
  server = listening;
  await new Promise((resolve) => listening.once("listening", resolve));
  const address = listening.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return `http://127.0.0.1:${address.port}`;
}

const neverAnswers = () => new Promise<never>(() => {});

describe("database availability", () => {
  it("lets requests through and reports ready while the database answers", async () => {
    const url = await serve(async () => {});
    expect(await (await fetch(`${url}/insights`)).text()).toBe("app");
    const ready = await fetch(`${url}/readyz`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: "ready" }]);
  });

  it("answers 503 within about a second when the database does not answer at all", async () => {
    const url = await serve(neverAnswers);
    const startedAt = Date.now();
    const [page, call, ready, health] = await Promise.all(
      ["/insights", "/api/insights", "/readyz", "/healthz"].map((path) => fetch(`${url}${path}`)),
    );
    expect(Date.now() - startedAt).toBeLessThan(2_500);
    expect(page.status).toBe(503);
    expect(await page.text()).toContain(UNAVAILABLE_MESSAGE);
    expect([call.status, await call.json()]).toEqual([503, { success: false, message: UNAVAILABLE_MESSAGE }]);
    expect([ready.status, await ready.json()]).toEqual([503, { status: "database unreachable" }]);
    expect([health.status, await health.json()]).toEqual([200, { status: "ok" }]);
  });

  it("shares one check among concurrent requests, and checks again after a failure", async () => {
    let pings = 0;
    let release: () => void = () => {};
    let fail = true;
    let arrived = 0;
    let allArrived: () => void = () => {};
    const url = await serve(
      () => {
        pings++;
        if (fail) return Promise.reject(new Error("connection refused"));
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
      () => {
        if (++arrived === 6) allArrived();
      },
    );
    expect((await fetch(`${url}/`)).status).toBe(503);
    expect(pings).toBe(1);

    fail = false;
    const arrivedTogether = new Promise<void>((resolve) => {
      allArrived = resolve;
    });
    const answers = Promise.all(Array.from({ length: 5 }, () => fetch(`${url}/`)));
    // Each request reaches the checks in the tick it arrives in, so all five are waiting on the check by now.
    await arrivedTogether;
    release();
    expect((await answers).map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(pings).toBe(2);
  });

  it("remembers whether the last check failed, until a check finds the database back", async () => {
    let up = true;
    const availability = createDatabaseAvailability(async () => {
      if (!up) throw new Error("connection refused");
    });
    const app = express().use(availability.probes);
    const listening = app.listen(0, "127.0.0.1");
    server = listening;
    await new Promise((resolve) => listening.once("listening", resolve));
    const address = listening.address();
    if (!address || typeof address === "string") throw new Error("no port");
    const readyz = () => fetch(`http://127.0.0.1:${address.port}/readyz`);

    expect(availability.lastCheckFailed()).toBe(false);
    up = false;
    expect((await readyz()).status).toBe(503);
    expect(availability.lastCheckFailed()).toBe(true);
    up = true;
    expect((await readyz()).status).toBe(200);
    expect(availability.lastCheckFailed()).toBe(false);
  });

  it("reports the storage unreachable on /readyz alone, while pages still answer", async () => {
    const availability = createDatabaseAvailability(
      async () => {},
      () => Promise.reject(new Error("no such bucket")),
    );
    const app = express().use(availability.probes).use(availability.requireDatabase);
    app.use((_req, res) => {
      res.send("app");
    });
    const listening = app.listen(0, "127.0.0.1");
    server = listening;
    await new Promise((resolve) => listening.once("listening", resolve));
    const address = listening.address();
    if (!address || typeof address === "string") throw new Error("no port");
    const url = `http://127.0.0.1:${address.port}`;
    const ready = await fetch(`${url}/readyz`);
    expect([ready.status, ready.headers.get("cache-control"), await ready.json()]).toEqual([
      503,
      "no-store",
      { status: "storage unreachable" },
    ]);
    expect(await (await fetch(`${url}/insights`)).text()).toBe("app");
  });
});
