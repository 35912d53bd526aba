/**
 * Runs Lighthouse (mobile, simulated throttling) on every public page of the built server, on a fresh embedded
 * database with the sample content, three times per page, and measures the JavaScript and CSS that `/` loads first;
 * saves each page's median HTML and JSON reports under reports/lighthouse/ and fails when a page misses a budget.
 * A page that loads no React and a hydrating page have budgets of their own (decisions 029 and 036).
 * `npm run lighthouse` holds the pages to the site's targets; `--ci` (what `npm test` runs) to the floors CI enforces;
 * `--pages=/,/about` measures just those pages.
 */
import fs from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { matchPath } from "react-router";
import { chromiumArgs, chromiumExecutable } from "../tests/setup/chromium";
import { measureFirstLoadBundle } from "./first-load-bundle";
import { listPublicRoutes, resolvePublicPages, startBuiltServer, temporaryDataDir } from "./public-pages";

const REPORT_DIR = path.resolve("reports/lighthouse");

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

type Budgets = {
  performance: number;
  accessibility: number;
  seo: number;
  /** null: measured and shown, not held to a budget. */
  lcpMs: number | null;
  cls: number;
  tbtMs: number | null;
  /** The JavaScript the browser fetched for the page, gzip as sent; null: not held. */
  pageJsGzipBytes: number | null;
};

/** A page's kind: one that loads React and hydrates, or one whose behaviour is complete without it (decision 036). */
type PageKind = "hydrating" | "script-free";

/**
 * The site's targets. A page that loads no React is held to full marks and a first load of at most 10 KB of
 * JavaScript; a hydrating page to 97 and a total blocking time under 150 ms, what evaluating React and hydrating
 * leaves room for (decision 029); `/`'s first load is held apart (below).
 */
const TARGETS: Record<PageKind, Budgets> = {
  "script-free": {
    performance: 100,
    accessibility: 100,
    seo: 100,
    lcpMs: 1200,
    cls: 0,
    tbtMs: 50,
    pageJsGzipBytes: 10 * 1024,
  },
  hydrating: {
    performance: 97,
    accessibility: 100,
    seo: 100,
    lcpMs: 1200,
    cls: 0,
    tbtMs: 150,
    pageJsGzipBytes: null,
  },
};

/**
 * `/`'s first load: its CSS, and its JavaScript beyond the framework chunk (React, React DOM and React Router's
 * runtime, 105 KB that every hydrating page shares), which issue 20 holds to 30 KB in place of 029's 100 KB for the
 * whole, a figure no hydrating page can meet. The whole is still measured and shown.
 */
const HOME_FIRST_LOAD_BUDGETS = { pageCodeGzipBytes: 30 * 1024, cssGzipBytes: 25 * 1024 };

/**
 * What `npm test` enforces on the median of three runs: a page without React to the same targets, and a hydrating
 * page to a score of 90 and an LCP under 1.8 s, TBT shown but not held, as issue 20 asks. How fast this host's Chromium
 * does a page's work decides whether they pass (docs/decisions/046-lighthouse-per-page-kind.md): on 2026-11-25 one
 * host of this kind met every target, and another, with the same build, scored the hydrating pages 74 to 90 and the
 * pages without React 90 to 98.
 */
const CI_FLOORS: Record<PageKind, Budgets> = {
  "script-free": TARGETS["script-free"],
  hydrating: { ...TARGETS.hydrating, performance: 90, lcpMs: 1800, tbtMs: null },
};

/**
 * Audits that check the first-load rules on every page, whatever the timing: images sized, lazy below the fold,
 * in modern formats and no larger than drawn; text compressed; the largest image neither lazy nor discovered late;
 * text shown while fonts load.
 */
const FIRST_LOAD_AUDITS = [
  "unsized-images",
  "offscreen-images",
  "modern-image-formats",
  "uses-optimized-images",
  "uses-responsive-images",
  "efficient-animated-content",
  "uses-text-compression",
  "lcp-lazy-loaded",
  "prioritize-lcp-image",
  "font-display",
];

/**
 * Each page is judged on the median of three runs, metric by metric, as Lighthouse advises for variance. When the
 * first two runs both meet every timing budget the median of three meets them whatever the third would give, so the
 * third run is left out; the figures shown are then the worse of the two.
 */
const RUNS = 3;

/** Lighthouse's benchmarkIndex of this 2-core machine when nothing else runs on it. */
const QUIET_BENCHMARK_INDEX = 2250;

