import { useId } from "react";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";

export type Bar = { label: string; value: number };

const WIDTH = 640;
const HEIGHT = 200;
const GAP = 2;

/**
 * A bar chart drawn on the server as SVG, named by its title and described in words for a screen reader, with the
 * same numbers in a table beside it: it reads without scripts and loads nothing.
 */
export function BarChart({
  title,
  description,
  bars,
  labelHeading,
  valueHeading = "Downloads",
}: {
  title: string;
  description: string;
  bars: Bar[];
  labelHeading: string;
  valueHeading?: string;
}) {
  const id = useId();
  const largest = Math.max(1, ...bars.map((bar) => bar.value));
  const slot = bars.length > 0 ? WIDTH / bars.length : WIDTH;
  return (
    <figure className="grid gap-6 lg:grid-cols-[2fr_1fr]">
      <figcaption className="sr-only">{title}</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className="h-auto w-full rounded-md border border-border bg-card"
        preserveAspectRatio="none"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {bars.map((bar, index) => {
          const height = (bar.value / largest) * (HEIGHT - 10);
          return (
            <rect
              key={bar.label}
              x={index * slot + GAP / 2}
              y={HEIGHT - height}
              width={Math.max(slot - GAP, 1)}
              height={height}
              className="fill-primary"
            >
              <title>{`${bar.label}: ${bar.value}`}</title>
            </rect>
          );
        })}
      </svg>
      <Table aria-label={title} scrollsByKeyboard className="max-h-80">
        <TableHeader>
          <TableRow>
            <TableHead scope="col">{labelHeading}</TableHead>
            <TableHead scope="col" className="text-right">
              {valueHeading}
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {bars.map((bar) => (
            <TableRow key={bar.label}>
              <TableCell>{bar.label}</TableCell>
              <TableCell className="text-right tabular-nums">{bar.value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </figure>
  );
}
