import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { AnalyticsRange, AnalyticsReport } from "../schema";
import { AnalyticsReportView } from "./analytics-report";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A report with `dayCount` days from 2025-01-01, each day's downloads its day of the month, and `listed` launches of `published`. */
function reportOf(dayCount: number, listed: number, published: number): AnalyticsReport {
  const start = Date.parse("2025-01-01T00:00:00Z");
  const days = Array.from({ length: dayCount }, (_, index) => {
    const date = new Date(start + index * DAY_MS).toISOString().slice(0, 10);
    return { date, downloads: Number(date.slice(8)) };
  });
  return {
    summary: { total: days.reduce((sum, day) => sum + day.downloads, 0), byApp: [] },
    days,
    byPlatform: [],
    byDevice: [],
    byCountry: [],
    feedSubscribers: 0,
    launches: {
      episodes: Array.from({ length: listed }, (_, index) => ({
        id: index + 1,
        title: `Episode ${index + 1}`,
        publishDay: "2025-01-01",
        first7: index,
        first30: index,
      })),
      published,
      median7: 3,
      median30: 3,
    },
  };
}

const render = (report: AnalyticsReport, range: AnalyticsRange) =>
  renderToStaticMarkup(
    createElement(MemoryRouter, null, createElement(AnalyticsReportView, { report, range, countryEnabled: false })),
  );

describe("the analytics screen", () => {
  it("draws up to 92 days a bar and a row each", () => {
    const html = render(reportOf(90, 0, 0), "90");
    expect(html).toContain("Downloads per day, the last 90 days");
    expect(html).toContain("<td");
    expect(html.match(/<rect /g)).toHaveLength(90);
    expect(html).toContain("2025-03-31");
  });

  it("draws a longer range a month a bar and a row, each month's days added up", () => {
    const html = render(reportOf(365, 0, 0), "all");
    expect(html).toContain("Downloads per month, all time");
    expect(html).toContain(">Month</th>");
    expect(html.match(/<rect /g)).toHaveLength(12);
    // January: 1 + 2 + … + 31.
    expect(html).toContain("<title>2025-01: 496</title>");
    expect(html).not.toContain("2025-01-31");
  });

  it("lists the latest episodes' launches with a link to every one, and says nothing more when all are listed", () => {
    const some = render(reportOf(7, 20, 200), "7");
    expect(some).toContain("The latest 20 of 200 episodes;");
    expect(some).toContain('href="/?range=7&amp;episodes=all"');
    expect(some).toContain("show all 200");
    const all = render(reportOf(7, 200, 200), "7");
    expect(all).not.toContain("The latest");
    expect(all).toContain("Episode 200");
  });
});