/**
 * Lighthouse times the page's tasks on this machine and multiplies them by 4 to simulate a mid-range phone. While
 * other work slows the machine (its benchmarkIndex, measured at the start of each run, drops), the same multiplier
 * simulates a slower phone than intended; so each run after a page's first scales the multiplier down in proportion, as
 * Lighthouse's throttling guide advises for hosts of other speeds. It never rises above Lighthouse's own.
 */
function calibratedThrottling(previous: LighthouseResult) {
  const throttling = previous.configSettings.throttling;
  const hostSpeed = Math.min(1, previous.environment.benchmarkIndex / QUIET_BENCHMARK_INDEX);
  return { ...throttling, cpuSlowdownMultiplier: (throttling.cpuSlowdownMultiplier ?? 4) * hostSpeed };
}

/**
 * Chromium takes only the last `--disable-features`, so chrome-launcher's list is repeated with one more: the address
 * bar's suggestion popup, which Chromium 156 draws as a web page of its own while the browser starts. A phone's browser
 * has no such work; in the lab its tasks appeared in the measured page's trace as "Unattributable" long tasks, 20 to
 * 100 ms of TBT on a page with no script at all.
 */
const LAUNCHER_DISABLED_FEATURES = chromeLauncher.Launcher.defaultFlags().find((flag) =>
  flag.startsWith("--disable-features="),
);
const LAB_DISABLED_FEATURES = `${LAUNCHER_DISABLED_FEATURES},WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup`;

const CATEGORIES = ["performance", "accessibility", "seo"] as const;

function argument(name: string): string | null {
  const found = process.argv.find((value) => value.startsWith(`--${name}=`));
  return found ? found.slice(name.length + 3) : null;
}

type PageResult = {
  page: string;
  kind: PageKind;
  runs: number;
  /** The CPU slowdown of each run. */
  cpuSlowdown: number[];
  jsBytes: number;
  performance: number;
  accessibility: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  failures: string[];
};

function score(value: number | null | undefined) {
  return Math.round((value ?? 0) * 100);
}

function reportName(page: string) {
  return page === "/" ? "home" : page.slice(1).replace(/[^a-z0-9]+/gi, "-");
}

type Timings = { performance: number; lcpMs: number; cls: number; tbtMs: number };

function timings(lhr: LighthouseResult): Timings {
  return {
    performance: score(lhr.categories.performance?.score),
    lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.POSITIVE_INFINITY),
    cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.POSITIVE_INFINITY,
    tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? Number.POSITIVE_INFINITY),
  };
}

/** Each metric's median over three runs, or its worse value over two (which the median of three cannot be below). */
function judgedTimings(runs: LighthouseResult[]): Timings {
  const measured = runs.map(timings);
  const pick = (metric: keyof Timings, worse: (a: number, b: number) => number) => {
    const values = measured.map((run) => run[metric]).sort((a, b) => a - b);
    return values.length === 2 ? worse(values[0], values[1]) : values[Math.floor(values.length / 2)];
  };
  return {
    performance: pick("performance", Math.min),
    lcpMs: pick("lcpMs", Math.max),
    cls: pick("cls", Math.max),
    tbtMs: pick("tbtMs", Math.max),
  };
}

function timingFailures(measured: Timings, budgets: Budgets): string[] {
  const failures: string[] = [];
  if (measured.performance < budgets.performance) failures.push(`performance ${measured.performance}`);
  if (budgets.lcpMs !== null && measured.lcpMs >= budgets.lcpMs) failures.push(`LCP ${measured.lcpMs} ms`);
  if (measured.cls > budgets.cls) failures.push(`CLS ${measured.cls.toFixed(3)}`);
  if (budgets.tbtMs !== null && measured.tbtMs >= budgets.tbtMs) failures.push(`TBT ${measured.tbtMs} ms`);
  return failures;
}

type NetworkRequest = { url: string; resourceType?: string; mimeType?: string; transferSize?: number };

function networkRequests(lhr: LighthouseResult): NetworkRequest[] {
  return (lhr.audits["network-requests"]?.details as { items?: NetworkRequest[] } | undefined)?.items ?? [];
}

/** The JavaScript the browser fetched for the page, as sent (the server compresses it). */
function pageJsBytes(lhr: LighthouseResult): number {
  return networkRequests(lhr)
    .filter((request) => request.resourceType === "Script")
    .reduce((total, request) => total + (request.transferSize ?? 0), 0);
}

