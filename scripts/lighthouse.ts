/**
 * Runs Lighthouse (mobile, simulated throttling) on every public page of the built server, on a fresh embedded
 * database with the sample content, and saves each page's kept HTML and JSON reports under reports/lighthouse/ with a
 * summary.json. Two uses (docs/decisions/050-lighthouse-in-ci.md):
 * - `--ci` (`npm run test:lighthouse`, the last step of `npm test`): one run per page, failing only on what a page is
 *   (scripts/lighthouse-budgets.ts: accessibility, SEO, CLS, the first-load audits, bytes, requests). Performance,
 *   FCP, LCP and TBT are printed and never failed on: they measure the host and its Chromium as much as the page.
 * - without it (`npm run lighthouse`), the speed benchmark: up to three runs per page, the same rules and the timing
 *   targets on each metric's median, every figure printed beside the browser's version and Lighthouse's benchmark
 *   index of its host.
 * `--pages=/,/about` measures just those pages.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { matchPath } from "react-router";
import { chromiumArgs, chromiumExecutable } from "#tests/setup/chromium";
import { type FirstLoadBundle, measureFirstLoadBundle } from "./first-load-bundle";
import {
  calibratedThrottling,
  cumulativeLayoutShift,
  FIRST_LOAD_AUDITS,
  failingAudits,
  fetchedRequests,
  jsBytesAsSent,
  judgedTimings,
  type LighthouseResult,
  PAGE_RULES,
  type PageKind,
  pageFailures,
  score,
  TIMING_TARGETS,
  timingFailures,
  timings,
} from "./lighthouse-budgets";
import { listPublicRoutes, resolvePublicPages, startBuiltServer, temporaryDataDir } from "./public-pages";

const REPORT_DIR = path.resolve("reports/lighthouse");

/** The benchmark's runs per page; its figures are each metric's median (Lighthouse's advice for variance). */
const BENCHMARK_RUNS = 3;

/** A trace Chromium failed to record (NO_NAVSTART and the like) says nothing about the page: measured again. */
const ATTEMPTS_PER_RUN = 3;

/**
 * Chromium takes only the last `--disable-features`, so chrome-launcher's list is repeated with one more: the address
 * bar's suggestion popup, which Chromium draws as a web page of its own while the browser starts. A phone's browser
 * has no such work, and in the lab its tasks would land in the measured page's trace as "Unattributable" long tasks.
 */
const LAUNCHER_DISABLED_FEATURES = chromeLauncher.Launcher.defaultFlags().find((flag) =>
  flag.startsWith("--disable-features="),
);
const LAB_DISABLED_FEATURES = `${LAUNCHER_DISABLED_FEATURES},WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup`;

/**
 * Where each run's tab is before it navigates to the page. Lighthouse opens a new tab at about:blank; the site's
 * Cross-Origin-Opener-Policy gives its pages a browsing context group of their own, so from about:blank Chromium
 * starts a renderer process for the page in the middle of the measured navigation. The process's start-up then runs
 * beside the page's first task (the "Unattributable" commit of the navigation, decision 050), and when tracing reaches
 * the new process only after it has committed the page, the trace has no navigationStart and Lighthouse no result
 * (NO_NAVSTART). From one of the site's own addresses, sent with the same header, the renderer is running before the
 * trace starts and the page is committed in it, as a visitor's next page on the site is. The tab is new for every run,
 * so no run inherits another's process; and Lighthouse clears the origin's storage and the browser's cache after this
 * address, so the page's own load is still a first one.
 */
const BLANK_PAGE = "/robots.txt";

const CATEGORIES = ["performance", "accessibility", "seo"] as const;

function argument(name: string): string | null {
  const found = process.argv.find((value) => value.startsWith(`--${name}=`));
  return found ? found.slice(name.length + 3) : null;
}

type PageResult = {
  page: string;
  kind: PageKind;
  browser: string;
  runs: number;
  /** Lighthouse's benchmarkIndex of the host at each run. */
  benchmarkIndex: number[];
  /** The CPU slowdown of each run. */
  cpuSlowdown: number[];
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  accessibility: number;
  seo: number;
  requests: number;
  jsBytesAsSent: number;
  bundle: FirstLoadBundle;
  failures: string[];
};

