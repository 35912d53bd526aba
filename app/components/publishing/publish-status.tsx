import { Badge } from "~/components/ui/badge";

/** A published item's status (episodes, insights), its badge, and the publishing buttons a status offers. */

export type PublishStatus = "draft" | "scheduled" | "published" | "unpublished";

const PUBLISH_STATUS_LABELS: Record<PublishStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  published: "Published",
  unpublished: "Unpublished",
};

const STATUS_VARIANTS = {
  draft: "outline",
  scheduled: "secondary",
  published: "default",
  unpublished: "destructive",
} as const;

export function PublishStatusBadge({ status }: { status: PublishStatus }) {
  return <Badge variant={STATUS_VARIANTS[status]}>{PUBLISH_STATUS_LABELS[status]}</Badge>;
}

/** The buttons that change the status, by the status shown now. */
export function statusActions(status: PublishStatus | null): { status: PublishStatus; label: string }[] {
  switch (status) {
    case "published":
      return [{ status: "unpublished", label: "Unpublish" }];
    case "scheduled":
      return [
        { status: "published", label: "Publish Now" },
        { status: "draft", label: "Back to Draft" },
      ];
    case "unpublished":
      return [
        { status: "published", label: "Publish Now" },
        { status: "scheduled", label: "Schedule" },
        { status: "draft", label: "Back to Draft" },
      ];
    default:
      return [
        { status: "published", label: "Publish Now" },
        { status: "scheduled", label: "Schedule" },
      ];
  }
}
