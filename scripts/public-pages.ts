import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { matchPath } from "react-router";
import { type RunningServer, spawnServer } from "#tests/server/helpers";
import type { PublicRoute } from "../app/lib/public-routes";
import type * as AppModule from "../server/app";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export function temporaryDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "podcast-measure-"));
}

/**
 * Starts the built server in production mode on a fresh embedded database (the sample content is seeded on first
 * start) at a known port, so that SITE_URL and the canonical links name the address the pages are loaded from.
 */
export async function startBuiltServer(dataDir: string, port?: number): Promise<RunningServer> {
  const chosenPort = port ?? (await freePort());
  const server = spawnServer({
    PORT: String(chosenPort),
    DATA_DIR: dataDir,
    DATABASE_URL: undefined,
    SITE_URL: `http://127.0.0.1:${chosenPort}`,
  });
  try {
    await server.ready;
  } catch (error) {
    server.signal("SIGKILL");
    await server.exited;
    throw error;
  }
  return Object.assign(server, { port: chosenPort, url: `http://127.0.0.1:${chosenPort}` });
}

/** The routes whose handle declares them public (app/lib/public-routes.ts), read from the build's route manifest. */
export async function listPublicRoutes(): Promise<PublicRoute[]> {
  const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as typeof AppModule;
  return build.listPublicRoutes();
}

/**
 * Every public page of the running site: the pages declared public with a fixed address, and for a page with a
 * parameter (`/insights/:id`) the first address of the site's sitemap that it answers, as the content in the
 * database has it. With `resources`, the feed and API answers declared public too (what the benchmark measures).
 */
export async function resolvePublicPages(baseUrl: string, options: { resources?: boolean } = {}): Promise<string[]> {
  const response = await fetch(`${baseUrl}/sitemap.xml`);
  if (!response.ok) throw new Error(`GET /sitemap.xml answered ${response.status}`);
  const listed = [...(await response.text()).matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) => new URL(loc).pathname);
  return (await listPublicRoutes())
    .filter((route) => route.page || options.resources)
    .map((route) => {
      if (!/[:*]/.test(route.path)) return route.path;
      const example = listed.find((pathname) => matchPath(route.path, pathname));
      if (!example) throw new Error(`the sitemap lists no address of ${route.path} to measure it with`);
      return example;
    });
}
