/**
 * `npm run bench`: measures the built server (run `npm run build` first; this script builds and changes nothing).
 * Starts it on a fresh embedded database with the sample content, measures cold starts, then, one path after
 * another at 50 connections on loopback, its requests per second and p50/p99 latency with and without gzip, and
 * the same response bytes served as static files by nginx (or a minimal Node static server when nginx is
 * missing) as the physical limit. Prints a table and writes bench-results/latest.json.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { BUILT_SERVER, rawGet, SERVER_NODE_FLAGS } from "../tests/server/helpers";
import { freePort, temporaryDataDir } from "./public-pages";

const CONNECTIONS = 50;
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 3);
const WARM_REQUESTS = 500;
const RESULTS_DIR = path.resolve("bench-results");

/** The site's speed and memory budgets; pages and the feed are held to them, the API is measured for reference. */
const BUDGET = { shareOfStaticRate: 0.1, p99Ms: 50, coldStartExistingMs: 2000, peakRssMb: 250 };
const TARGETS = [
  { path: "/", name: "home", ext: "html", page: true },
  { path: "/insights", name: "insights", ext: "html", page: true },
  { path: "/insights/{insight}", name: "insight", ext: "html", page: true },
  { path: "/podcast", name: "podcast", ext: "html", page: true },
  { path: "/api/insights", name: "api-insights", ext: "json", page: false },
  { path: "/podcast.xml", name: "podcast-feed", ext: "xml", page: true },
] as const;

type Measurement = { rps: number; p50Ms: number; p99Ms: number; errors: number; non2xx: number };
type Row = {
  path: string;
  gzip: boolean;
  bytes: number;
  server: Measurement;
  staticLimit: Measurement;
  shareOfStaticRate: number;
  withinBudget: boolean | null;
};

type ServerProcess = { child: ChildProcess; url: string; exited: Promise<void> };

function startServer(dataDir: string, port: number): ServerProcess {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const name of ["DATABASE_URL", "HOST", "NEWSLETTER_URL"]) delete env[name];
  Object.assign(env, {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SITE_URL: `http://127.0.0.1:${port}`,
  });
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, BUILT_SERVER], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return { child, url: `http://127.0.0.1:${port}`, exited };
}

async function stopServer(server: ServerProcess) {
  server.child.kill("SIGTERM");
  const timer = setTimeout(() => server.child.kill("SIGKILL"), 15_000);
  await server.exited;
  clearTimeout(timer);
}

