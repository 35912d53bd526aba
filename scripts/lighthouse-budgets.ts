import type lighthouse from "lighthouse";
import type { FirstLoadBundle } from "./first-load-bundle";

export type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

/** A page's kind: one that loads React and hydrates, or one whose behaviour is complete without it (decision 036). */
export type PageKind = "hydrating" | "script-free";

/**
 * What a page is, whatever the host that loads it: these hold in CI and in the benchmark alike (decision 050).
 * Byte budgets are gzip. `jsBytesAsSent`: the JavaScript the browser fetched during the load, as the server sent it;
 * `pageCodeGzipBytes`: the JavaScript a hydrating page's HTML lists beyond the framework chunk that every hydrating
 * page shares (scripts/first-load-bundle.ts). `requests`: the most requests one load may make over the network. A page
 * without React loads its document, the stylesheet, the favicon and its small script, and /links its artwork (4 to 5);
 * a hydrating page adds its route's modules and React Router's manifest, `/` the most with 14 scripts and 4 images (11
 * to 22). The ceilings leave room for a few more, and stop a page that starts loading a new kind of thing unnoticed.
 */
export type PageRules = {
  jsBytesAsSent: number | null;
  pageCodeGzipBytes: number | null;
  cssGzipBytes: number;
  requests: number;
};

export const PAGE_RULES: Record<PageKind, PageRules> = {
  "script-free": { jsBytesAsSent: 10 * 1024, pageCodeGzipBytes: null, cssGzipBytes: 25 * 1024, requests: 8 },
  hydrating: { jsBytesAsSent: null, pageCodeGzipBytes: 30 * 1024, cssGzipBytes: 25 * 1024, requests: 30 },
};

/** Categories scored in full on every page. */
const FULL_MARKS = ["accessibility", "seo"] as const;

/**
 * Audits that check the first-load rules on every page; each passes or fails on what the page loads and how, not on
 * how fast: images sized, lazy below the fold, in modern formats and no larger than drawn; text compressed; the largest
 * image neither lazy nor discovered late; text shown while fonts load.
 */
export const FIRST_LOAD_AUDITS = [
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
 * The site's speed targets, held by the benchmark (`npm run lighthouse`) on the median of runs and never by CI: they
 * measure the host's speed as much as the page's. A page that loads no React is held to full marks; a hydrating page
 * to 97 and a total blocking time under 150 ms, what evaluating React and hydrating leaves room for (decision 029).
 */
export type TimingTargets = { performance: number; tbtMs: number; lcpMs: number };

export const TIMING_TARGETS: Record<PageKind, TimingTargets> = {
  "script-free": { performance: 100, tbtMs: 50, lcpMs: 1200 },
  hydrating: { performance: 97, tbtMs: 150, lcpMs: 1200 },
};

/** Lighthouse's benchmarkIndex of this 2-core machine when nothing else runs on it. */
const QUIET_BENCHMARK_INDEX = 2250;

type Throttling = LighthouseResult["configSettings"]["throttling"];

/**
 * Lighthouse times the page's tasks on this machine and multiplies them by 4 to simulate a mid-range phone. While
 * other work slows the machine (its benchmarkIndex, measured at the start of each run, drops), the same multiplier
 * simulates a slower phone than intended; so each benchmark run after a page's first scales Lighthouse's own
 * multiplier (the first run's) by how fast the previous run found the host, as Lighthouse's throttling guide advises for
 * hosts of other speeds. It never rises above Lighthouse's own, and a scaled multiplier is not scaled again.
 */
export function calibratedThrottling(first: LighthouseResult, previous: LighthouseResult): Throttling {
  const throttling = first.configSettings.throttling;
  const hostSpeed = Math.min(1, previous.environment.benchmarkIndex / QUIET_BENCHMARK_INDEX);
  return { ...throttling, cpuSlowdownMultiplier: (throttling.cpuSlowdownMultiplier ?? 4) * hostSpeed };
}

export type Timings = { performance: number; fcpMs: number; lcpMs: number; tbtMs: number };

export function score(value: number | null | undefined) {
  return Math.round((value ?? 0) * 100);
}

export function timings(lhr: LighthouseResult): Timings {
  const metric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.POSITIVE_INFINITY);
  return {
    performance: score(lhr.categories.performance?.score),
    fcpMs: metric("first-contentful-paint"),
    lcpMs: metric("largest-contentful-paint"),
    tbtMs: metric("total-blocking-time"),
  };
}

/**
 * Each metric's median over three runs, or its worse value over two: when both of two runs meet a target, the median
 * of three meets it whatever the third would give, so the third run is left out.
 */
