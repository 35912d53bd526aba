/**
 * `npm run bench`: measures the built server (run `npm run build` first; this script builds and changes nothing).
 * Starts it on an empty data folder (the first start's peak memory and time to the first 200), then again on that
 * folder, and drives it with wrk (2 threads, 50 connections on loopback), one path after another with and without
 * gzip, then nginx serving the same response bytes as a static site, as the limit. wrk runs in its own process, so the
 * generator is native code rather than JavaScript sharing the event loop of the measurement; its CPU time is reported,
 * and a run in which it used nearly a whole core is marked, since then it, not the server, may have set the rate.
 * Prints a table and writes bench-results/latest.json and latest.md (a run worth keeping is copied, with its date and
 * host, into bench-results/README.md). BENCH_INSIGHTS=3000 adds that
 * many posts before the measured start, to show that /insights and /api/insights do not slow down as a show grows.
 * BENCH_MAIL=10000 measures audience mail instead: an announcement to that many subscribers, sent to an SMTP server on
 * loopback with the rate limit lifted (mails a second, the server's resident memory, the public pages' p99 meanwhile).
 * BENCH_AUDIO=1 measures an episode's audio instead (whole and in 1 MB ranges, counted and not, against nginx on the
 * same file) and the analytics page (each range) and API (the whole history, one episode, a year) with BENCH_DOWNLOADS
 * (10 million by default) downloads recorded; BENCH_AUDIO=analytics measures only the analytics. Both run on the
 * embedded database, or, when BENCH_DATABASE_URL names a PostgreSQL server (e.g. postgres://postgres@127.0.0.1:5432/postgres),
 * on a new database created there for the run and dropped after.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { BUILT_SERVER, rawGet, SERVER_NODE_FLAGS } from "#tests/server/helpers";
import { seedInsightVolume } from "#tests/setup/insight-volume";
import { type DatabaseOptions, openDatabase } from "../app/db/client.server";
import { withFreshPostgresDatabase } from "./fresh-postgres-database";
import { freePort, resolvePublicPages, temporaryDataDir } from "./public-pages";

const THREADS = 2;
const CONNECTIONS = 50;
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 5);
/** Posts added to the sample content before the measured start: 3000 measures a show that has published for years. */
const EXTRA_INSIGHTS = Number(process.env.BENCH_INSIGHTS ?? 0);
const WARM_SECONDS = 1;
const RESULTS_DIR = path.resolve("bench-results");
/** wrk's CPU time over the run, as a share of one core, from which the generator counts as saturated. */
const SATURATED_GENERATOR_SHARE = 0.9;

/** The budgets: every public page, the feed and the API; memory under load and at the first start's peak. */
const BUDGET = {
  shareOfNginxRate: 0.15,
  p99Ms: 50,
  rssUnderLoadMb: 250,
  firstStartPeakRssMb: 400,
  coldStartExistingMs: 2000,
};
/** What a measured path is called in the files nginx serves, and which extension gives its content type there. */
type Target = { path: string; name: string; ext: string };

function targetFor(pagePath: string, contentType: string | undefined): Target {
  const ext = contentType?.includes("json") ? "json" : contentType?.includes("xml") ? "xml" : "html";
  const name = pagePath === "/" ? "home" : pagePath.replace(/^\//, "").replace(/[^a-z0-9]+/gi, "-");
  return { path: pagePath, name, ext };
}

type Measurement = {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  /** wrk's own CPU time over the run, in shares of one core (1 = a whole core). */
  generatorCpu: number;
  /** The machine's idle share over the run, all cores together. */
  machineIdle: number;
};
type Row = {
  path: string;
  gzip: boolean;
  bytes: number;
  server: Measurement;
  nginx: Measurement;
  shareOfNginxRate: number;
  withinBudget: boolean;
};

/** The path of a program, or an error saying how to install it. */
function requireProgram(name: string, candidates: string[], installHint: string): string {
  const onPath = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).stdout.trim();
  const found = onPath || candidates.find((candidate) => fs.existsSync(candidate));
  if (!found) throw new Error(`${name} is missing: ${installHint}`);
  return found;
}

type ServerProcess = { child: ChildProcess; url: string; exited: Promise<void> };