/** Rules that do not depend on timing: categories scored in full, the first-load audits, no early video or foreign blocking request. */
function ruleFailures(lhr: LighthouseResult, budgets: Budgets, pageUrl: string): string[] {
  const failures: string[] = [];
  const accessibility = score(lhr.categories.accessibility?.score);
  const seo = score(lhr.categories.seo?.score);
  if (accessibility < budgets.accessibility) failures.push(`accessibility ${accessibility}`);
  if (seo < budgets.seo) failures.push(`SEO ${seo}`);
  const jsBytes = pageJsBytes(lhr);
  if (budgets.pageJsGzipBytes !== null && jsBytes > budgets.pageJsGzipBytes) failures.push(`JavaScript ${kb(jsBytes)}`);
  for (const id of FIRST_LOAD_AUDITS) {
    const audit = lhr.audits[id];
    if (!audit) failures.push(`${id} missing from the report`);
    else if (audit.score !== null && audit.score < 1)
      failures.push(`${id} (${audit.displayValue ?? score(audit.score)})`);
  }
  const origin = new URL(pageUrl).origin;
  const blocking = (lhr.audits["render-blocking-resources"]?.details as { items?: { url: string }[] } | undefined)
    ?.items;
  for (const { url } of blocking ?? []) {
    if (new URL(url).origin !== origin) failures.push(`render-blocking third-party request ${url}`);
  }
  for (const request of networkRequests(lhr)) {
    if (request.resourceType === "Media" || request.mimeType?.startsWith("video/"))
      failures.push(`video downloaded before it was played: ${request.url}`);
  }
  return failures;
}

/** Names the failing weighted audits, so that CI's log says what to fix without opening the report. */
function failingAudits(lhr: LighthouseResult): string[] {
  const names: string[] = [];
  for (const [id, category] of Object.entries(lhr.categories)) {
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
        names.push(`${id}/${ref.id} (${audit.displayValue ?? score(audit.score)})`);
    }
  }
  return names;
}

