import { describe, expect, it } from "vitest";
import type { FirstLoadBundle } from "./first-load-bundle";
import {
  calibratedThrottling,
  FIRST_LOAD_AUDITS,
  judgedTimings,
  type LighthouseResult,
  PAGE_RULES,
  pageFailures,
  TIMING_TARGETS,
  timingFailures,
  timings,
} from "./lighthouse-budgets";

const PAGE_URL = "http://127.0.0.1:4000/terms-of-service";

type Request = { url: string; resourceType?: string; mimeType?: string; transferSize?: number };

type ReportParts = {
  performance?: number;
  accessibility?: number;
  seo?: number;
  fcpMs?: number;
  lcpMs?: number;
  tbtMs?: number;
  cls?: number;
  requests?: Request[];
  renderBlocking?: string[];
  auditScores?: Record<string, number | null | undefined>;
  runtimeError?: { code: string; message: string };
};

/** A Lighthouse report with only the parts the rules read: by default a page that meets every rule. */
function report(parts: ReportParts = {}): LighthouseResult {
  const audits: Record<string, unknown> = {
    "first-contentful-paint": { numericValue: parts.fcpMs ?? 800 },
    "largest-contentful-paint": { numericValue: parts.lcpMs ?? 900 },
    "total-blocking-time": { numericValue: parts.tbtMs ?? 0 },
    "cumulative-layout-shift": { numericValue: parts.cls ?? 0 },
    "network-requests": {
      details: {
        items: parts.requests ?? [
          { url: `${PAGE_URL}`, resourceType: "Document", transferSize: 8000 },
          { url: "http://127.0.0.1:4000/assets/app.css", resourceType: "Stylesheet", transferSize: 11000 },
          { url: "http://127.0.0.1:4000/assets/script-free-page.js", resourceType: "Script", transferSize: 2500 },
        ],
      },
    },
    "render-blocking-resources": { details: { items: (parts.renderBlocking ?? []).map((url) => ({ url })) } },
  };
  for (const id of FIRST_LOAD_AUDITS) {
    const scoreOverride = parts.auditScores?.[id];
    if (parts.auditScores && id in parts.auditScores && scoreOverride === undefined) continue;
    audits[id] = { score: scoreOverride ?? 1, displayValue: "" };
  }
  return {
    runtimeError: parts.runtimeError,
    categories: {
      performance: { title: "Performance", score: parts.performance ?? 1, auditRefs: [] },
      accessibility: { title: "Accessibility", score: parts.accessibility ?? 1, auditRefs: [] },
      seo: { title: "SEO", score: parts.seo ?? 1, auditRefs: [] },
    },
    audits,
  } as unknown as LighthouseResult;
}

const SMALL_BUNDLE: FirstLoadBundle = { jsGzipBytes: 0, pageCodeGzipBytes: 0, cssGzipBytes: 10 * 1024, files: [] };

const scriptFree = (lhr: LighthouseResult, bundle = SMALL_BUNDLE) =>
  pageFailures(lhr, { kind: "script-free", pageUrl: PAGE_URL, bundle });
const hydrating = (lhr: LighthouseResult, bundle = SMALL_BUNDLE) =>
  pageFailures(lhr, { kind: "hydrating", pageUrl: PAGE_URL, bundle });