function startServer(dataDir: string, port: number, extraEnv: Record<string, string> = {}): ServerProcess {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const name of ["DATABASE_URL", "HOST", "NEWSLETTER_URL"]) delete env[name];
  Object.assign(env, {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SITE_URL: `http://127.0.0.1:${port}`,
    ...extraEnv,
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
async function coldStart(
  dataDir: string,
  extraEnv: Record<string, string> = {},
): Promise<{ server: ServerProcess; ms: number }> {
  const port = await freePort();
  const started = performance.now();
  const server = startServer(dataDir, port, extraEnv);
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

/** Total, idle: the machine's CPU time so far, in clock ticks, from /proc/stat. */
function machineCpuTicks(): { total: number; idle: number } {
  const fields = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
  return { total: fields.reduce((sum, value) => sum + value, 0), idle: (fields[3] ?? 0) + (fields[4] ?? 0) };
}

const DURATION_UNITS_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

function wrkPercentileMs(output: string, percentile: number): number {
  const match = new RegExp(`^\\s*${percentile}(?:\\.0+)?%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, "m").exec(output);
  if (!match) throw new Error(`wrk printed no ${percentile}th percentile:\n${output}`);
  return Number((Number(match[1]) * DURATION_UNITS_MS[match[2]]).toFixed(2));
}

/**
 * One wrk run. bash's `times` prints the CPU time its children used after wrk exits: wrk's own cost, which tells
 * whether the generator had the CPU it needed.
 */
function runWrk(
  wrk: string,
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections = CONNECTIONS,
  script?: string,
): Measurement {
  const args = ["-t", String(THREADS), "-c", String(connections), "-d", `${seconds}s`, "--latency"];
  if (script) args.push("-s", script);
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  args.push(url);
  const before = machineCpuTicks();
  const run = spawnSync("bash", ["-c", '"$0" "$@"; status=$?; times; exit $status', wrk, ...args], {
    encoding: "utf8",
    timeout: (seconds + 30) * 1000,
  });
  const after = machineCpuTicks();
  if (run.status !== 0) throw new Error(`wrk failed on ${url}:\n${run.stdout}${run.stderr}`);
  const output = run.stdout;
  const times = output.trim().split("\n").at(-1) ?? "";
  const cpuSeconds = [...times.matchAll(/(\d+)m([\d.]+)s/g)].reduce(
    (sum, [, minutes, secondsPart]) => sum + Number(minutes) * 60 + Number(secondsPart),
    0,
  );
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  return {
    rps: Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0)),
    p50Ms: wrkPercentileMs(output, 50),
    p99Ms: wrkPercentileMs(output, 99),
    errors: socketErrors ? socketErrors.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0,
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0),
    generatorCpu: Number((cpuSeconds / seconds).toFixed(2)),
    machineIdle: Number(((after.idle - before.idle) / Math.max(1, after.total - before.total)).toFixed(2)),
  };
}

function measure(
  wrk: string,
  url: string,
  headers: Record<string, string>,
  connections = CONNECTIONS,
  script?: string,
): Measurement {
  runWrk(wrk, url, headers, WARM_SECONDS, connections, script);
  return runWrk(wrk, url, headers, DURATION_SECONDS, connections, script);
}

type StaticServer = { kind: string; url: string; stop(): Promise<void> };

/** nginx with its own temporary config on a free port, serving the captured bytes; gzip files as gzip. */
async function startNginx(nginx: string, root: string, workDir: string): Promise<StaticServer> {
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

/** A process's resident memory from /proc: its peak (VmHWM) or its current size (VmRSS), in MB. */
function residentMb(pid: number, field: "VmHWM" | "VmRSS"): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status);
    return match ? Math.round(Number(match[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/** Resets the process's peak resident memory to its current size, so that VmHWM then measures what follows. */
function resetPeakResident(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

const formatNumber = (value: number) => value.toLocaleString("en-US");

function markdownTable(rows: Row[]): string {
  const lines = [
    "| path | encoding | bytes | ours req/s | ours p50 ms | ours p99 ms | nginx req/s | nginx p99 ms | share of nginx | wrk CPU (ours / nginx) |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const row of rows) {
    lines.push(
      `| \`${row.path}\` | ${row.gzip ? "gzip" : "identity"} | ${formatNumber(row.bytes)} | ${formatNumber(row.server.rps)} | ${row.server.p50Ms} | ${row.server.p99Ms} | ${formatNumber(row.nginx.rps)} | ${row.nginx.p99Ms} | ${(row.shareOfNginxRate * 100).toFixed(1)}% | ${Math.round(row.server.generatorCpu * 100)}% / ${Math.round(row.nginx.generatorCpu * 100)}% |`,
    );
  }
  return lines.join("\n");
}

async function main() {
  if (!fs.existsSync(BUILT_SERVER)) throw new Error("There is no build: run npm run build first.");
  const wrk = requireProgram("wrk", ["/usr/bin/wrk"], "apt-get install wrk");
  const nginxPath = requireProgram("nginx", ["/usr/sbin/nginx", "/usr/bin/nginx"], "apt-get install nginx-light");
  const began = performance.now();
  const dataDir = temporaryDataDir();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "podcast-bench-"));
  const notes: string[] = [];

  const empty = await coldStart(dataDir);
  const firstStartPeakRss = residentMb(empty.server.child.pid as number, "VmHWM");
  await stopServer(empty.server);
  if (EXTRA_INSIGHTS > 0) {
    const database = await openDatabase({ kind: "pglite", dataDir }, { migrate: false });
    await seedInsightVolume(database.db, EXTRA_INSIGHTS);
    await database.close();
    notes.push(`${EXTRA_INSIGHTS} insight posts were added to the sample content before the measured start.`);
  }
  const existing = await coldStart(dataDir);
  const server = existing.server;
  const serverPid = server.child.pid as number;
  let nginx: StaticServer | null = null;
  const rows: Row[] = [];
  let rssUnderLoad: number | null = null;
  try {
    const root = path.join(workDir, "www");
    fs.mkdirSync(path.join(root, "identity"), { recursive: true });
    fs.mkdirSync(path.join(root, "gzip"), { recursive: true });
    // Every page, feed and API answer the routes declare public, as the page cache and the sitemap read them.
    const measured: { target: Target; path: string }[] = [];
    for (const targetPath of await resolvePublicPages(server.url, { resources: true })) {
      const plain = await rawGet(`${server.url}${targetPath}`);
      if (plain.status === 404) {
        notes.push(`${targetPath} answered 404 on this build, so it is not measured.`);
        continue;
      }
      if (plain.status !== 200) throw new Error(`${targetPath} answered ${plain.status}`);
      const target = targetFor(targetPath, plain.headers["content-type"]?.toString());
      const zipped = await rawGet(`${server.url}${targetPath}`, { "accept-encoding": "gzip" });
      if (zipped.headers["content-encoding"] !== "gzip") notes.push(`${targetPath} is not sent gzip-compressed.`);
      fs.writeFileSync(path.join(root, "identity", `${target.name}.${target.ext}`), plain.body);
      fs.writeFileSync(path.join(root, "gzip", `${target.name}.${target.ext}`), zipped.body);
      measured.push({ target, path: targetPath });
    }

    nginx = await startNginx(nginxPath, root, workDir);
    const peakResetWorked = resetPeakResident(serverPid);
    if (!peakResetWorked) notes.push("/proc/PID/clear_refs was not writable: the memory under load includes start-up.");

    for (const { target, path: targetPath } of measured) {
      for (const gzip of [false, true]) {
        const headers: Record<string, string> = gzip ? { "accept-encoding": "gzip" } : {};
        const file = `/${gzip ? "gzip" : "identity"}/${target.name}.${target.ext}`;
        const ours = measure(wrk, `${server.url}${targetPath}`, headers);
        const limit = measure(wrk, `${nginx.url}${file}`, {});
        const share = limit.rps > 0 ? ours.rps / limit.rps : 0;
        const clean = ours.errors === 0 && ours.non2xx === 0;
        rows.push({
          path: targetPath,
          gzip,
          bytes: fs.statSync(path.join(root, file)).size,
          server: ours,
          nginx: limit,
          shareOfNginxRate: Number(share.toFixed(3)),
          withinBudget: clean && share >= BUDGET.shareOfNginxRate && ours.p99Ms < BUDGET.p99Ms,
        });
        for (const [who, result] of [
          ["our server", ours],
          ["nginx", limit],
        ] as const) {
          if (result.generatorCpu >= SATURATED_GENERATOR_SHARE) {
            notes.push(
              `wrk used ${Math.round(result.generatorCpu * 100)}% of a core on ${targetPath}${gzip ? " (gzip)" : ""} against ${who}: the generator may have set that rate.`,
            );
          }
        }
        console.log(
          `${targetPath}${gzip ? " (gzip)" : ""}: ${ours.rps} req/s, p99 ${ours.p99Ms} ms; nginx ${limit.rps} req/s (${(share * 100).toFixed(1)}%)`,
        );
      }
    }
    rssUnderLoad = residentMb(serverPid, "VmHWM");
  } finally {
    await nginx?.stop();
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(workDir, { recursive: true, force: true });
  }

  const memoryWithinBudget =
    rssUnderLoad !== null &&
    rssUnderLoad < BUDGET.rssUnderLoadMb &&
    firstStartPeakRss !== null &&
    firstStartPeakRss < BUDGET.firstStartPeakRssMb;
  const summary = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      loadAverage: os.loadavg().map((value) => Number(value.toFixed(2))),
      node: process.version,
    },
    generator: `wrk, ${THREADS} threads, ${CONNECTIONS} connections`,
    durationSeconds: DURATION_SECONDS,
    nginx: nginx?.kind,
    budget: BUDGET,
    coldStartMs: { emptyDataFolder: empty.ms, existingDataFolder: existing.ms },
    residentMb: { firstStartPeak: firstStartPeakRss, peakUnderLoad: rssUnderLoad },
    rows,
    notes,
    withinBudget:
      rows.every((row) => row.withinBudget) && memoryWithinBudget && existing.ms < BUDGET.coldStartExistingMs,
    totalSeconds: Math.round((performance.now() - began) / 1000),
  };
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  fs.writeFileSync(path.join(RESULTS_DIR, "latest.json"), `${JSON.stringify(summary, null, 2)}\n`);
  fs.writeFileSync(path.join(RESULTS_DIR, "latest.md"), `${markdownTable(rows)}\n`);

  console.log(
    `\n${summary.generator}, ${DURATION_SECONDS} s per run, ${summary.machine.cpus} CPUs (load average ${summary.machine.loadAverage.join(", ")}), ${summary.nginx}`,
  );
  console.table(
    rows.map((row) => ({
      path: row.path,
      encoding: row.gzip ? "gzip" : "identity",
      bytes: row.bytes,
      "req/s": row.server.rps,
      "p50 ms": row.server.p50Ms,
      "p99 ms": row.server.p99Ms,
      "nginx req/s": row.nginx.rps,
      "nginx p99 ms": row.nginx.p99Ms,
      "% of nginx": `${(row.shareOfNginxRate * 100).toFixed(1)}%`,
      "wrk CPU": `${Math.round(row.server.generatorCpu * 100)}% / ${Math.round(row.nginx.generatorCpu * 100)}%`,
      "idle CPU": `${Math.round(row.server.machineIdle * 100)}% / ${Math.round(row.nginx.machineIdle * 100)}%`,
      budget: row.withinBudget ? "ok" : "MISSED",
    })),
  );
  console.log(`Cold start to first 200: ${empty.ms} ms on an empty data folder, ${existing.ms} ms on an existing one`);
  console.log(
    `Resident memory: ${firstStartPeakRss ?? "unknown"} MB at the first start's peak, ${rssUnderLoad ?? "unknown"} MB at its peak under load`,
  );
  for (const note of notes) console.log(`Note: ${note}`);
  console.log(`\n${markdownTable(rows)}\n`);
  console.log(`Written to ${path.join(RESULTS_DIR, "latest.json")} (and latest.md) in ${summary.totalSeconds} s`);
  if (!summary.withinBudget) {
    console.error("A budget was missed (see the table, cold start and memory above).");
    process.exitCode = 1;
  }
}

