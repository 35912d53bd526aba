import { FileText, Loader2, RefreshCw } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { EmptyState, ErrorState } from "~/components/list-states";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { formatTableDate } from "~/lib/format-date";
import { useRefetchableList } from "~/lib/use-refetchable-list";
import type { GuestApplicationStatus, GuestApplicationView } from "../review-schema";
import { ApplicantAvatar } from "./applicant-avatar";
import { ApplicationDetailsDialog } from "./application-details-dialog";
import { ApplicationStatusBadge } from "./application-status-badge";

/** Spec section 2: the tabs of /members/guest-applications (rejected ones show under All Applications). */
const TABS: { value: "all" | GuestApplicationStatus; label: string }[] = [
  { value: "all", label: "All Applications" },
  { value: "submitted", label: "Submitted" },
  { value: "reviewing", label: "Reviewing" },
  { value: "approved", label: "Approved" },
  { value: "scheduled", label: "Scheduled" },
];

function ApplicationsTable({
  applications,
  onView,
}: {
  applications: GuestApplicationView[];
  onView: (id: number) => void;
}) {
  return (
    <Table>
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
        {applications.map((application) => (
          <TableRow key={application.id}>
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
              <ApplicationStatusBadge status={application.status} />
            </TableCell>
            <TableCell className="text-right">
              <Button variant="ghost" size="sm" onClick={() => onView(application.id)}>
                View
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * /members/guest-applications for the owner (every application, Change Status) and premium members (their own
 * applications, read only). Archived applications stay in the admin dashboard.
 */
export function MemberGuestApplications({
  applications,
  canChangeStatus,
}: {
  applications: GuestApplicationView[];
  canChangeStatus: boolean;
}) {
  const { list, status, refetch, revalidate } = useRefetchableList(applications, "/api/guests/applications");
  const [viewingId, setViewingId] = useState<number | null>(null);
  const current = list.filter((application) => !application.archived);
  const viewing = current.find((application) => application.id === viewingId) ?? null;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <Link to="/guest-application">
            <FileText aria-hidden />
            View Application Form
          </Link>
        </Button>
        <Button variant="outline" onClick={() => void refetch()} disabled={status === "loading"}>
          <RefreshCw aria-hidden />
          Refresh
        </Button>
      </div>
      {status === "loading" ? (
        <div role="status" className="flex items-center justify-center gap-3 py-16 text-muted-foreground">
          <Loader2 className="size-6 animate-spin motion-reduce:animate-none" aria-hidden />
          Loading applications...
        </div>
      ) : status === "error" ? (
        <ErrorState
          title="Error Loading Applications"
          description="The applications could not be loaded."
          retryLabel="Retry"
          onRetry={() => void refetch()}
        />
      ) : (
        <Tabs defaultValue="all">
          <TabsList aria-label="Application status">
            {TABS.map((tab) => {
              const count =
                tab.value === "all" ? current.length : current.filter((item) => item.status === tab.value).length;
              return (
                <TabsTrigger key={tab.value} value={tab.value}>
                  {tab.label} ({count})
                </TabsTrigger>
              );
            })}
          </TabsList>
          {TABS.map((tab) => {
            const rows = tab.value === "all" ? current : current.filter((item) => item.status === tab.value);
            return (
              <TabsContent key={tab.value} value={tab.value}>
                <Card>
                  <CardContent className="pt-6">
                    {rows.length === 0 ? (
                      <EmptyState
                        title={tab.value === "all" ? "No applications yet" : `No ${tab.value} applications`}
                      />
                    ) : (
                      <ApplicationsTable applications={rows} onView={setViewingId} />
                    )}
                  </CardContent>
                </Card>
              </TabsContent>
            );
          })}
        </Tabs>
      )}
      <ApplicationDetailsDialog
        application={viewing}
        onClose={() => setViewingId(null)}
        canChangeStatus={canChangeStatus}
        onChanged={revalidate}
      />
    </div>
  );
}
