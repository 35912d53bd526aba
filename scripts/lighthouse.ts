/**
 * Runs Lighthouse (mobile, simulated throttling) on every public page of the built server, on a fresh embedded
 * database with the sample content, and measures the JavaScript and CSS that `/` loads first; saves the HTML and
 * JSON reports under reports/lighthouse/ and fails when a page misses a budget.
 * `npm run lighthouse` holds the pages to the site's targets; `--ci` (what `npm test` runs) to the floors CI enforces
 * (decision 029); `--pages=/,/about` measures just those pages.
 */
import fs from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumArgs, chromiumExecutable } from "../tests/setup/chromium";
import { measureFirstLoadBundle } from "./first-load-bundle";
import { resolvePublicPages, startBuiltServer, temporaryDataDir } from "./public-pages";

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
  firstLoadJsGzipBytes: number;
  firstLoadCssGzipBytes: number;
};

/** The site's targets: full marks for speed, accessibility and SEO, and a small first load of `/`. */
const TARGETS: Budgets = {
  performance: 100,
  accessibility: 100,
  seo: 100,
  lcpMs: 1200,
  cls: 0,
  tbtMs: 50,
  firstLoadJsGzipBytes: 100 * 1024,
  firstLoadCssGzipBytes: 25 * 1024,
};

/**
 * What `npm test` enforces: the targets every run meets (accessibility, SEO, CLS, CSS), and floors under those that
 * the total blocking time of hydrating React keeps from being met on every run of this two-core machine (the score,
 * LCP) or at all (TBT, and the JavaScript React and React Router need), set to catch a regression without failing on
 * noise (docs/decisions/029-first-load.md).
 */
const CI_FLOORS: Budgets = {
  ...TARGETS,
  // Measured on 2026-11-25 with nothing else running: performance 96 to 100 and LCP 0.78 to 1.25 s per page; a
  // clean-clone CI run the same day, 89 to 100 and 0.78 to 1.13 s. The floors sit below both, so that a busy host
  // does not fail a sound page, and above what a page that waits for its scripts before painting would score.
  performance: 85,
  lcpMs: 1500,
  tbtMs: null,
  firstLoadJsGzipBytes: 180 * 1024,
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

/** A missed timing budget is measured twice more and judged on the median run, as Lighthouse advises for variance. */
const RUNS_ON_A_MISS = 3;

/** Lighthouse's benchmarkIndex of this 2-core machine when nothing else runs on it. */
const QUIET_BENCHMARK_INDEX = 2250;

/**
 * Lighthouse times the page's tasks on this machine and multiplies them by 4 to simulate a mid-range phone. While
 * other work slows the machine (its benchmarkIndex, measured at the start of each run, drops), the same multiplier
 * simulates a slower phone than intended; so a run after a miss scales the multiplier down in proportion, as
 * Lighthouse's throttling guide advises for hosts of other speeds. It never rises above Lighthouse's own.
 */
function calibratedThrottling(previous: LighthouseResult) {
  const throttling = previous.configSettings.throttling;
  const hostSpeed = Math.min(1, previous.environment.benchmarkIndex / QUIET_BENCHMARK_INDEX);
  return { ...throttling, cpuSlowdownMultiplier: (throttling.cpuSlowdownMultiplier ?? 4) * hostSpeed };
}

const CATEGORIES = ["performance", "accessibility", "seo"] as const;

function argument(name: string): string | null {
  const found = process.argv.find((value) => value.startsWith(`--${name}=`));
  return found ? found.slice(name.length + 3) : null;
}

type PageResult = {
  page: string;
  runs: number;
  cpuSlowdown: number;
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

function timings(lhr: LighthouseResult) {
  return {
    performance: score(lhr.categories.performance?.score),
    lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.POSITIVE_INFINITY),
    cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.POSITIVE_INFINITY,
    tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? Number.POSITIVE_INFINITY),
  };
}

function timingFailures(lhr: LighthouseResult, budgets: Budgets): string[] {
  const measured = timings(lhr);
  const failures: string[] = [];
  if (measured.performance < budgets.performance) failures.push(`performance ${measured.performance}`);
  if (budgets.lcpMs !== null && measured.lcpMs >= budgets.lcpMs) failures.push(`LCP ${measured.lcpMs} ms`);
  if (measured.cls > budgets.cls) failures.push(`CLS ${measured.cls.toFixed(3)}`);
  if (budgets.tbtMs !== null && measured.tbtMs >= budgets.tbtMs) failures.push(`TBT ${measured.tbtMs} ms`);
  return failures;
}