describe("what CI holds a page to", () => {
  it("never fails a page on its score, FCP, LCP or TBT, however slow the host made them", () => {
    const slow = report({ performance: 0.42, fcpMs: 4000, lcpMs: 9000, tbtMs: 3000 });
    expect(scriptFree(slow)).toEqual([]);
    expect(hydrating(slow)).toEqual([]);
  });

  it("holds accessibility and SEO to 100", () => {
    expect(scriptFree(report({ accessibility: 0.99, seo: 0.92 }))).toEqual(["Accessibility 99", "SEO 92"]);
  });

  it("holds CLS to 0", () => {
    expect(hydrating(report({ cls: 0.001 }))).toEqual(["CLS 0.001"]);
  });

  it("fails a first-load audit that does not pass, and one missing from the report", () => {
    expect(scriptFree(report({ auditScores: { "unsized-images": 0, "font-display": undefined } }))).toEqual([
      "unsized-images (0)",
      "font-display missing from the report",
    ]);
  });

  it("takes a first-load audit that does not apply (score null) as passed", () => {
    expect(scriptFree(report({ auditScores: { "prioritize-lcp-image": null } }))).toEqual([]);
  });

  it("fails a render-blocking request to another origin, not one to the page's own", () => {
    expect(
      scriptFree(
        report({ renderBlocking: ["http://127.0.0.1:4000/assets/app.css", "https://fonts.example.com/font.css"] }),
      ),
    ).toEqual(["render-blocking request to another origin: https://fonts.example.com/font.css"]);
  });

  it("fails a video downloaded during the load", () => {
    const requests = [
      { url: PAGE_URL, resourceType: "Document" },
      { url: "http://127.0.0.1:4000/attached_assets/videos/teaser.mp4", resourceType: "Media", mimeType: "video/mp4" },
    ];
    expect(scriptFree(report({ requests }))).toEqual([
      "video downloaded before it was played: http://127.0.0.1:4000/attached_assets/videos/teaser.mp4",
    ]);
  });

  it("holds a page without React to 10 KB of JavaScript as sent", () => {
    const requests = (bytes: number) => [
      { url: PAGE_URL, resourceType: "Document" },
      { url: "http://127.0.0.1:4000/assets/a.js", resourceType: "Script", transferSize: bytes },
    ];
    expect(scriptFree(report({ requests: requests(10 * 1024) }))).toEqual([]);
    expect(scriptFree(report({ requests: requests(10 * 1024 + 1) }))).toEqual(["JavaScript 10.0 KB (at most 10.0 KB)"]);
    // A hydrating page's JavaScript is held by its page code instead: React alone is over 100 KB.
    expect(hydrating(report({ requests: requests(150 * 1024) }))).toEqual([]);
  });

  it("holds a hydrating page's code beyond the framework chunk to 30 KB", () => {
    const bundle = (pageCode: number) => ({ ...SMALL_BUNDLE, jsGzipBytes: 140 * 1024, pageCodeGzipBytes: pageCode });
    expect(hydrating(report(), bundle(30 * 1024))).toEqual([]);
    expect(hydrating(report(), bundle(30 * 1024 + 103))).toEqual(["page code 30.1 KB (at most 30.0 KB)"]);
  });

  it("holds every page's CSS to 25 KB", () => {
    const bundle = (css: number) => ({ ...SMALL_BUNDLE, cssGzipBytes: css });
    expect(scriptFree(report(), bundle(25 * 1024))).toEqual([]);
    expect(scriptFree(report(), bundle(26 * 1024))).toEqual(["CSS 26.0 KB (at most 25.0 KB)"]);
    expect(hydrating(report(), bundle(26 * 1024))).toEqual(["CSS 26.0 KB (at most 25.0 KB)"]);
  });

  it("holds each kind of page to its ceiling of requests over the network, not counting data: URLs", () => {
    const requests = (count: number) => [
      ...Array.from({ length: count }, (_, index) => ({
        url: `http://127.0.0.1:4000/${index}`,
        resourceType: "Other",
      })),
      ...Array.from({ length: 5 }, () => ({ url: "data:image/svg+xml;base64,PHN2Zz4=", resourceType: "Image" })),
    ];
    const scriptFreeCeiling = PAGE_RULES["script-free"].requests;
    const hydratingCeiling = PAGE_RULES.hydrating.requests;
    expect(scriptFree(report({ requests: requests(scriptFreeCeiling) }))).toEqual([]);
    expect(scriptFree(report({ requests: requests(scriptFreeCeiling + 1) }))).toEqual([
      `${scriptFreeCeiling + 1} requests (at most ${scriptFreeCeiling})`,
    ]);
    expect(hydrating(report({ requests: requests(hydratingCeiling) }))).toEqual([]);
    expect(hydrating(report({ requests: requests(hydratingCeiling + 1) }))).toEqual([
      `${hydratingCeiling + 1} requests (at most ${hydratingCeiling})`,
    ]);
  });

  it("fails a run whose trace Lighthouse could not read", () => {
    const broken = report({ runtimeError: { code: "NO_NAVSTART", message: "No navigationStart (NO_NAVSTART)" } });
    expect(scriptFree(broken)).toEqual(["runtime error: No navigationStart (NO_NAVSTART)"]);
  });
});

describe("what the benchmark holds a page to", () => {
  it("holds a page without React to 100, TBT under 50 ms and LCP under 1.2 s", () => {
    const targets = TIMING_TARGETS["script-free"];
    expect(timingFailures(timings(report({ tbtMs: 49, lcpMs: 1199 })), targets)).toEqual([]);
    expect(timingFailures(timings(report({ performance: 0.99, tbtMs: 50, lcpMs: 1200 })), targets)).toEqual([
      "performance 99",
      "LCP 1200 ms",
      "TBT 50 ms",
    ]);
  });

  it("holds a hydrating page to 97 and TBT under 150 ms", () => {
    const targets = TIMING_TARGETS.hydrating;
    expect(timingFailures(timings(report({ performance: 0.97, tbtMs: 149 })), targets)).toEqual([]);
    expect(timingFailures(timings(report({ performance: 0.96, tbtMs: 150 })), targets)).toEqual([
      "performance 96",
      "TBT 150 ms",
    ]);
  });

  it("judges each metric on its median of three runs, and on the worse of two", () => {
    const runs = [
      report({ performance: 1, tbtMs: 10, lcpMs: 900, fcpMs: 700 }),
      report({ performance: 0.9, tbtMs: 300, lcpMs: 1100, fcpMs: 900 }),
      report({ performance: 0.98, tbtMs: 40, lcpMs: 1000, fcpMs: 800 }),
    ];
    expect(judgedTimings(runs)).toEqual({ performance: 98, tbtMs: 40, lcpMs: 1000, fcpMs: 800 });
    expect(judgedTimings(runs.slice(0, 2))).toEqual({ performance: 90, tbtMs: 300, lcpMs: 1100, fcpMs: 900 });
  });

  it("scales Lighthouse's own CPU slowdown by the host's speed at the previous run, never compounding nor above 4", () => {
    const run = (cpuSlowdownMultiplier: number, benchmarkIndex: number) =>
      ({
        configSettings: { throttling: { rttMs: 150, cpuSlowdownMultiplier } },
        environment: { benchmarkIndex },
      }) as unknown as LighthouseResult;
    const first = run(4, 1125);
    expect(calibratedThrottling(first, first)).toEqual({ rttMs: 150, cpuSlowdownMultiplier: 2 });
    // The second run was already scaled to 2; the third scales Lighthouse's 4 again, not the second run's 2.
    expect(calibratedThrottling(first, run(2, 1125)).cpuSlowdownMultiplier).toBe(2);
    expect(calibratedThrottling(first, run(2, 4500)).cpuSlowdownMultiplier).toBe(4);
  });
});
