import "~/lib/zod-without-eval";
import { z } from "zod";

/**
 * Field schemas every owner editor of published content shares (episodes, insights): slugs, publish dates, the saved
 * version, links and repeated rows. Each editor's schema adds its own fields and messages.
 */

const SLUG_MAX_LENGTH = 120;
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const INVALID_PUBLISH_DATE_MESSAGE = "Please choose a valid publish date";

/** A title as an address: lower-case ASCII words joined by hyphens (accents dropped), or `fallback` when none is left. */
export function slugFromTitle(title: string, fallback: string): string {
  const words = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .match(/[a-z0-9]+/g);
  const slug = (words ?? []).join("-").slice(0, SLUG_MAX_LENGTH).replace(/-+$/, "");
  return slug || fallback;
}

/** An optional slug: empty means "made from the title". */
export const slugField = (formatMessage: string) =>
  z
    .string({ error: formatMessage })
    .trim()
    .max(SLUG_MAX_LENGTH, { error: `A slug has at most ${SLUG_MAX_LENGTH} characters` })
    .refine((value) => value === "" || SLUG_PATTERN.test(value), { error: formatMessage })
    .default("");

/** Form fields arrive as text: an empty box is no value. */
export const blankToNull = (value: unknown) => (value === "" || value === undefined ? null : value);

/** PostgreSQL has no year 0 and reads no ISO string past year 9999: either would fail as a 500. */
export const dateTimeField = (message: string) =>
  z.preprocess(
    blankToNull,
    z
      .string({ error: message })
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/, { error: message })
      .refine(
        (value) => {
          const year = new Date(value).getUTCFullYear();
          return year >= 1 && year <= 9999;
        },
        { error: message },
      )
      .transform((value) => new Date(value))
      .nullable(),
  );

export const publishDateField = dateTimeField(INVALID_PUBLISH_DATE_MESSAGE);

/** The version a save names (the one its editor opened), so that a later save from an older tab is refused. */
export const versionField = z.preprocess(
  (value) => (typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value),
  z
    .number({ error: "version must be a whole number" })
    .int({ error: "version must be a whole number" })
    .min(1, { error: "version must be a whole number" })
    .max(2_147_483_647, { error: "version must be a whole number" }),
);

/** A form's repeated rows arrive as { "0": …, "1": … } (lib/form-entries.ts); the API sends an array. */
export const rowsInOrder = (value: unknown) =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? Object.entries(value)
        .filter(([index]) => /^\d+$/.test(index))
        .sort(([a], [b]) => Number(a) - Number(b))
        .map(([, row]) => row)
    : value === undefined
      ? []
      : value;

/** An optional web address: http(s) only, so that no javascript: or data: link is ever stored. */
export const httpLink = z.union([
  z.literal("").transform(() => null),
  z.url({ protocol: /^https?$/, error: "Enter a link starting with http:// or https://" }).max(2000, {
    error: "A link has at most 2,000 characters",
  }),
]);

/** A checkbox sends "on" when ticked and nothing when not; the API sends true or false. */
export const checkbox = z.preprocess(
  (value) => (value === "on" || value === "true" ? true : value === undefined || value === "false" ? false : value),
  z.boolean({ error: "Must be true or false" }),
);
