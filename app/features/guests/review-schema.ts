import "~/lib/zod-without-eval";
import { z } from "zod";

/** Spec section 4: an application starts submitted; the owner may set any of the five from any other. */
export const GUEST_APPLICATION_STATUSES = ["submitted", "reviewing", "approved", "scheduled", "rejected"] as const;

export type GuestApplicationStatus = (typeof GUEST_APPLICATION_STATUSES)[number];

export const INVALID_STATUS_MESSAGE = "Please choose a valid status";

/** PATCH /api/guests/applications/{id}/status */
export const GuestApplicationStatusUpdateSchema = z.object({
  status: z.enum(GUEST_APPLICATION_STATUSES, { error: INVALID_STATUS_MESSAGE }),
});

export type GuestApplicationStatusUpdate = z.infer<typeof GuestApplicationStatusUpdateSchema>;

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
};

export type GuestApplicationsResponse = { success: true; message: string; data: GuestApplicationView[] };
