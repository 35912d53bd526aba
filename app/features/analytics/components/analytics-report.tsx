import { Link } from "react-router";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { ANALYTICS_RANGES, type AnalyticsRange, type AnalyticsReport } from "../schema";
import { BarChart } from "./bar-chart";

const RANGE_LABELS: Record<AnalyticsRange, string> = {
  "7": "7 days",
  "30": "30 days",
  "90": "90 days",
  all: "All time",
};

const rangeWords = (range: AnalyticsRange) => (range === "all" ? "all time" : `the last ${range} days`);

function chartDescription(bars: { label: string; value: number }[], what: string) {
  if (bars.length === 0) return `No downloads ${what}.`;
  const top = bars.reduce((best, bar) => (bar.value > best.value ? bar : best));
  const total = bars.reduce((sum, bar) => sum + bar.value, 0);
  return `${total} downloads ${what}; the most, ${top.value}, on ${top.label}.`;
}

/** Past this many days the chart and its table go by month: a bar a day would be thinner than a pixel, a row a day unread. */
const MOST_DAYS_DRAWN = 92;

/** The days' downloads added up per calendar month (YYYY-MM), in order. */
function byMonth(days: AnalyticsReport["days"]): { label: string; value: number }[] {
  const months = new Map<string, number>();
  for (const day of days) months.set(day.date.slice(0, 7), (months.get(day.date.slice(0, 7)) ?? 0) + day.downloads);
  return [...months].map(([label, value]) => ({ label, value }));
}

function Breakdown({ title, heading, rows }: { title: string; heading: string; rows: AnalyticsReport["byPlatform"] }) {
  return (
    <section className="mt-12">
      <h2 className="mb-4 font-semibold text-2xl">{title}</h2>
      {rows.length === 0 ? (
        <p className="text-muted-foreground">No downloads in this range.</p>
      ) : (
        <BarChart
          title={`Downloads by ${heading.toLowerCase()}`}
          description={rows.map((row) => `${row.name}: ${row.downloads}`).join("; ")}
          bars={rows.map((row) => ({ label: row.name, value: row.downloads }))}
          labelHeading={heading}
        />
      )}
    </section>
  );
}

/** The analytics screen: downloads per day, the episodes' launches against the median, and who listens with what. */
export function AnalyticsReportView({
  report,
  range,
  countryEnabled,
}: {
  report: AnalyticsReport;
  range: AnalyticsRange;
  countryEnabled: boolean;
}) {
  const monthly = report.days.length > MOST_DAYS_DRAWN;
  const periods = monthly
    ? byMonth(report.days)
    : report.days.map((day) => ({ label: day.date, value: day.downloads }));
  const per = monthly ? "month" : "day";
  const { launches } = report;
  return (
    <>
      <nav aria-label="Range" className="flex flex-wrap gap-2">
        {ANALYTICS_RANGES.map((choice) => (
          <Link
            key={choice}
            to={`?range=${choice}`}
            aria-current={choice === range ? "page" : undefined}
            className="rounded-md border border-border px-3 py-1.5 text-sm hover:bg-accent aria-[current=page]:bg-primary aria-[current=page]:text-primary-foreground"
          >
            {RANGE_LABELS[choice]}
          </Link>
        ))}
        <a
          href="/api/admin/analytics/downloads.csv"
          download
          className="ml-auto rounded-md border border-border px-3 py-1.5 text-sm underline hover:bg-accent"
        >
          Download the daily rows (CSV)
        </a>
      </nav>

      <section className="mt-8">
        <h2 className="mb-2 font-semibold text-2xl">Downloads per {per}</h2>
        <p className="mb-4 text-muted-foreground">
          <strong className="text-foreground">{report.summary.total}</strong> downloads in {rangeWords(range)}, counted
          by the IAB rules. Feed readers report <strong className="text-foreground">{report.feedSubscribers}</strong>{" "}
          feed subscribers this week.
        </p>
        <BarChart
          title={`Downloads per ${per}, ${rangeWords(range)}`}
          description={chartDescription(periods, `in ${rangeWords(range)}`)}
          bars={periods}
          labelHeading={monthly ? "Month" : "Day"}
        />
      </section>

      <section className="mt-12">
        <h2 className="mb-2 font-semibold text-2xl">Episodes after launch</h2>
        <p className="mb-4 text-muted-foreground">
          Each episode's downloads in its first 7 and 30 days, against the show's median episode ({launches.median7} and{" "}
          {launches.median30}).
          {launches.episodes.length < launches.published ? (
            <>
              {" "}
              The latest {launches.episodes.length} of {launches.published} episodes;{" "}
              <Link to={`?range=${range}&episodes=all`} className="underline">
                show all {launches.published}
              </Link>
              .
            </>
          ) : null}
        </p>
        <Table aria-label="Episodes after launch" scrollsByKeyboard>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Episode</TableHead>
              <TableHead scope="col">Published</TableHead>
              <TableHead scope="col" className="text-right">
                First 7 days
              </TableHead>
              <TableHead scope="col" className="text-right">
                First 30 days
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {launches.episodes.map((episode) => (
              <TableRow key={episode.id}>
                <TableCell>{episode.title}</TableCell>
                <TableCell className="whitespace-nowrap">{episode.publishDay}</TableCell>
                <TableCell className="text-right tabular-nums">
                  {episode.first7} <Versus value={episode.first7} median={launches.median7} />
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {episode.first30} <Versus value={episode.first30} median={launches.median30} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </section>

      <Breakdown
        title="By app"
        heading="App"
        rows={report.summary.byApp.map((row) => ({ name: row.app, downloads: row.downloads }))}
      />
      <Breakdown title="By platform" heading="Platform" rows={report.byPlatform} />
      <Breakdown title="By device" heading="Device" rows={report.byDevice} />
      {countryEnabled ? <Breakdown title="By country" heading="Country" rows={report.byCountry} /> : null}
    </>
  );
}

function Versus({ value, median }: { value: number; median: number }) {
  const words = value > median ? "above the median" : value < median ? "below the median" : "at the median";
  return <span className="text-muted-foreground text-xs">({words})</span>;
}
