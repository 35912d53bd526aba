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

/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"), plus tab and CR. */
const FORMULA_TRIGGER = /^[=+\-@\t\r]/;

/** One CSV field: a formula-like value gets a leading apostrophe, and every field is quoted with quotes doubled. */
export function csvField(value: string): string {
  const safe = FORMULA_TRIGGER.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** Spec section 9: the columns Email, First Name, Subscription Date. */
export const SUBSCRIBER_CSV_HEADER_LINE = ["Email", "First Name", "Subscription Date"].map(csvField).join(",");

/** One subscriber's CSV line; the subscription date as YYYY-MM-DD (UTC). */
export function subscriberCsvLine(subscriber: { email: string; firstName: string | null; createdAt: Date }): string {
  return [subscriber.email, subscriber.firstName ?? "", subscriber.createdAt.toISOString().slice(0, 10)]
    .map(csvField)
    .join(",");
}

/** newsletter-subscribers-YYYY-MM-DD.csv, dated by the server's local calendar day. */
export function subscriberCsvFileName(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `newsletter-subscribers-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
