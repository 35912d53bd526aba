import "~/lib/zod-without-eval";
import { z } from "zod";

/**
 * The owner's side of members' events and resources: one schema per input, shared by the owner's forms and the API.
 * Kept apart from schema.ts so that the members' pages load no zod.
 */

export const MEMBER_TIERS = ["free", "basic", "premium"] as const;
export type ItemTier = (typeof MEMBER_TIERS)[number];

const requiredText = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, { error: `${name} is required` })
    .max(max, { error: `${name} must be at most ${max.toLocaleString("en-US")} characters` });

const tier = z.enum(MEMBER_TIERS, { error: "Tier must be free, basic or premium" });

const version = z.preprocess(
  (value) => (typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value),
  z
    .number({ error: "version must be a whole number" })
    .int({ error: "version must be a whole number" })
    .min(1, { error: "version must be a whole number" })
    .max(2_147_483_647, { error: "version must be a whole number" }),
);

/** Whether the name is a time zone this runtime knows (IANA names such as Europe/London, or UTC). */
function isTimeZone(name: string) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const EventEditorSchema = z.object({
  title: requiredText("Title", 200),
  description: requiredText("Description", 2000),
  /** The wall-clock start in `timeZone`, as a datetime-local field gives it. */
  startsAtLocal: z
    .string({ error: "Date and time are required" })
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: "Enter the date and time as YYYY-MM-DDTHH:MM" })
    // Date.parse rolls 30 February over into March: only a date that reads back the same is real.
    .refine(
      (value) => {
        const date = new Date(`${value}:00Z`);
        return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
      },
      {
        error: "Enter a real date and time",
      },
    ),
  timeZone: z
    .string({ error: "Time zone is required" })
    .trim()
    .min(1, { error: "Time zone is required" })
    .max(100, { error: "Enter a time zone such as Europe/London or UTC" })
    .refine(isTimeZone, { error: "Enter a time zone such as Europe/London or UTC" }),
  durationMinutes: z.preprocess(
    (value) => (typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value),
    z
      .number({ error: "Duration must be a whole number of minutes" })
      .int({ error: "Duration must be a whole number of minutes" })
      .min(1, { error: "Duration must be between 1 and 1,440 minutes" })
      .max(1440, { error: "Duration must be between 1 and 1,440 minutes" }),
  ),
  /** Empty while the link is to be sent by email. */
  joinUrl: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? null : value),
    z
      .url({ protocol: /^https?$/, error: "Enter a join link starting with http:// or https://" })
      .max(2000, { error: "The join link must be at most 2,000 characters" })
      .nullable(),
  ),
  tier,
});

export const EventSaveSchema = EventEditorSchema.extend({ version });

export const ResourceEditorSchema = z.object({
  title: requiredText("Title", 200),
  description: requiredText("Description", 2000),
  tier,
});

export const ResourceSaveSchema = ResourceEditorSchema.extend({ version });

export type EventEditorData = z.output<typeof EventEditorSchema>;
export type EventSaveData = z.output<typeof EventSaveSchema>;
export type ResourceEditorData = z.output<typeof ResourceEditorSchema>;
export type ResourceSaveData = z.output<typeof ResourceSaveSchema>;

/** An event as the owner's screen shows and edits it. */
export type OwnerEvent = {
  id: number;
  title: string;
  description: string;
  startsAt: string;
  startsAtLocal: string;
  timeZone: string;
  durationMinutes: number;
  joinUrl: string | null;
  tier: ItemTier;
  version: number;
};

/** A resource as the owner's screen shows and edits it; `file` is null until a file is uploaded. */
export type OwnerResource = {
  id: number;
  title: string;
  description: string;
  tier: ItemTier;
  version: number;
  file: { name: string; sizeLabel: string; uploaded: boolean } | null;
};
