/**
 * Runs Lighthouse (mobile, simulated throttling) on every public page of the built server, on a fresh embedded
 * database with the sample content, and measures the JavaScript and CSS that `/` loads first; saves the HTML and
 * JSON reports under reports/lighthouse/ and fails when a page misses a budget.
 * `npm run lighthouse` checks every budget; `--only=accessibility,seo` (what `npm test` runs) checks just those, and
 * `--pages=/,/about` measures just those pages.
 */
import fs from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumArgs, chromiumExecutable } from "../tests/setup/chromium";
import { measureFirstLoadBundle } from "./first-load-bundle";
import { resolvePublicPages, startBuiltServer, temporaryDataDir } from "./public-pages";

const REPORT_DIR = path.resolve("reports/lighthouse");

/** Issue 8 (performance) and issue 6 (SEO, accessibility): the floors CI enforces. */
const BUDGETS = {
  performance: 95,
  accessibility: 100,
  seo: 100,
  lcpMs: 1200,
  cls: 0,
  tbtMs: 50,
  firstLoadJsGzipBytes: 100 * 1024,
  firstLoadCssGzipBytes: 25 * 1024,
};

const CHECKS = ["performance", "accessibility", "seo", "bundle"] as const;
type Check = (typeof CHECKS)[number];

function checksFromArguments(): Set<Check> {
  const only = process.argv.find((argument) => argument.startsWith("--only="));
  if (!only) return new Set(CHECKS);
  const names = only.slice("--only=".length).split(",");
  const unknown = names.filter((name) => !CHECKS.includes(name as Check));
  if (unknown.length > 0) throw new Error(`Unknown check ${unknown.join(", ")}; choose from ${CHECKS.join(", ")}`);
  return new Set(names as Check[]);
}

function pagesFromArguments(): string[] | null {
  const pages = process.argv.find((argument) => argument.startsWith("--pages="));
  return pages ? pages.slice("--pages=".length).split(",") : null;
}

type PageResult = {
  page: string;
  performance?: number;
  accessibility?: number;
  seo?: number;
  lcpMs?: number;
  cls?: number;
  tbtMs?: number;
  failures: string[];
};

function score(value: number | null | undefined) {
  return Math.round((value ?? 0) * 100);
}

function reportName(page: string) {
  return page === "/" ? "home" : page.slice(1).replace(/[^a-z0-9]+/gi, "-");
}

async function main() {
  const checks = checksFromArguments();
  const categories = CHECKS.filter((check) => check !== "bundle" && checks.has(check));
  fs.rmSync(REPORT_DIR, { recursive: true, force: true });
  fs.mkdirSync(REPORT_DIR, { recursive: true });
  const dataDir = temporaryDataDir();
  const server = await startBuiltServer(dataDir);
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumExecutable(),
    chromeFlags: [...chromiumArgs, "--headless=new"],
  });
  const results: PageResult[] = [];
  const bundleFailures: string[] = [];
  let bundle: Awaited<ReturnType<typeof measureFirstLoadBundle>> | null = null;
  try {
    if (checks.has("bundle")) {
      bundle = await measureFirstLoadBundle(`${server.url}/`);
      if (bundle.jsGzipBytes > BUDGETS.firstLoadJsGzipBytes)
        bundleFailures.push(`JavaScript ${kb(bundle.jsGzipBytes)}`);
      if (bundle.cssGzipBytes > BUDGETS.firstLoadCssGzipBytes) bundleFailures.push(`CSS ${kb(bundle.cssGzipBytes)}`);
    }
    const pages = categories.length > 0 ? (pagesFromArguments() ?? (await resolvePublicPages(server.url))) : [];
    for (const page of pages) {
      // Visitors get public pages from the page cache; a first, uncached render is not what they wait for.
      await fetch(`${server.url}${page}`, { headers: { "Accept-Encoding": "gzip" } });
      const runnerResult = await lighthouse(`${server.url}${page}`, {
        port: chrome.port,
        output: ["html", "json"],
        logLevel: "error",
        onlyCategories: categories,
      });
      if (!runnerResult) throw new Error(`Lighthouse returned no result for ${page}`);
      const { lhr, report } = runnerResult;
      const [html, json] = report as string[];
      fs.writeFileSync(path.join(REPORT_DIR, `${reportName(page)}.html`), html);
      fs.writeFileSync(path.join(REPORT_DIR, `${reportName(page)}.json`), json);

      const result: PageResult = { page, failures: [] };
      if (lhr.runtimeError) result.failures.push(`runtime error: ${lhr.runtimeError.message}`);
      if (checks.has("performance")) {
        result.performance = score(lhr.categories.performance?.score);
        result.lcpMs = Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.POSITIVE_INFINITY);
        result.cls = lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.POSITIVE_INFINITY;
        result.tbtMs = Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? Number.POSITIVE_INFINITY);
        if (result.performance < BUDGETS.performance) result.failures.push(`performance ${result.performance}`);
        if (result.lcpMs >= BUDGETS.lcpMs) result.failures.push(`LCP ${result.lcpMs} ms`);
        if (result.cls > BUDGETS.cls) result.failures.push(`CLS ${result.cls.toFixed(3)}`);
        if (result.tbtMs >= BUDGETS.tbtMs) result.failures.push(`TBT ${result.tbtMs} ms`);
      }
      if (checks.has("accessibility")) {
        result.accessibility = score(lhr.categories.accessibility?.score);
        if (result.accessibility < BUDGETS.accessibility) result.failures.push(`accessibility ${result.accessibility}`);
      }
      if (checks.has("seo")) {
        result.seo = score(lhr.categories.seo?.score);
        if (result.seo < BUDGETS.seo) result.failures.push(`SEO ${result.seo}`);
      }
      // Names the failing audits so that CI's log says what to fix without opening the report.
      if (result.failures.length > 0) {
        for (const [id, category] of Object.entries(lhr.categories)) {
          for (const ref of category.auditRefs) {
            const audit = lhr.audits[ref.id];
            if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
              result.failures.push(`${id}/${ref.id} (${audit.displayValue ?? score(audit.score)})`);
          }
        }
      }
      results.push(result);
      console.log(`${page}: ${result.failures.length === 0 ? "within budget" : result.failures.join(", ")}`);
    }
  } finally {
    chrome.kill();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  fs.writeFileSync(
    path.join(REPORT_DIR, "summary.json"),
    `${JSON.stringify({ checks: [...checks], budgets: BUDGETS, bundle, bundleFailures, results }, null, 2)}\n`,
  );
  console.log(`\nLighthouse ${lighthouseVersion()} (mobile, simulated throttling); reports in ${REPORT_DIR}`);
  console.table(
    results.map(({ page, performance, accessibility, seo, lcpMs, cls, tbtMs, failures }) => ({
      page,
      ...(checks.has("performance") && { performance, "LCP ms": lcpMs, CLS: Number(cls?.toFixed(3)), "TBT ms": tbtMs }),
      ...(checks.has("accessibility") && { accessibility }),
      ...(checks.has("seo") && { seo }),
      budget: failures.length === 0 ? "ok" : "MISSED",
    })),
  );
  if (bundle) {
    console.log(
      `First load of /: JavaScript ${kb(bundle.jsGzipBytes)} gzip (budget ${kb(BUDGETS.firstLoadJsGzipBytes)}), ` +
        `CSS ${kb(bundle.cssGzipBytes)} gzip (budget ${kb(BUDGETS.firstLoadCssGzipBytes)}), ${bundle.files.length} files`,
    );
  }
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