/** Milliseconds from spawning the process to its first 200 on `/`. */
async function coldStart(dataDir: string): Promise<{ server: ServerProcess; ms: number }> {
  const port = await freePort();
  const started = performance.now();
  const server = startServer(dataDir, port);
  let exited = false;
  void server.exited.then(() => {
    exited = true;
  });
  while (!exited && performance.now() - started < 60_000) {
    const status = await rawGet(`${server.url}/`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return { server, ms: Math.round(performance.now() - started) };
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await stopServer(server);
  throw new Error("The server did not answer 200 on / within 60 s (is there a build? run npm run build)");
}

async function measure(url: string, headers: Record<string, string>): Promise<Measurement> {
  await autocannon({ url, headers, connections: 10, amount: WARM_REQUESTS });
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_SECONDS });
  return {
    rps: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

type StaticServer = { kind: string; url: string; stop(): Promise<void> };

/** nginx with its own temporary config on a free port, serving the captured bytes; gzip files as gzip. */
async function startNginx(root: string, workDir: string): Promise<StaticServer | null> {
  const nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((candidate) => fs.existsSync(candidate));
  if (!nginx) return null;
  const port = await freePort();
  const config = `${process.getuid?.() === 0 ? "user root;\n" : ""}worker_processes auto;
daemon off;
pid ${workDir}/nginx.pid;
error_log ${workDir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path ${workDir}/body;
  proxy_temp_path ${workDir}/proxy;
  types { text/html html; application/json json; application/xml xml; }
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location /gzip/ { add_header Content-Encoding gzip; add_header Vary Accept-Encoding; }
  }
}
`;
  fs.writeFileSync(path.join(workDir, "nginx.conf"), config);
  const child = spawn(nginx, ["-p", workDir, "-c", path.join(workDir, "nginx.conf"), "-e", `${workDir}/error.log`], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 200; attempt++) {
    const up = await rawGet(`${url}/`).then(
      () => true,
      () => false,
    );
    if (up) {
      return {
        kind: `nginx (${spawnSync(nginx, ["-v"], { encoding: "utf8" }).stderr.trim().replace("nginx version: ", "")})`,
        url,
        async stop() {
          child.kill("SIGQUIT");
          await exited;
        },
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  child.kill("SIGKILL");
  throw new Error(`nginx did not start; see ${workDir}/error.log`);
}

/** The fallback when nginx is missing: a Node process that answers from memory with the captured bytes. */
async function startNodeStatic(root: string): Promise<StaticServer> {
  const port = await freePort();
  const source = `
    const fs = require("node:fs"), http = require("node:http"), path = require("node:path");
    const types = { html: "text/html", json: "application/json", xml: "application/xml" };
    const files = new Map();
    for (const dir of ["identity", "gzip"])
      for (const name of fs.readdirSync(path.join(${JSON.stringify(root)}, dir)))
        files.set("/" + dir + "/" + name, fs.readFileSync(path.join(${JSON.stringify(root)}, dir, name)));
    http.createServer((req, res) => {
      const body = files.get(req.url);
      if (!body) { res.statusCode = 404; return res.end(); }
      const headers = { "content-type": types[req.url.split(".").pop()], "content-length": body.length };
      if (req.url.startsWith("/gzip/")) headers["content-encoding"] = "gzip";
      res.writeHead(200, headers).end(body);
    }).listen(${port}, "127.0.0.1", () => console.log("ready"));`;
  const child = spawn(process.execPath, ["-e", source], { stdio: ["ignore", "pipe", "inherit"] });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once("data", () => resolve());
    child.once("exit", () => reject(new Error("the Node static server exited")));
  });
  return {
    kind: "Node static server (nginx is missing: apt-get install nginx-light)",
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

function peakRssMb(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const match = /VmHWM:\s+(\d+) kB/.exec(status);
    return match ? Math.round(Number(match[1]) / 1024) : null;
  } catch {
    return null;
  }
}

async function main() {
  if (!fs.existsSync(BUILT_SERVER)) throw new Error("There is no build: run npm run build first.");
  const began = performance.now();
  const dataDir = temporaryDataDir();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "podcast-bench-"));
  const notes: string[] = [];

  const empty = await coldStart(dataDir);
  await stopServer(empty.server);
  const existing = await coldStart(dataDir);
  const server = existing.server;
  let staticServer: StaticServer | null = null;
  const rows: Row[] = [];
  let peakRss: number | null = null;
  try {
    const insights = JSON.parse((await rawGet(`${server.url}/api/insights`)).body.toString()) as {
      data: { id: string }[];
    };
    const insightId = insights.data[0]?.id;
    if (!insightId) throw new Error("GET /api/insights listed no insight");

    const root = path.join(workDir, "www");
    fs.mkdirSync(path.join(root, "identity"), { recursive: true });
    fs.mkdirSync(path.join(root, "gzip"), { recursive: true });
    const measured: { target: (typeof TARGETS)[number]; path: string }[] = [];
    for (const target of TARGETS) {
      const targetPath = target.path.replace("{insight}", encodeURIComponent(insightId));
      const plain = await rawGet(`${server.url}${targetPath}`);
      if (plain.status === 404) {
        notes.push(`${targetPath} answered 404 on this build, so it is not measured.`);
        continue;
      }
      if (plain.status !== 200) throw new Error(`${targetPath} answered ${plain.status}`);
      const zipped = await rawGet(`${server.url}${targetPath}`, { "accept-encoding": "gzip" });
      if (zipped.headers["content-encoding"] !== "gzip") notes.push(`${targetPath} is not sent gzip-compressed.`);
      fs.writeFileSync(path.join(root, "identity", `${target.name}.${target.ext}`), plain.body);
      fs.writeFileSync(path.join(root, "gzip", `${target.name}.${target.ext}`), zipped.body);
      measured.push({ target, path: targetPath });
    }

    staticServer = (await startNginx(root, workDir)) ?? (await startNodeStatic(root));
    if (!staticServer.kind.startsWith("nginx")) notes.push(`nginx is missing: the limit is a ${staticServer.kind}.`);

    for (const { target, path: targetPath } of measured) {
      for (const gzip of [false, true]) {
        const headers: Record<string, string> = gzip ? { "accept-encoding": "gzip" } : {};
        const file = `/${gzip ? "gzip" : "identity"}/${target.name}.${target.ext}`;
        const serverResult = await measure(`${server.url}${targetPath}`, headers);
        const staticResult = await measure(`${staticServer.url}${file}`, {});
        const share = staticResult.rps > 0 ? serverResult.rps / staticResult.rps : 0;
        const clean = serverResult.errors === 0 && serverResult.non2xx === 0;
        rows.push({
          path: targetPath,
          gzip,
          bytes: fs.statSync(path.join(root, file)).size,
          server: serverResult,
          staticLimit: staticResult,
          shareOfStaticRate: Number(share.toFixed(3)),
          withinBudget: target.page
            ? clean && share >= BUDGET.shareOfStaticRate && serverResult.p99Ms < BUDGET.p99Ms
            : null,
        });
        console.log(
          `${targetPath}${gzip ? " (gzip)" : ""}: ${serverResult.rps} req/s, p99 ${serverResult.p99Ms} ms; static ${staticResult.rps} req/s`,
        );
      }
    }
    peakRss = peakRssMb(server.child.pid as number);
  } finally {
    await staticServer?.stop();
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(workDir, { recursive: true, force: true });
  }

  const summary = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, node: process.version },
    connections: CONNECTIONS,
    durationSeconds: DURATION_SECONDS,
    staticServer: staticServer?.kind,
    budget: BUDGET,
    coldStartMs: { emptyDataFolder: empty.ms, existingDataFolder: existing.ms },
    peakRssMb: peakRss,
    rows,
    notes,
    withinBudget:
      rows.every((row) => row.withinBudget !== false) &&
      existing.ms < BUDGET.coldStartExistingMs &&
      peakRss !== null &&
      peakRss < BUDGET.peakRssMb,
    totalSeconds: Math.round((performance.now() - began) / 1000),
  };
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  fs.writeFileSync(path.join(RESULTS_DIR, "latest.json"), `${JSON.stringify(summary, null, 2)}\n`);

  console.log(
    `\n${CONNECTIONS} connections, ${DURATION_SECONDS} s per run, ${summary.machine.cpus} CPUs, limit: ${summary.staticServer}`,
  );
  console.table(
    rows.map((row) => ({
      path: row.path,
      gzip: row.gzip ? "yes" : "no",
      bytes: row.bytes,
      "req/s": row.server.rps,
      "p50 ms": row.server.p50Ms,
      "p99 ms": row.server.p99Ms,
      "static req/s": row.staticLimit.rps,
      "static p99 ms": row.staticLimit.p99Ms,
      "% of static": `${(row.shareOfStaticRate * 100).toFixed(1)}%`,
      budget: row.withinBudget === null ? "-" : row.withinBudget ? "ok" : "MISSED",
    })),
  );
  console.log(`Cold start to first 200: ${empty.ms} ms on an empty data folder, ${existing.ms} ms on an existing one`);
  console.log(`Peak resident memory of the server: ${peakRss ?? "unknown"} MB`);
  for (const note of notes) console.log(`Note: ${note}`);
  console.log(`Written to ${path.join(RESULTS_DIR, "latest.json")} in ${summary.totalSeconds} s`);
  if (!summary.withinBudget) {
    console.error("A budget was missed (see the table, cold start and memory above).");
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
