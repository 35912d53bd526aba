import { Badge } from "~/components/ui/badge";
import { cn } from "~/lib/utils";
import type { GuestApplicationStatus } from "../review-schema";

export const STATUS_LABELS: Record<GuestApplicationStatus, string> = {
  submitted: "Submitted",
  reviewing: "Reviewing",
  approved: "Approved",
  scheduled: "Scheduled",
  rejected: "Rejected",
};

/** Spec section 4: submitted blue, reviewing amber, approved green, scheduled purple, rejected red. */
const STATUS_COLOURS: Record<GuestApplicationStatus, string> = {
  submitted: "border-blue-400/50 bg-blue-500/15 text-blue-200",
  reviewing: "border-amber-400/50 bg-amber-500/15 text-amber-200",
  approved: "border-green-400/50 bg-green-500/15 text-green-200",
  scheduled: "border-purple-400/50 bg-purple-500/15 text-purple-200",
  rejected: "border-red-400/50 bg-red-500/15 text-red-200",
};

export function ApplicationStatusBadge({ status }: { status: GuestApplicationStatus }) {
  return (
    <Badge variant="outline" data-status={status} className={cn(STATUS_COLOURS[status])}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}