export function judgedTimings(runs: LighthouseResult[]): Timings {
  const measured = runs.map(timings);
  const pick = (metric: keyof Timings, worse: (a: number, b: number) => number) => {
    const values = measured.map((run) => run[metric]).sort((a, b) => a - b);
    return values.length === 2 ? worse(values[0], values[1]) : values[Math.floor(values.length / 2)];
  };
  return {
    performance: pick("performance", Math.min),
    fcpMs: pick("fcpMs", Math.max),
    lcpMs: pick("lcpMs", Math.max),
    tbtMs: pick("tbtMs", Math.max),
  };
}

export function timingFailures(measured: Timings, targets: TimingTargets): string[] {
  const failures: string[] = [];
  if (measured.performance < targets.performance) failures.push(`performance ${measured.performance}`);
  if (measured.lcpMs >= targets.lcpMs) failures.push(`LCP ${measured.lcpMs} ms`);
  if (measured.tbtMs >= targets.tbtMs) failures.push(`TBT ${measured.tbtMs} ms`);
  return failures;
}

type NetworkRequest = { url: string; resourceType?: string; mimeType?: string; transferSize?: number };

function networkRequests(lhr: LighthouseResult): NetworkRequest[] {
  return (lhr.audits["network-requests"]?.details as { items?: NetworkRequest[] } | undefined)?.items ?? [];
}

/** The requests that went over the network: Lighthouse lists `data:` URLs among them too. */
export function fetchedRequests(lhr: LighthouseResult): NetworkRequest[] {
  return networkRequests(lhr).filter((request) => !request.url.startsWith("data:"));
}

/** The JavaScript the browser fetched for the page, as sent (the server compresses it). */
export function jsBytesAsSent(lhr: LighthouseResult): number {
  return networkRequests(lhr)
    .filter((request) => request.resourceType === "Script")
    .reduce((total, request) => total + (request.transferSize ?? 0), 0);
}

export function cumulativeLayoutShift(lhr: LighthouseResult): number {
  return lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.POSITIVE_INFINITY;
}

export function kb(bytes: number) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/**
 * What a page is, read from one report and the page's first-load bundle: nothing here depends on how fast the host
 * or its Chromium runs the page, so CI may fail on it.
 */
export function pageFailures(
  lhr: LighthouseResult,
  { kind, pageUrl, bundle }: { kind: PageKind; pageUrl: string; bundle: FirstLoadBundle },
): string[] {
  const rules = PAGE_RULES[kind];
  const failures: string[] = [];
  if (lhr.runtimeError) failures.push(`runtime error: ${lhr.runtimeError.message}`);
  for (const id of FULL_MARKS) {
    const value = score(lhr.categories[id]?.score);
    if (value < 100) failures.push(`${lhr.categories[id]?.title ?? id} ${value}`);
  }
  const cls = cumulativeLayoutShift(lhr);
  if (cls > 0) failures.push(`CLS ${cls.toFixed(3)}`);
  for (const id of FIRST_LOAD_AUDITS) {
    const audit = lhr.audits[id];
    if (!audit) failures.push(`${id} missing from the report`);
    else if (audit.score !== null && audit.score < 1)
      failures.push(`${id} (${audit.displayValue || score(audit.score)})`);
  }
  const origin = new URL(pageUrl).origin;
  const blocking = (lhr.audits["render-blocking-resources"]?.details as { items?: { url: string }[] } | undefined)
    ?.items;
  for (const { url } of blocking ?? []) {
    if (new URL(url).origin !== origin) failures.push(`render-blocking request to another origin: ${url}`);
  }
  const requests = fetchedRequests(lhr);
  for (const request of requests) {
    if (request.resourceType === "Media" || request.mimeType?.startsWith("video/"))
      failures.push(`video downloaded before it was played: ${request.url}`);
  }
  if (requests.length > rules.requests) failures.push(`${requests.length} requests (at most ${rules.requests})`);
  const js = jsBytesAsSent(lhr);
  if (rules.jsBytesAsSent !== null && js > rules.jsBytesAsSent)
    failures.push(`JavaScript ${kb(js)} (at most ${kb(rules.jsBytesAsSent)})`);
  if (rules.pageCodeGzipBytes !== null && bundle.pageCodeGzipBytes > rules.pageCodeGzipBytes)
    failures.push(`page code ${kb(bundle.pageCodeGzipBytes)} (at most ${kb(rules.pageCodeGzipBytes)})`);
  if (bundle.cssGzipBytes > rules.cssGzipBytes)
    failures.push(`CSS ${kb(bundle.cssGzipBytes)} (at most ${kb(rules.cssGzipBytes)})`);
  return failures;
}

/** Names the failing weighted audits, so that the log says what to fix without opening the report. */
export function failingAudits(lhr: LighthouseResult, categories: readonly string[]): string[] {
  const names: string[] = [];
  for (const id of categories) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
        names.push(`${id}/${ref.id} (${audit.displayValue || score(audit.score)})`);
    }
  }
  return names;
}