/** The mail budget: a 10,000-recipient announcement with the rate limit lifted. */
const MAIL_BUDGET = { mailsPerSecond: 200, rssMb: 250, p99Ms: 50 };
const MAIL_RECIPIENTS = Number(process.env.BENCH_MAIL ?? 0);
/** Visitors while the mail goes out: fewer connections than the page benchmark, since the send shares the CPU. */
const MAIL_WRK_CONNECTIONS = 10;
const MAIL_WRK_SECONDS = 3;
const MAIL_BENCH_PASSWORD = "bench-mail-owner-password";

/** wrk without blocking this process, whose event loop runs the SMTP server the mail goes to. */
function wrkInBackground(wrk: string, url: string, seconds: number): Promise<{ p99Ms: number; rps: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(wrk, ["-t", "1", "-c", String(MAIL_WRK_CONNECTIONS), "-d", `${seconds}s`, "--latency", url]);
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.once("error", reject);
    child.once("exit", () =>
      resolve({
        p99Ms: wrkPercentileMs(output, 99),
        rps: Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0)),
      }),
    );
  });
}

/**
 * Starts the built server with an SMTP server on loopback (the tests' `smtp-server`, in this process) and the rate
 * limit lifted, adds the subscribers, sends the announcement through the owner's API, and measures until the last mail
 * arrives: mails a second, the server's peak resident memory, and wrk's p99 on public pages meanwhile.
 */