async function main() {
  const ci = process.argv.includes("--ci");
  const budgets = ci ? CI_FLOORS : TARGETS;
  fs.rmSync(REPORT_DIR, { recursive: true, force: true });
  fs.mkdirSync(REPORT_DIR, { recursive: true });
  const dataDir = temporaryDataDir();
  const server = await startBuiltServer(dataDir);
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumExecutable(),
    chromeFlags: [...chromiumArgs, "--headless=new", LAB_DISABLED_FEATURES],
  });

  async function measure(page: string, throttling?: LighthouseResult["configSettings"]["throttling"]) {
    const runnerResult = await lighthouse(`${server.url}${page}`, {
      port: chrome.port,
      output: ["html", "json"],
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
      ...(throttling && { throttling }),
    });
    if (!runnerResult) throw new Error(`Lighthouse returned no result for ${page}`);
    const [html, json] = runnerResult.report as string[];
    return { lhr: runnerResult.lhr, html, json };
  }

  const results: PageResult[] = [];
  const bundleFailures: string[] = [];
  let bundle: Awaited<ReturnType<typeof measureFirstLoadBundle>>;
  try {
    bundle = await measureFirstLoadBundle(`${server.url}/`);
    if (bundle.pageCodeGzipBytes > HOME_FIRST_LOAD_BUDGETS.pageCodeGzipBytes)
      bundleFailures.push(`page code ${kb(bundle.pageCodeGzipBytes)}`);
    if (bundle.cssGzipBytes > HOME_FIRST_LOAD_BUDGETS.cssGzipBytes)
      bundleFailures.push(`CSS ${kb(bundle.cssGzipBytes)}`);

    const routes = await listPublicRoutes();
    for (const page of argument("pages")?.split(",") ?? (await resolvePublicPages(server.url))) {
      const route = routes.find((candidate) => candidate.page && matchPath(candidate.path, page));
      // A page no public route answers has no kind to judge it by, and would otherwise be held to the wrong budgets.
      if (!route) throw new Error(`${page} is not a public page of the site (--pages takes the site's own addresses)`);
      const kind: PageKind = route.hydrates ? "hydrating" : "script-free";
      const pageBudgets = budgets[kind];
      // Visitors get public pages from the page cache; a first, uncached render is not what they wait for.
      await fetch(`${server.url}${page}`, { headers: { "Accept-Encoding": "gzip" } });
      const runs: Awaited<ReturnType<typeof measure>>[] = [];
      while (runs.length < RUNS) {
        const previous = runs.at(-1);
        let run = await measure(page, previous && calibratedThrottling(previous.lhr));
        // A trace Chromium failed to record (NO_NAVSTART and the like) says nothing about the page: measured again.
        if (run.lhr.runtimeError) run = await measure(page, previous && calibratedThrottling(previous.lhr));
        runs.push(run);
        const decided =
          runs.length === 2 && runs.every((each) => timingFailures(timings(each.lhr), pageBudgets).length === 0);
        if (decided) break;
      }
      const judged = judgedTimings(runs.map((run) => run.lhr));
      // The rules that do not depend on timing are read from the run with the median score, whose report is kept.
      const bySpeed = [...runs].sort((a, b) => timings(a.lhr).performance - timings(b.lhr).performance);
      const median = bySpeed[Math.floor((bySpeed.length - 1) / 2)];
      fs.writeFileSync(path.join(REPORT_DIR, `${reportName(page)}.html`), median.html);
      fs.writeFileSync(path.join(REPORT_DIR, `${reportName(page)}.json`), median.json);
      const errors = runs.filter((run) => run.lhr.runtimeError);
      const failures = [
        ...errors.map((run) => `runtime error: ${run.lhr.runtimeError?.message}`),
        ...timingFailures(judged, pageBudgets),
        ...ruleFailures(median.lhr, pageBudgets, `${server.url}${page}`),
      ];
      if (failures.length > 0) failures.push(...failingAudits(median.lhr));
      results.push({
        page,
        kind,
        runs: runs.length,
        cpuSlowdown: runs.map((run) =>
          Number((run.lhr.configSettings.throttling.cpuSlowdownMultiplier ?? 4).toFixed(1)),
        ),
        jsBytes: pageJsBytes(median.lhr),
        ...judged,
        accessibility: score(median.lhr.categories.accessibility?.score),
        seo: score(median.lhr.categories.seo?.score),
        failures,
      });
      console.log(`${page}: ${failures.length === 0 ? "within budget" : [...new Set(failures)].join(", ")}`);
    }
  } finally {
    chrome.kill();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  fs.writeFileSync(
    path.join(REPORT_DIR, "summary.json"),
    `${JSON.stringify({ budgets, homeBudgets: HOME_FIRST_LOAD_BUDGETS, firstLoadAudits: FIRST_LOAD_AUDITS, bundle, bundleFailures, results }, null, 2)}\n`,
  );
  const held = ci ? "the floors CI enforces" : "the site's targets";
  console.log(
    `\nLighthouse ${lighthouseVersion()} (mobile, simulated throttling), held to ${held} on the median of ${RUNS} runs; reports in ${REPORT_DIR}`,
  );
  console.table(
    results.map(
      ({ page, kind, runs, cpuSlowdown, jsBytes, performance, lcpMs, cls, tbtMs, accessibility, seo, failures }) => ({
        page,
        kind,
        runs,
        "CPU ×": cpuSlowdown.join(", "),
        performance,
        "LCP ms": lcpMs,
        CLS: Number(cls.toFixed(3)),
        "TBT ms": tbtMs,
        "JS KB": Number((jsBytes / 1024).toFixed(1)),
        accessibility,
        seo,
        budget: failures.length === 0 ? "ok" : "MISSED",
      }),
    ),
  );
  console.log(
    `First load of /: JavaScript ${kb(bundle.jsGzipBytes)} gzip, of which page code ${kb(bundle.pageCodeGzipBytes)} ` +
      `(budget ${kb(HOME_FIRST_LOAD_BUDGETS.pageCodeGzipBytes)}), ` +
      `CSS ${kb(bundle.cssGzipBytes)} gzip (budget ${kb(HOME_FIRST_LOAD_BUDGETS.cssGzipBytes)}), ${bundle.files.length} files`,
  );
  const missed = results.filter((result) => result.failures.length > 0);
  if (missed.length > 0)
    console.error(`${missed.length} page(s) missed a Lighthouse budget: ${missed.map((r) => r.page).join(", ")}`);
  if (bundleFailures.length > 0) console.error(`The first load of / is over budget: ${bundleFailures.join(", ")}`);
  if (missed.length > 0 || bundleFailures.length > 0) process.exit(1);
}

function kb(bytes: number) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function lighthouseVersion() {
  const manifest = JSON.parse(fs.readFileSync(path.resolve("node_modules/lighthouse/package.json"), "utf8"));
  return manifest.version as string;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
