import "~/lib/zod-without-eval";
import { z } from "zod";
import { ownerListQueryFields } from "~/lib/owner-list";

/** An entry's kind: the record's type and what happened to it, `episode.published`, `settings.changed`, `sign_in`. */
const KIND_PATTERN = /^[a-z_]+(\.[a-z_]+)?$/;
const KIND_MAX_LENGTH = 80;
const EMAIL_MAX_LENGTH = 320;

/** GET /api/admin/activity and /admin/activity: `?page=&person=&kind=`, newest first. */
export const ActivityListQuerySchema = z.strictObject({
  page: ownerListQueryFields.page,
  person: z
    .string()
    .trim()
    .max(EMAIL_MAX_LENGTH, { error: `person must be at most ${EMAIL_MAX_LENGTH} characters` })
    .default(""),
  kind: z
    .string()
    .trim()
    .max(KIND_MAX_LENGTH, { error: `kind must be at most ${KIND_MAX_LENGTH} characters` })
    .refine((value) => value === "" || KIND_PATTERN.test(value), {
      error: "kind must be a kind such as episode.published",
    })
    .default(""),
});
export type ActivityListQuery = z.infer<typeof ActivityListQuerySchema>;

/** One entry as the log shows it. */
export type ActivityView = {
  id: number;
  /** ISO 8601 */
  occurredAt: string;
  actorStaffId: number | null;
  actorEmail: string | null;
  kind: string;
  subjectType: string | null;
  subjectId: string | null;
  subjectTitle: string | null;
  detail: string | null;
  clientAddress: string | null;
};
