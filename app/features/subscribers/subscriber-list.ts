/** A subscriber as the owner's list shows it (GET /api/subscribers). */
export type SubscriberView = {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  source: string | null;
  active: boolean;
  archived: boolean;
  /** ISO 8601 */
  createdAt: string;
};

/** Spec section 5 "Subscriber search": a case-insensitive substring of the email or the first name. */
export function matchesSubscriberSearch(subscriber: SubscriberView, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return subscriber.email.toLowerCase().includes(needle) || (subscriber.firstName ?? "").toLowerCase().includes(needle);
}

/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"), plus tab and CR. */
const FORMULA_TRIGGER = /^[=+\-@\t\r]/;

/** One CSV field: a formula-like value gets a leading apostrophe, and every field is quoted with quotes doubled. */
export function csvField(value: string): string {
  const safe = FORMULA_TRIGGER.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

export const SUBSCRIBER_CSV_HEADER = ["Email", "First Name", "Subscription Date"] as const;

/** Spec section 9: columns Email, First Name, Subscription Date (as YYYY-MM-DD, UTC); CRLF line ends (RFC 4180). */
export function subscribersToCsv(subscribers: SubscriberView[]): string {
  const lines = [
    SUBSCRIBER_CSV_HEADER.map(csvField).join(","),
    ...subscribers.map((subscriber) =>
      [subscriber.email, subscriber.firstName ?? "", subscriber.createdAt.slice(0, 10)].map(csvField).join(","),
    ),
  ];
  return `${lines.join("\r\n")}\r\n`;
}

/** newsletter-subscribers-YYYY-MM-DD.csv, dated by the browser's local calendar day. */
export function subscriberCsvFileName(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `newsletter-subscribers-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
