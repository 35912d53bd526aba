import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { type RunningServer, spawnServer } from "../tests/server/helpers";

/** Every page anyone can open without signing in; `{insight}` stands for one sample insight's id. */
export const PUBLIC_PAGES = [
  "/",
  "/about",
  "/briefing",
  "/podcast",
  "/insights",
  "/insights/{insight}",
  "/contact",
  "/links",
  "/privacy-policy",
  "/terms-of-service",
  "/cookie-policy",
  "/guest-application",
] as const;

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

/** The public pages with `{insight}` replaced by the newest sample insight's id, read from the running site. */
export async function resolvePublicPages(baseUrl: string): Promise<string[]> {
  const response = await fetch(`${baseUrl}/api/insights`);
  if (!response.ok) throw new Error(`GET /api/insights answered ${response.status}`);
  const body = (await response.json()) as { data?: { id: string }[] };
  const id = body.data?.[0]?.id;
  if (!id) throw new Error("GET /api/insights listed no insight to measure /insights/{id} with");
  return PUBLIC_PAGES.map((page) => page.replace("{insight}", encodeURIComponent(id)));
}
