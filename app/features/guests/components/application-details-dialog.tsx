import { Archive, ArchiveRestore, Trash2 } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { ConfirmAction } from "~/components/publishing/owner-list-panel";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Label } from "~/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { toast } from "~/components/ui/use-toast";
import { sendJson } from "~/lib/api-client";
import { formatDateTime } from "~/lib/format-date";
import { GUEST_APPLICATION_STATUSES, type GuestApplicationStatus, type GuestApplicationView } from "../review-schema";
import { ApplicationStatusBadge, STATUS_LABELS } from "./application-status-badge";

type Reply = { success?: boolean; message?: string };

export type OwnerApplicationActions = {
  onArchive(application: GuestApplicationView): Promise<unknown>;
  onDelete(application: GuestApplicationView): Promise<unknown>;
};

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="font-medium text-muted-foreground text-xs uppercase tracking-wide">{label}</dt>
      <dd className="whitespace-pre-wrap break-words text-sm">{children}</dd>
    </div>
  );
}

/** Changes an application's status: the button stays disabled while nothing changed, nothing is chosen or a call runs. */
function StatusChanger({
  application,
  onChanged,
}: {
  application: GuestApplicationView;
  onChanged: () => Promise<unknown>;
}) {
  const [chosen, setChosen] = useState<GuestApplicationStatus | "">(application.status);
  const [updating, setUpdating] = useState(false);
  const labelId = useId();

  async function update() {
    if (!chosen) return;
    setUpdating(true);
    try {
      const reply = await sendJson<Reply>("PATCH", `/api/guests/applications/${application.id}/status`, {
        status: chosen,
      });
      if (reply.ok && reply.body?.success) {
        toast({ title: "Status Updated", description: `The application is now ${STATUS_LABELS[chosen]}.` });
        await onChanged();
      } else {
        toast({
          title: "Update Failed",
          description: reply.body?.message || "Failed to update status",
          variant: "destructive",
        });
      }
    } catch {
      toast({
        title: "Update Failed",
        description: "An error occurred while updating the status",
        variant: "destructive",
      });
    } finally {
      setUpdating(false);
    }
  }

  return (
    <div className="flex flex-col gap-2 rounded-md border border-border p-4">
      <Label id={labelId}>Change Status</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Select value={chosen} onValueChange={(value) => setChosen(value as GuestApplicationStatus)}>
          <SelectTrigger aria-labelledby={labelId} className="sm:w-48">
            <SelectValue placeholder="Select a status" />
          </SelectTrigger>
          <SelectContent>
            {GUEST_APPLICATION_STATUSES.map((status) => (
              <SelectItem key={status} value={status}>
                {STATUS_LABELS[status]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Button onClick={() => void update()} disabled={updating || !chosen || chosen === application.status}>
          {updating ? "Updating..." : "Update Status"}
        </Button>
      </div>
    </div>
  );
}

/** An application's details; the owner also changes its status and, from the admin dashboard, archives or deletes it. */
export function ApplicationDetailsDialog({
  application,
  onClose,
  canChangeStatus,
  onChanged,
  ownerActions,
}: {
  application: GuestApplicationView | null;
  onClose: () => void;
  canChangeStatus: boolean;
  onChanged: () => Promise<unknown>;
  ownerActions?: OwnerApplicationActions;
}) {
  const [confirming, setConfirming] = useState<"archive" | "delete" | null>(null);
  const socialLinks = application ? Object.entries(application.socialLinks) : [];

  return (
    <>
      <Dialog open={application !== null} onOpenChange={(open) => !open && onClose()}>
        {application ? (
          <DialogContent className="max-w-2xl">
            <DialogHeader>
              <DialogTitle>{application.name}</DialogTitle>
              <DialogDescription>Applied {formatDateTime(application.createdAt)}</DialogDescription>
            </DialogHeader>
            <div className="flex items-center gap-2">
              <span className="text-muted-foreground text-sm">Status:</span>
              <ApplicationStatusBadge status={application.status} />
            </div>
            {canChangeStatus ? (
              <StatusChanger
                key={`${application.id}-${application.status}`}
                application={application}
                onChanged={onChanged}
              />
            ) : null}
            <section aria-labelledby="personal-information" className="flex flex-col gap-3">
              <h3 id="personal-information" className="font-semibold">
                Personal Information
              </h3>
              <dl className="grid gap-3 sm:grid-cols-2">
                <Field label="Name">{application.name}</Field>
                <Field label="Email">{application.email}</Field>
                <Field label="Company">{application.company || "Not provided"}</Field>
                <Field label="Job Title">{application.jobTitle || "Not provided"}</Field>
              </dl>
            </section>
            <dl className="flex flex-col gap-3">
              <Field label="Expertise">{application.expertise}</Field>
              <Field label="Proposed Topic">{application.topicIdea}</Field>
              <Field label="Biography">{application.biography}</Field>
              <Field label="Social Links">
                {socialLinks.length === 0 ? (
                  "None provided"
                ) : (
                  <ul className="flex flex-col gap-1">
                    {socialLinks.map(([network, url]) => (
                      <li key={network}>
                        <span className="capitalize">{network}</span>:{" "}
                        <a
                          href={url}
                          target="_blank"
                          rel="noopener noreferrer nofollow"
                          className="text-primary underline"
                        >
                          {url}
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
              </Field>
              <Field label="Past Appearances">{application.pastAppearances || "None provided"}</Field>
              <Field label="Additional Notes">{application.notes || "None provided"}</Field>
            </dl>
            <DialogFooter className="sm:justify-between">
              {ownerActions ? (
                <div className="flex flex-col gap-2 sm:flex-row">
                  <Button variant="outline" onClick={() => setConfirming("archive")}>
                    {application.archived ? <ArchiveRestore aria-hidden /> : <Archive aria-hidden />}
                    {application.archived ? "Unarchive" : "Archive"}
                  </Button>
                  <Button variant="destructive" onClick={() => setConfirming("delete")}>
                    <Trash2 aria-hidden />
                    Delete
                  </Button>
                </div>
              ) : (
                <span />
              )}
              <DialogClose asChild>
                <Button variant="secondary">Close</Button>
              </DialogClose>
            </DialogFooter>
          </DialogContent>
        ) : null}
      </Dialog>

      <ConfirmAction
        open={confirming !== null}
        title={
          confirming === "delete"
            ? "Delete Guest Application?"
            : application?.archived
              ? "Unarchive Guest Application?"
              : "Archive Guest Application?"
        }
        confirmLabel={confirming === "delete" ? "Delete" : application?.archived ? "Unarchive" : "Archive"}
        destructive={confirming === "delete"}
        onConfirm={() => {
          if (!application || !ownerActions) return;
          void (confirming === "delete" ? ownerActions.onDelete(application) : ownerActions.onArchive(application));
        }}
        onCancel={() => setConfirming(null)}
      >
        {confirming === "delete"
          ? `This will permanently delete the application from ${application?.name}. This action cannot be undone.`
          : application?.archived
            ? `The application from ${application?.name} will show in the main list again.`
            : `The application from ${application?.name} will be hidden from the main list. You can reverse this later: archived applications show with Show Archived and can be unarchived.`}
      </ConfirmAction>
    </>
  );
}