function reportName(page: string) {
  return page === "/" ? "home" : page.slice(1).replace(/[^a-z0-9]+/gi, "-");
}

/**
 * The browser's name and full version as it states them (Lighthouse records only the user agent, whose version is
 * reduced to the major number). Debian's launcher script writes shell noise to stderr, which is left out.
 */
function browserVersion(): string {
  return execFileSync(chromiumExecutable(), ["--version"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  }).trim();
}

/** The browser's name and version without the build's description, for the table. */
function shortBrowserVersion(version: string): string {
  return version.replace(/ built on .*$/, "");
}

async function main() {
  const ci = process.argv.includes("--ci");
  const browser = browserVersion();
  fs.rmSync(REPORT_DIR, { recursive: true, force: true });
  fs.mkdirSync(REPORT_DIR, { recursive: true });
  const dataDir = temporaryDataDir();
  const server = await startBuiltServer(dataDir);
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumExecutable(),
    chromeFlags: [...chromiumArgs, "--headless=new", LAB_DISABLED_FEATURES],
  });

  async function measureOnce(page: string, throttling?: LighthouseResult["configSettings"]["throttling"]) {
    const runnerResult = await lighthouse(`${server.url}${page}`, {
      port: chrome.port,
      output: ["html", "json"],
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
      blankPage: `${server.url}${BLANK_PAGE}`,
      ...(throttling && { throttling }),
    });
    if (!runnerResult) throw new Error(`Lighthouse returned no result for ${page}`);
    const [html, json] = runnerResult.report as string[];
    return { lhr: runnerResult.lhr, html, json };
  }

  async function measure(page: string, throttling?: LighthouseResult["configSettings"]["throttling"]) {
    let run = await measureOnce(page, throttling);
    for (let attempt = 1; attempt < ATTEMPTS_PER_RUN && run.lhr.runtimeError; attempt++) {
      console.log(`${page}: Lighthouse could not read the run (${run.lhr.runtimeError.code}); measured again`);
      run = await measureOnce(page, throttling);
    }
    return run;
  }

  const results: PageResult[] = [];
  try {
    const routes = await listPublicRoutes();
    for (const page of argument("pages")?.split(",") ?? (await resolvePublicPages(server.url))) {
      const route = routes.find((candidate) => candidate.page && matchPath(candidate.path, page));
      // A page no public route answers has no kind to judge it by, and would otherwise be held to the wrong budgets.
      if (!route) throw new Error(`${page} is not a public page of the site (--pages takes the site's own addresses)`);
      const kind: PageKind = route.hydrates ? "hydrating" : "script-free";
      const pageUrl = `${server.url}${page}`;
      // Visitors get public pages from the page cache; a first, uncached render is not what they wait for.
      await fetch(pageUrl, { headers: { "Accept-Encoding": "gzip" } });
      const bundle = await measureFirstLoadBundle(pageUrl);
      const runs: Awaited<ReturnType<typeof measure>>[] = [];
      while (runs.length < (ci ? 1 : BENCHMARK_RUNS)) {
        const [first, previous] = [runs.at(0), runs.at(-1)];
        runs.push(await measure(page, first && previous && calibratedThrottling(first.lhr, previous.lhr)));
        const decided =
          runs.length === 2 &&
          runs.every((each) => timingFailures(timings(each.lhr), TIMING_TARGETS[kind]).length === 0);
        if (decided) break;
      }
      const judged = judgedTimings(runs.map((run) => run.lhr));
      // What a page is, read from the run with the median score, whose report is kept.
      const bySpeed = [...runs].sort((a, b) => timings(a.lhr).performance - timings(b.lhr).performance);
      const kept = bySpeed[Math.floor((bySpeed.length - 1) / 2)];
      fs.writeFileSync(path.join(REPORT_DIR, `${reportName(page)}.html`), kept.html);
      fs.writeFileSync(path.join(REPORT_DIR, `${reportName(page)}.json`), kept.json);
      const failures = [
        ...runs
          .filter((run) => run !== kept && run.lhr.runtimeError)
          .map((run) => `runtime error: ${run.lhr.runtimeError?.message}`),
        ...pageFailures(kept.lhr, { kind, pageUrl, bundle }),
        ...(ci ? [] : timingFailures(judged, TIMING_TARGETS[kind])),
      ];
      if (failures.length > 0) failures.push(...failingAudits(kept.lhr, ci ? ["accessibility", "seo"] : CATEGORIES));
      results.push({
        page,
        kind,
        browser,
        runs: runs.length,
        benchmarkIndex: runs.map((run) => Math.round(run.lhr.environment.benchmarkIndex)),
        cpuSlowdown: runs.map((run) =>
          Number((run.lhr.configSettings.throttling.cpuSlowdownMultiplier ?? 4).toFixed(1)),
        ),
        ...judged,
        cls: cumulativeLayoutShift(kept.lhr),
        accessibility: score(kept.lhr.categories.accessibility?.score),
        seo: score(kept.lhr.categories.seo?.score),
        requests: fetchedRequests(kept.lhr).length,
        jsBytesAsSent: jsBytesAsSent(kept.lhr),
        bundle,
        failures,
      });
      console.log(`${page}: ${failures.length === 0 ? "ok" : [...new Set(failures)].join(", ")}`);
    }
  } finally {
    chrome.kill();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  fs.writeFileSync(
    path.join(REPORT_DIR, "summary.json"),
    `${JSON.stringify(
      {
        mode: ci ? "ci" : "benchmark",
        lighthouse: lighthouseVersion(),
        browser,
        pageRules: PAGE_RULES,
        firstLoadAudits: FIRST_LOAD_AUDITS,
        timingTargets: TIMING_TARGETS,
        timingTargetsHeld: !ci,
        results,
      },
      null,
      2,
    )}\n`,
  );
  console.log(
    ci
      ? `\nLighthouse ${lighthouseVersion()} (mobile, simulated throttling) in ${browser}, one run per page: CI holds what each page is; ` +
          `performance, FCP, LCP and TBT are the host's as much as the page's, shown and not held. Reports in ${REPORT_DIR}`
      : `\nLighthouse ${lighthouseVersion()} (mobile, simulated throttling) in ${browser}, the timing targets held on the median of up to ` +
          `${BENCHMARK_RUNS} runs; every figure is this browser's on this host (benchmark index per run). Reports in ${REPORT_DIR}`,
  );
  console.table(
    results.map((result) => ({
      page: result.page,
      kind: result.kind,
      ...(ci ? {} : { runs: result.runs, "CPU ×": result.cpuSlowdown.join(", ") }),
      requests: result.requests,
      "JS KB": Number((result.jsBytesAsSent / 1024).toFixed(1)),
      "page code KB": result.kind === "hydrating" ? Number((result.bundle.pageCodeGzipBytes / 1024).toFixed(1)) : "",
      "CSS KB": Number((result.bundle.cssGzipBytes / 1024).toFixed(1)),
      CLS: Number(result.cls.toFixed(3)),
      a11y: result.accessibility,
      SEO: result.seo,
      performance: result.performance,
      "FCP ms": result.fcpMs,
      "LCP ms": result.lcpMs,
      "TBT ms": result.tbtMs,
      browser: shortBrowserVersion(result.browser),
      "benchmark index": result.benchmarkIndex.join(", "),
      result: result.failures.length === 0 ? "ok" : "FAILED",
    })),
  );
  const failed = results.filter((result) => result.failures.length > 0);
  if (failed.length > 0) {
    console.error(`${failed.length} page(s) failed: ${failed.map((r) => r.page).join(", ")}`);
    process.exit(1);
  }
}

function lighthouseVersion() {
  const manifest = JSON.parse(fs.readFileSync(path.resolve("node_modules/lighthouse/package.json"), "utf8"));
  return manifest.version as string;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