/** Rules that do not depend on timing: categories scored in full, the first-load audits, no early video or foreign blocking request. */
function ruleFailures(lhr: LighthouseResult, budgets: Budgets, pageUrl: string): string[] {
  const failures: string[] = [];
  const accessibility = score(lhr.categories.accessibility?.score);
  const seo = score(lhr.categories.seo?.score);
  if (accessibility < budgets.accessibility) failures.push(`accessibility ${accessibility}`);
  if (seo < budgets.seo) failures.push(`SEO ${seo}`);
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
  const requests = (lhr.audits["network-requests"]?.details as { items?: NetworkRequest[] } | undefined)?.items;
  for (const request of requests ?? []) {
    if (request.resourceType === "Media" || request.mimeType?.startsWith("video/"))
      failures.push(`video downloaded before it was played: ${request.url}`);
  }
  return failures;
}

type NetworkRequest = { url: string; resourceType?: string; mimeType?: string };

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
  const budgets = process.argv.includes("--ci") ? CI_FLOORS : TARGETS;
  fs.rmSync(REPORT_DIR, { recursive: true, force: true });
  fs.mkdirSync(REPORT_DIR, { recursive: true });
  const dataDir = temporaryDataDir();
  const server = await startBuiltServer(dataDir);
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumExecutable(),
    chromeFlags: [...chromiumArgs, "--headless=new"],
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
    fs.writeFileSync(path.join(REPORT_DIR, `${reportName(page)}.html`), html);
    fs.writeFileSync(path.join(REPORT_DIR, `${reportName(page)}.json`), json);
    return runnerResult.lhr;
  }

  const results: PageResult[] = [];
  const bundleFailures: string[] = [];
  let bundle: Awaited<ReturnType<typeof measureFirstLoadBundle>>;
  try {
    bundle = await measureFirstLoadBundle(`${server.url}/`);
    if (bundle.jsGzipBytes > budgets.firstLoadJsGzipBytes) bundleFailures.push(`JavaScript ${kb(bundle.jsGzipBytes)}`);
    if (bundle.cssGzipBytes > budgets.firstLoadCssGzipBytes) bundleFailures.push(`CSS ${kb(bundle.cssGzipBytes)}`);

    for (const page of argument("pages")?.split(",") ?? (await resolvePublicPages(server.url))) {
      // Visitors get public pages from the page cache; a first, uncached render is not what they wait for.
      await fetch(`${server.url}${page}`, { headers: { "Accept-Encoding": "gzip" } });
      const runs = [await measure(page)];
      // A trace Chromium failed to record (NO_NAVSTART and the like) says nothing about the page: measured again.
      if (runs[0].runtimeError) runs[0] = await measure(page);
      if (timingFailures(runs[0], budgets).length > 0) {
        while (runs.length < RUNS_ON_A_MISS)
          runs.push(await measure(page, calibratedThrottling(runs[runs.length - 1])));
      }
      const sorted = [...runs].sort((a, b) => timings(a).performance - timings(b).performance);
      const median = sorted[Math.floor(sorted.length / 2)];
      const failures = [
        ...(median.runtimeError ? [`runtime error: ${median.runtimeError.message}`] : []),
        ...timingFailures(median, budgets),
        ...ruleFailures(median, budgets, `${server.url}${page}`),
      ];
      if (failures.length > 0) failures.push(...failingAudits(median));
      results.push({
        page,
        runs: runs.length,
        cpuSlowdown: Number((median.configSettings.throttling.cpuSlowdownMultiplier ?? 4).toFixed(1)),
        ...timings(median),
        accessibility: score(median.categories.accessibility?.score),
        seo: score(median.categories.seo?.score),
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
    `${JSON.stringify({ budgets, firstLoadAudits: FIRST_LOAD_AUDITS, bundle, bundleFailures, results }, null, 2)}\n`,
  );
  const held = budgets === CI_FLOORS ? "the floors CI enforces" : "the site's targets";
  console.log(
    `\nLighthouse ${lighthouseVersion()} (mobile, simulated throttling), held to ${held}; reports in ${REPORT_DIR}`,
  );
  console.table(
    results.map(({ page, runs, cpuSlowdown, performance, lcpMs, cls, tbtMs, accessibility, seo, failures }) => ({
      page,
      runs,
      "CPU ×": cpuSlowdown,
      performance,
      "LCP ms": lcpMs,
      CLS: Number(cls.toFixed(3)),
      "TBT ms": tbtMs,
      accessibility,
      seo,
      budget: failures.length === 0 ? "ok" : "MISSED",
    })),
  );
  console.log(
    `First load of /: JavaScript ${kb(bundle.jsGzipBytes)} gzip (budget ${kb(budgets.firstLoadJsGzipBytes)}), ` +
      `CSS ${kb(bundle.cssGzipBytes)} gzip (budget ${kb(budgets.firstLoadCssGzipBytes)}), ${bundle.files.length} files`,
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
