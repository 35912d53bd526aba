/**
 * Spec section 9: dates in tables as a short month, day and year in US English ("Nov 22, 2026"). Formatted in UTC,
 * so that the server's HTML and the browser's render agree whatever either one's time zone.
 */
const tableDateFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

export function formatTableDate(iso: string): string {
  return tableDateFormat.format(new Date(iso));
}

const tableDateTimeFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "UTC",
  timeZoneName: "short",
});

/** A moment in a table, as the table's dates with the time in UTC ("Nov 22, 2026, 2:05 PM UTC"), the same everywhere. */
export function formatTableDateTime(iso: string): string {
  return tableDateTimeFormat.format(new Date(iso));
}

/** A moment with its time, in the reader's own time zone (only rendered in the browser, e.g. in dialogs). */
export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}
