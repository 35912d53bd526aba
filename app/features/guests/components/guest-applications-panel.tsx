import { Eye, FileText, RefreshCw } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { EmptyState, ErrorState, ListSkeleton } from "~/components/list-states";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { toast } from "~/components/ui/use-toast";
import { sendJson } from "~/lib/api-client";
import { formatTableDate } from "~/lib/format-date";
import { useRefetchableList } from "~/lib/use-refetchable-list";
import { cn } from "~/lib/utils";
import type { GuestApplicationView } from "../review-schema";
import { ApplicantAvatar } from "./applicant-avatar";
import { ApplicationDetailsDialog } from "./application-details-dialog";
import { ApplicationStatusBadge } from "./application-status-badge";

/** Spec section 9: three placeholder rows for applications. */
const SKELETON_ROWS = 3;

type Reply = { success?: boolean; message?: string };

/** The admin dashboard's Guest Applications tab (spec section 2). */
export function GuestApplicationsPanel({ applications }: { applications: GuestApplicationView[] }) {
  const { list, status, refetch, revalidate } = useRefetchableList(applications, "/api/guests/applications");
  const [showArchived, setShowArchived] = useState(false);
  const [viewingId, setViewingId] = useState<number | null>(null);
  const switchId = useId();

  const visible = showArchived ? list : list.filter((application) => !application.archived);
  const viewing = list.find((application) => application.id === viewingId) ?? null;

  async function toggleArchive(application: GuestApplicationView) {
    const restoring = application.archived;
    try {
      const reply = await sendJson<Reply>("PATCH", `/api/guests/applications/${application.id}/archive`);
      if (reply.ok && reply.body?.success) {
        toast({
          title: restoring ? "Application Restored" : "Application Archived",
          description: restoring
            ? `The application from ${application.name} is back in the main list.`
            : `The application from ${application.name} has been archived.`,
        });
        setViewingId(null);
        await revalidate();
        return;
      }
      toast({
        title: "Archive Failed",
        description: reply.body?.message || "Failed to archive application",
        variant: "destructive",
      });
    } catch {
      toast({ title: "Archive Failed", description: "Failed to archive application", variant: "destructive" });
    }
  }

  async function remove(application: GuestApplicationView) {
    try {
      const reply = await sendJson<Reply>("DELETE", `/api/guests/applications/${application.id}`);
      if (reply.ok && reply.body?.success) {
        toast({
          title: "Application Deleted",
          description: `The application from ${application.name} has been deleted.`,
        });
        setViewingId(null);
        await revalidate();
        return;
      }
      toast({
        title: "Delete Failed",
        description: reply.body?.message || "Failed to delete application",
        variant: "destructive",
      });
    } catch {
      toast({ title: "Delete Failed", description: "Failed to delete application", variant: "destructive" });
    }
  }

  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Guest Applications</CardTitle>
          <CardDescription>People who applied to be a guest on the show.</CardDescription>
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <div className="flex items-center gap-2">
            <Switch id={switchId} checked={showArchived} onCheckedChange={setShowArchived} />
            <Label htmlFor={switchId}>Show Archived</Label>
          </div>
          <Button variant="outline" onClick={() => void refetch()} disabled={status === "loading"}>
            <RefreshCw aria-hidden />
            Refresh
          </Button>
          <Button variant="outline" asChild>
            <Link to="/guest-application">
              <FileText aria-hidden />
              View Form
            </Link>
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {status === "loading" ? (
          <ListSkeleton rows={SKELETON_ROWS} label="Loading guest applications" />
        ) : status === "error" ? (
          <ErrorState
            title="Error Loading Applications"
            description="The applications could not be loaded."
            retryLabel="Retry"
            onRetry={() => void refetch()}
          />
        ) : visible.length === 0 ? (
          <EmptyState title="No Applications Yet" />
        ) : (
          <Table aria-label="Guest applications">
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Expertise</TableHead>
                <TableHead>Date</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {visible.map((application) => (
                <TableRow key={application.id} className={cn(application.archived && "opacity-60")}>
                  <TableCell>
                    <div className="flex items-center gap-3">
                      <ApplicantAvatar name={application.name} />
                      <div className="flex flex-col">
                        <span className="font-medium">{application.name}</span>
                        {application.company ? (
                          <span className="text-muted-foreground text-xs">{application.company}</span>
                        ) : null}
                      </div>
                    </div>
                  </TableCell>
                  <TableCell className="max-w-64 truncate">{application.expertise}</TableCell>
                  <TableCell className="whitespace-nowrap">{formatTableDate(application.createdAt)}</TableCell>
                  <TableCell>
                    <div className="flex flex-wrap gap-1">
                      <ApplicationStatusBadge status={application.status} />
                      {application.archived ? <Badge variant="outline">Archived</Badge> : null}
                    </div>
                  </TableCell>
                  <TableCell className="text-right">
                    <Button variant="ghost" size="sm" onClick={() => setViewingId(application.id)}>
                      <Eye aria-hidden />
                      View
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      <ApplicationDetailsDialog
        application={viewing}
        onClose={() => setViewingId(null)}
        canChangeStatus
        onChanged={revalidate}
        ownerActions={{ onArchive: toggleArchive, onDelete: remove }}
      />
    </Card>
  );
}
