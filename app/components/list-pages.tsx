import { Link } from "react-router";

/** Links to the previous and next page of a public list, as plain links so that they work without scripts. */
export function ListPages({
  path,
  label,
  newer,
  older,
  page,
  hasPrevious,
  hasNext,
}: {
  /** The list's first page, e.g. "/podcast"; the others are `{path}?page={n}`. */
  path: string;
  label: string;
  newer: string;
  older: string;
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
}) {
  if (!hasPrevious && !hasNext) return null;
  const pageHref = (number: number) => (number === 1 ? path : `${path}?page=${number}`);
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-4">
      {hasPrevious ? (
        <Link to={pageHref(page - 1)} rel="prev" className="text-primary underline-offset-4 hover:underline">
          {newer}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-muted-foreground text-sm">Page {page}</span>
      {hasNext ? (
        <Link to={pageHref(page + 1)} rel="next" className="text-primary underline-offset-4 hover:underline">
          {older}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
