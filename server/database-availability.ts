import type { RequestHandler, Router } from "express";
import express from "express";

/** A check slower than this counts as a failure: a request must not wait on a database that does not answer. */
const CHECK_TIMEOUT_MS = 1_000;
const RETRY_AFTER_SECONDS = "5";

export const UNAVAILABLE_MESSAGE = "The service is temporarily unavailable. Please try again in a moment.";

const UNAVAILABLE_PAGE = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Temporarily unavailable</title></head>
<body><main><h1>Temporarily unavailable</h1><p>${UNAVAILABLE_MESSAGE}</p></main></body></html>`;

export type DatabaseAvailability = {
  /** GET /healthz (the process answers) and GET /readyz (the database answers a query and the media storage a ping). */
  probes: Router;
  /** Answers 503 at once, instead of a hang or a 500, while the database cannot be reached. */
  requireDatabase: RequestHandler;
  /** Whether the last check found the database unreachable: the page cache then leaves requests to requireDatabase. */
  lastCheckFailed: () => boolean;
};

/** Whether `ping` resolves within CHECK_TIMEOUT_MS. */
function answersInTime(ping: () => Promise<unknown>): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
    ping().then(
      () => {
        clearTimeout(timer);
        resolve(true);
      },
      () => {
        clearTimeout(timer);
        resolve(false);
      },
    );
  });
}

/**
 * `ping` runs a trivial query before each request reaches the app. Requests that arrive while a check is under way
 * share it, so under load the database sees one `select 1` per round trip, not one per request. Trusting a success
 * for longer would let the requests of that moment meet a dead database and fail with a 500. Nothing is remembered
 * across a failure either: the next request checks again, so the server recovers by itself when the database is back.
 */
export function createDatabaseAvailability(
  ping: () => Promise<unknown>,
  pingStorage: () => Promise<unknown> = async () => {},
): DatabaseAvailability {
  let check: Promise<boolean> | null = null;
  let lastCheckFailed = false;

  const checkNow = (): Promise<boolean> => {
    check ??= answersInTime(ping)
      .then((reachable) => {
        lastCheckFailed = !reachable;
        return reachable;
      })
      .finally(() => {
        check = null;
      });
    return check;
  };

  const probes = express.Router();
  probes.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  // Only the probe asks the storage: requests that need no media file must not fail with it.
  probes.get("/readyz", async (_req, res) => {
    const status = !(await checkNow())
      ? "database unreachable"
      : !(await answersInTime(pingStorage))
        ? "storage unreachable"
        : "ready";
    res
      .status(status === "ready" ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ status });
  });

  const requireDatabase: RequestHandler = async (req, res, next) => {
    if (await checkNow()) return next();
    res.status(503).set({ "Retry-After": RETRY_AFTER_SECONDS, "Cache-Control": "no-store" });
    if (req.path.startsWith("/api/")) res.json({ success: false, message: UNAVAILABLE_MESSAGE });
    else res.type("html").send(UNAVAILABLE_PAGE);
  };

  return { probes, requireDatabase, lastCheckFailed: () => lastCheckFailed };
}
