import "~/lib/zod-without-eval";
import { z } from "zod";
import { type OwnerListPage, ownerListQueryFields } from "~/lib/owner-list";

/** Spec section 4: an application starts submitted; the owner may set any of the five from any other. */
export const GUEST_APPLICATION_STATUSES = ["submitted", "reviewing", "approved", "scheduled", "rejected"] as const;

export type GuestApplicationStatus = (typeof GUEST_APPLICATION_STATUSES)[number];

export const INVALID_STATUS_MESSAGE = "Please choose a valid status";

/** PATCH /api/guests/applications/{id}/status */
export const GuestApplicationStatusUpdateSchema = z.object({
  status: z.enum(GUEST_APPLICATION_STATUSES, { error: INVALID_STATUS_MESSAGE }),
});

/** An application as the review screens show it (GET /api/guests/applications). */
export type GuestApplicationView = {
  id: number;
  name: string;
  email: string;
  company: string | null;
  jobTitle: string | null;
  expertise: string;
  topicIdea: string;
  biography: string;
  socialLinks: Record<string, string>;
  pastAppearances: string | null;
  notes: string | null;
  status: GuestApplicationStatus;
  archived: boolean;
  /** ISO 8601 */
  createdAt: string;
  /** ISO 8601, when the status was last changed */
  reviewDate: string | null;
  /**
   * The episodes the applicant appears in as a guest, each by its number or, without one, its title (the owner's
   * list only; a member's own list leaves it empty, since a draft episode is not theirs to see).
   */
  appearsIn: string[];
};

/** One page of applications; `statusCounts` gives the members page its tab counts for the whole list. */
export type GuestApplicationsResponse = OwnerListPage<GuestApplicationView> & {
  statusCounts: Record<GuestApplicationStatus, number>;
};

/** The orders of the applications lists: newest first (the spec's) or oldest first. */
const GUEST_APPLICATION_LIST_SORTS = ["newest", "oldest"] as const;

/** GET /api/guests/applications: page, archived or not, status (the members page's tabs), order. */
export const GuestApplicationListQuerySchema = z.strictObject({
  ...ownerListQueryFields,
  status: z.enum(GUEST_APPLICATION_STATUSES, { error: INVALID_STATUS_MESSAGE }).optional(),
  sort: z.enum(GUEST_APPLICATION_LIST_SORTS, { error: 'sort must be "newest" or "oldest"' }).default("newest"),
});
export type GuestApplicationListQuery = z.infer<typeof GuestApplicationListQuerySchema>;