async function benchMail() {
  if (!fs.existsSync(BUILT_SERVER)) throw new Error("There is no build: run npm run build first.");
  const wrk = requireProgram("wrk", ["/usr/bin/wrk"], "apt-get install wrk");
  const { startSmtpInbox } = await import("#tests/setup/smtp-inbox");
  const { subscribers } = await import("../app/db/schema");
  const inbox = await startSmtpInbox();
  const dataDir = temporaryDataDir();
  const extraEnv = { SMTP_URL: inbox.url, MAIL_RATE_PER_MINUTE: "6000000", ADMIN_PASSWORD: MAIL_BENCH_PASSWORD };
  try {
    await stopServer((await coldStart(dataDir, extraEnv)).server);
    const database = await openDatabase({ kind: "pglite", dataDir }, { migrate: false });
    const addresses = Array.from({ length: MAIL_RECIPIENTS }, (_, index) => `reader${index}@bench.example.com`);
    for (let start = 0; start < addresses.length; start += 1000) {
      await database.db
        .insert(subscribers)
        .values(addresses.slice(start, start + 1000).map((email) => ({ email, source: "launch" })));
    }
    await database.close();

    const { server } = await coldStart(dataDir, extraEnv);
    const pid = server.child.pid as number;
    try {
      const login = await fetch(`${server.url}/api/admin/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ password: MAIL_BENCH_PASSWORD }),
      });
      const cookie = /^sid=[^;]+/.exec(login.headers.get("set-cookie") ?? "")?.[0];
      if (!cookie) throw new Error(`The owner's login failed: ${login.status}`);
      resetPeakResident(pid);
      const began = performance.now();
      const sent = await fetch(`${server.url}/api/admin/email`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie, origin: server.url },
        body: JSON.stringify({ subject: "Benchmark", message: "A **benchmark** announcement.", recipients: "launch" }),
      });
      if (sent.status !== 201) throw new Error(`The announcement was refused: ${sent.status} ${await sent.text()}`);
      const queuedMs = performance.now() - began;

      const pages = ["/", "/podcast", "/insights", "/briefing"];
      const latencies: { path: string; p99Ms: number; rps: number }[] = [];
      let rssPeak = 0;
      const sampler = setInterval(() => {
        rssPeak = Math.max(rssPeak, residentMb(pid, "VmRSS") ?? 0);
      }, 100);
      try {
        for (let index = 0; inbox.received.length < MAIL_RECIPIENTS; index++) {
          const path = pages[index % pages.length];
          const measured = await wrkInBackground(wrk, `${server.url}${path}`, MAIL_WRK_SECONDS);
          if (inbox.received.length < MAIL_RECIPIENTS) latencies.push({ path, ...measured });
          if (performance.now() - began > 15 * 60_000) throw new Error("The send took more than 15 minutes");
        }
      } finally {
        clearInterval(sampler);
      }
      const seconds = (performance.now() - began) / 1000;
      const peakHwm = residentMb(pid, "VmHWM") ?? rssPeak;
      const mailsPerSecond = Math.round(MAIL_RECIPIENTS / seconds);
      const worstP99 = Math.max(...latencies.map((row) => row.p99Ms));
      const perAddress = new Set(inbox.received.flatMap((mail) => mail.to));
      const summary = {
        date: new Date().toISOString(),
        machine: { cpus: os.cpus().length, loadAverage: os.loadavg().map((value) => Number(value.toFixed(2))) },
        recipients: MAIL_RECIPIENTS,
        mailsReceived: inbox.received.length,
        distinctRecipients: perAddress.size,
        queuedInMs: Math.round(queuedMs),
        seconds: Number(seconds.toFixed(1)),
        mailsPerSecond,
        residentPeakMb: peakHwm,
        publicPagesWhileSending: latencies,
        budget: MAIL_BUDGET,
        withinBudget:
          mailsPerSecond >= MAIL_BUDGET.mailsPerSecond &&
          peakHwm < MAIL_BUDGET.rssMb &&
          latencies.length > 0 &&
          worstP99 < MAIL_BUDGET.p99Ms,
      };
      fs.mkdirSync(RESULTS_DIR, { recursive: true });
      fs.writeFileSync(path.join(RESULTS_DIR, "latest-mail.json"), `${JSON.stringify(summary, null, 2)}\n`);
      console.log(JSON.stringify(summary, null, 2));
      if (!summary.withinBudget) {
        console.error("A mail budget was missed (see above).");
        process.exitCode = 1;
      }
    } finally {
      await stopServer(server);
    }
  } finally {
    await inbox.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The audio budgets: an episode's audio with counting at least 90% as fast as without, and at least half of nginx's
 * rate on the same file, whole and in 1 MB ranges; the analytics page and API under 300 ms at p99 with
 * BENCH_DOWNLOADS downloads recorded.
 */
const AUDIO_BUDGET = { countedShareOfUncounted: 0.9, shareOfNginx: 0.5, analyticsP99Ms: 300 };
/** "1": the audio and the analytics; "analytics": the analytics alone. */
const BENCH_AUDIO = process.env.BENCH_AUDIO === "1" || process.env.BENCH_AUDIO === "analytics";
const ANALYTICS_ONLY = process.env.BENCH_AUDIO === "analytics";
/** A PostgreSQL server to measure on instead of the embedded database: a database is created there and dropped. */
const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const BENCH_DOWNLOADS = Number(process.env.BENCH_DOWNLOADS ?? 10_000_000);
/** Rounds of counted and not counted, taking turns; each side's median round is compared. */
const AUDIO_ROUNDS = 3;
/** As podcast apps fetch: a few connections, each asking for the next megabyte. */
const AUDIO_CONNECTIONS = 16;
/** The owner and a few editors with the analytics open. */
const ANALYTICS_CONNECTIONS = 4;
const AUDIO_KEY = "episodes/audio/benchaudioepisode0001.mp3";
/** A counted listener's app, and a crawler, which the counting drops before the database: with and without counting. */
const COUNTED_AGENT = "Overcast/3.0 (+http://overcast.fm/; iOS podcast app)";
const UNCOUNTED_AGENT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
/**
 * A wrk script that makes every request another listener's (the counted app's agent with a number of its own), so that
 * no two requests share a row: counting's most expensive case, measured beside the budget's, not in it.
 */
const NEW_LISTENER_EACH_REQUEST = `local count = 0
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("id", threads)
end
function request()
  count = count + 1
  wrk.headers["User-Agent"] = "${COUNTED_AGENT} listener-" .. id .. "-" .. count
  return wrk.format()
end
`;
const AUDIO_BENCH_PASSWORD = "bench-audio-owner-password";
/** The daily rows the downloads are spread over: episodes × days × apps. */
const ANALYTICS_EPISODES = 200;
const ANALYTICS_DAYS = 730;
const ANALYTICS_APPS: [string, string][] = [
  ["Apple Podcasts", "Apple"],
  ["Spotify", "Android"],
  ["Overcast", "Apple"],
  ["Pocket Casts", "Android"],
  ["Unknown", "Unknown"],
];

/** A 30-minute MP3 of about 21 MB: the tests' constant-bitrate tone, frame after frame (frames concatenate). */
function benchAudioFile(): Buffer {
  const tone = fs.readFileSync(path.resolve("tests/fixtures/media/tone-cbr.mp3"));
  return Buffer.concat(Array.from({ length: 1700 }, () => tone));
}

/** Daily rows recorded at a time while the folder is prepared: within a statement's limit of parameters. */
const SEEDED_ROWS_PER_BATCH = 5000;

/**
 * Puts one public episode with the audio above, and BENCH_DOWNLOADS downloads spread over 200 more episodes' daily rows
 * (two years, five apps), in the folder and database before the server holds them. The downloads are recorded as
 * counting records them (addToDailyRows), so the sums the reports read hold them too.
 */
async function prepareAudioFolder(dataDir: string, databaseOptions: DatabaseOptions, audio: Buffer) {
  const { sql } = await import("drizzle-orm");
  const { podcastEpisodes } = await import("../app/db/schema");
  const { addToDailyRows } = await import("../app/features/analytics/daily-rows.server");
  fs.mkdirSync(path.join(dataDir, "media/episodes/audio"), { recursive: true });
  fs.writeFileSync(path.join(dataDir, "media", AUDIO_KEY), audio);
  const database = await openDatabase(databaseOptions, { migrate: false });
  try {
    await database.db.insert(podcastEpisodes).values({
      guid: "bench-audio",
      slug: "bench-audio",
      title: "Thirty Minutes",
      description: "",
      status: "published",
      publishDate: new Date(Date.now() - 60_000),
      audioKey: AUDIO_KEY,
      audioLengthBytes: audio.length,
      durationSeconds: 1800,
    });
    const episodes = await database.db
      .insert(podcastEpisodes)
      .values(
        Array.from({ length: ANALYTICS_EPISODES }, (_, index) => ({
          guid: `bench-history-${index + 1}`,
          slug: `bench-history-${index + 1}`,
          title: `History ${index + 1}`,
          description: "",
          status: "published",
          publishDate: new Date(Date.now() - (ANALYTICS_DAYS - index - 1) * 86_400_000),
        })),
      )
      .returning({ id: podcastEpisodes.id });
    const rows = ANALYTICS_EPISODES * ANALYTICS_DAYS * ANALYTICS_APPS.length;
    const perRow = Math.max(1, Math.round(BENCH_DOWNLOADS / rows));
    let batch: Parameters<typeof addToDailyRows>[1] = [];
    const record = async () => {
      const rowsOfBatch = batch;
      batch = [];
      await database.db.transaction((tx) => addToDailyRows(tx, rowsOfBatch));
    };
    for (let daysAgo = ANALYTICS_DAYS - 1; daysAgo >= 0; daysAgo--) {
      const day = new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
      for (const { id } of episodes) {
        for (const [app, platform] of ANALYTICS_APPS) {
          batch.push({
            day,
            episodeId: id,
            app,
            platform,
            device: "Phone",
            access: "public",
            country: "US",
            downloads: perRow,
          });
          if (batch.length === SEEDED_ROWS_PER_BATCH) await record();
        }
      }
    }
    if (batch.length > 0) await record();
    // PostgreSQL's autovacuum would analyse the new rows within a minute; PGlite has no autovacuum, and nothing else
    // analyses its tables, so there the reports are measured on the planner's defaults, as a site would run them.
    if (database.kind === "postgres") await database.db.execute(sql`analyze`);
    return { downloads: rows * perRow, historyEpisode: episodes[0].id };
  } finally {
    await database.close();
  }
}

type AudioRun = { request: string; agent: string; ours: Measurement; nginx: Measurement; rounds?: number[] };

/**
 * Whole-file and 1 MB range requests of the episode as a counted podcast app and as a crawler (dropped before the
 * database), in alternating rounds, each against nginx serving a copy of the same file; then 1 MB ranges from a new
 * listener each request, outside the budget.
 */
async function measureAudio(wrk: string, serverUrl: string, audio: Buffer, workDir: string) {
  const nginxPath = requireProgram("nginx", ["/usr/sbin/nginx", "/usr/bin/nginx"], "apt-get install nginx-light");
  fs.mkdirSync(path.join(workDir, "root/media/episodes/audio"), { recursive: true });
  fs.writeFileSync(path.join(workDir, "root/media", AUDIO_KEY), audio);
  const nginx = await startNginx(nginxPath, path.join(workDir, "root"), workDir);
  try {
    const audioPath = `/media/${AUDIO_KEY}`;
    const range = { Range: "bytes=1048576-2097151" };
    const runs: AudioRun[] = [];
    const rate = (request: string, agent: string) =>
      runs.find((run) => run.request === request && run.agent.startsWith(agent)) as AudioRun;
    for (const [request, headers] of [
      ["whole file", {}],
      ["1 MB range", range],
    ] as const) {
      const limit = measure(wrk, `${nginx.url}${audioPath}`, headers, AUDIO_CONNECTIONS);
      const agents = [
        ["counted app", COUNTED_AGENT],
        ["crawler (not counted)", UNCOUNTED_AGENT],
      ] as const;
      // Counted and not counted take turns, each first in alternate rounds, and each keeps its median round: a rate
      // that drifts as the server warms, or a noisy moment, then favours neither side.
      const rounds = new Map<string, Measurement[]>(agents.map(([agent]) => [agent, []]));
      for (let round = 0; round < AUDIO_ROUNDS; round++) {
        for (const [agent, userAgent] of round % 2 === 0 ? agents : [...agents].reverse()) {
          const measured = measure(
            wrk,
            `${serverUrl}${audioPath}`,
            { ...headers, "User-Agent": userAgent },
            AUDIO_CONNECTIONS,
          );
          rounds.get(agent)?.push(measured);
        }
      }
      for (const [agent] of agents) {
        const measured = rounds.get(agent) ?? [];
        const ours = [...measured].sort((a, b) => a.rps - b.rps)[Math.floor(measured.length / 2)];
        const everyRound = measured.map((run) => run.rps);
        runs.push({ request, agent, ours, nginx: limit, rounds: everyRound });
        console.error(
          `${request}, ${agent}: ${ours.rps} req/s (rounds: ${everyRound.join(", ")}), p99 ${ours.p99Ms} ms; nginx ${limit.rps} req/s`,
        );
      }
    }
    const script = path.join(workDir, "new-listener-each-request.lua");
    fs.writeFileSync(script, NEW_LISTENER_EACH_REQUEST);
    const everyRequestNew = measure(wrk, `${serverUrl}${audioPath}`, range, AUDIO_CONNECTIONS, script);
    const rangeLimit = rate("1 MB range", "counted").nginx;
    runs.push({
      request: "1 MB range",
      agent: "a new listener each request",
      ours: everyRequestNew,
      nginx: rangeLimit,
    });
    console.error(
      `1 MB range, a new listener each request: ${everyRequestNew.rps} req/s, p99 ${everyRequestNew.p99Ms} ms`,
    );
    const checks = ["whole file", "1 MB range"].map((request) => {
      const counted = rate(request, "counted");
      const uncounted = rate(request, "crawler");
      return {
        request,
        countedShareOfUncounted: Number((counted.ours.rps / Math.max(1, uncounted.ours.rps)).toFixed(2)),
        countedShareOfNginx: Number((counted.ours.rps / Math.max(1, counted.nginx.rps)).toFixed(3)),
      };
    });
    return {
      nginx: nginx.kind,
      audioBytes: audio.length,
      audio: runs,
      checks,
      withinBudget: checks.every(
        (check) =>
          check.countedShareOfUncounted >= AUDIO_BUDGET.countedShareOfUncounted &&
          check.countedShareOfNginx >= AUDIO_BUDGET.shareOfNginx,
      ),
    };
  } finally {
    await nginx.stop();
  }
}

/** The analytics page at each range and the API over the whole history, one episode's and the last year's. */
async function measureAnalytics(wrk: string, serverUrl: string, historyEpisode: number) {
  const login = await fetch(`${serverUrl}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ password: AUDIO_BENCH_PASSWORD }),
  });
  const cookie = /^sid=[^;]+/.exec(login.headers.get("set-cookie") ?? "")?.[0];
  if (!cookie) throw new Error(`The owner's login failed: ${login.status}`);
  const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  const analytics: { path: string; rps: number; p99Ms: number; non2xx: number }[] = [];
  for (const analyticsPath of [
    "/admin/analytics?range=7",
    "/admin/analytics",
    "/admin/analytics?range=90",
    "/admin/analytics?range=all",
    "/api/admin/analytics/downloads",
    `/api/admin/analytics/downloads?episode=${historyEpisode}`,
    `/api/admin/analytics/downloads?from=${yearAgo}`,
  ]) {
    const measured = measure(wrk, `${serverUrl}${analyticsPath}`, { Cookie: cookie }, ANALYTICS_CONNECTIONS);
    analytics.push({ path: analyticsPath, rps: measured.rps, p99Ms: measured.p99Ms, non2xx: measured.non2xx });
    console.error(`${analyticsPath}: ${measured.rps} req/s, p99 ${measured.p99Ms} ms`);
  }
  return {
    analytics,
    withinBudget: analytics.every((row) => row.p99Ms < AUDIO_BUDGET.analyticsP99Ms && row.non2xx === 0),
  };
}

/**
 * Starts the built server on a folder holding a 21 MB episode and BENCH_DOWNLOADS recorded downloads (on the embedded
 * database, or on `databaseUrl`), measures the audio (unless ANALYTICS_ONLY), then the analytics as the owner.
 */
async function benchAudioOn(databaseUrl: string | undefined) {
  if (!fs.existsSync(BUILT_SERVER)) throw new Error("There is no build: run npm run build first.");
  const wrk = requireProgram("wrk", ["/usr/bin/wrk"], "apt-get install wrk");
  const dataDir = temporaryDataDir();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-audio-nginx-"));
  const databaseOptions: DatabaseOptions = databaseUrl
    ? { kind: "postgres", url: databaseUrl }
    : { kind: "pglite", dataDir };
  const extraEnv = { ADMIN_PASSWORD: AUDIO_BENCH_PASSWORD, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const audio = benchAudioFile();
  try {
    await stopServer((await coldStart(dataDir, extraEnv)).server);
    const seeded = performance.now();
    const { downloads, historyEpisode } = await prepareAudioFolder(dataDir, databaseOptions, audio);
    console.error(`${downloads} downloads recorded in ${Math.round((performance.now() - seeded) / 1000)} s`);
    const { server } = await coldStart(dataDir, extraEnv);
    try {
      const audioResults = ANALYTICS_ONLY ? null : await measureAudio(wrk, server.url, audio, workDir);
      const analyticsResults = await measureAnalytics(wrk, server.url, historyEpisode);
      const summary = {
        date: new Date().toISOString(),
        machine: { cpus: os.cpus().length, loadAverage: os.loadavg().map((value) => Number(value.toFixed(2))) },
        database: databaseUrl ? "PostgreSQL" : "PGlite",
        generator: `wrk, ${THREADS} threads, ${AUDIO_CONNECTIONS} connections (${ANALYTICS_CONNECTIONS} for the analytics), ${DURATION_SECONDS} s per run`,
        downloadsRecorded: downloads,
        ...audioResults,
        analytics: analyticsResults.analytics,
        budget: AUDIO_BUDGET,
        withinBudget: (audioResults?.withinBudget ?? true) && analyticsResults.withinBudget,
      };
      const file = ANALYTICS_ONLY ? "latest-analytics.json" : "latest-audio.json";
      fs.mkdirSync(RESULTS_DIR, { recursive: true });
      fs.writeFileSync(path.join(RESULTS_DIR, file), `${JSON.stringify(summary, null, 2)}\n`);
      console.log(JSON.stringify(summary, null, 2));
      if (!summary.withinBudget) {
        console.error("An audio or analytics budget was missed (see above).");
        process.exitCode = 1;
      }
    } finally {
      await stopServer(server);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

const benchAudio = () =>
  BENCH_DATABASE_URL
    ? withFreshPostgresDatabase(BENCH_DATABASE_URL, "bench_audio", benchAudioOn)
    : benchAudioOn(undefined);

(MAIL_RECIPIENTS > 0 ? benchMail() : BENCH_AUDIO ? benchAudio() : main()).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
