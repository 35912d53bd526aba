import { FileText, Loader2, RefreshCw } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { EmptyState, ErrorState } from "~/components/list-states";
import { ListPager } from "~/components/publishing/owner-list-panel";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { LiveButton } from "~/components/ui/live-button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { useOwnerList } from "~/hooks/use-owner-list";
import type { GuestApplicationStatus, GuestApplicationsResponse } from "../review-schema";
import { ApplicationDetailsDialog } from "./application-details-dialog";
import { ApplicationsTable } from "./applications-table";

/** Spec section 2: the tabs of /members/guest-applications (rejected ones show under All Applications). */
const TABS: { value: "all" | GuestApplicationStatus; label: string }[] = [
  { value: "all", label: "All Applications" },
  { value: "submitted", label: "Submitted" },
  { value: "reviewing", label: "Reviewing" },
  { value: "approved", label: "Approved" },
  { value: "scheduled", label: "Scheduled" },
];

/**
 * /members/guest-applications for the owner (every application, Change Status) and premium members (their own
 * applications, read only). Archived applications stay in the admin dashboard. Each tab is a status the server
 * filters by; the tab counts come from the server too.
 */
export function MemberGuestApplications({
  firstPage,
  canChangeStatus,
}: {
  firstPage: GuestApplicationsResponse;
  canChangeStatus: boolean;
}) {
  const list = useOwnerList(firstPage, "/api/guests/applications");
  const [viewingId, setViewingId] = useState<number | null>(null);
  const viewing = list.rows.find((application) => application.id === viewingId) ?? null;
  const { reply, status, view } = list;
  const statusCounts = reply.statusCounts as Record<GuestApplicationStatus, number> | undefined;
  const countOf = (tab: "all" | GuestApplicationStatus) => {
    if (statusCounts) {
      return tab === "all" ? Object.values(statusCounts).reduce((sum, count) => sum + count, 0) : statusCounts[tab];
    }
    // A whole list in the spec's shape is counted here.
    const current = reply.data.filter((application) => !application.archived);
    return tab === "all" ? current.length : current.filter((application) => application.status === tab).length;
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <Link to="/guest-application">
            <FileText aria-hidden />
            View Application Form
          </Link>
        </Button>
        <LiveButton variant="outline" onClick={() => void list.refresh()} disabled={status === "loading"}>
          <RefreshCw aria-hidden />
          Refresh
        </LiveButton>
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
          onRetry={() => void list.refresh()}
        />
      ) : (
        <Tabs
          value={view.status ?? "all"}
          onValueChange={(tab) => list.changeView({ status: tab === "all" ? undefined : tab, page: 1 })}
        >
          <TabsList aria-label="Application status">
            {TABS.map((tab) => (
              <TabsTrigger key={tab.value} value={tab.value}>
                {tab.label} ({countOf(tab.value)})
              </TabsTrigger>
            ))}
          </TabsList>
          {TABS.map((tab) => (
            <TabsContent key={tab.value} value={tab.value}>
              <Card>
                <CardContent className="pt-6" aria-busy={list.updating}>
                  {list.rows.length === 0 ? (
                    <EmptyState title={tab.value === "all" ? "No applications yet" : `No ${tab.value} applications`} />
                  ) : (
                    <ApplicationsTable applications={list.rows} onView={setViewingId} />
                  )}
                  <ListPager list={list} label="Application pages" />
                </CardContent>
              </Card>
            </TabsContent>
          ))}
        </Tabs>
      )}
      <ApplicationDetailsDialog
        application={viewing}
        onClose={() => setViewingId(null)}
        canChangeStatus={canChangeStatus}
        onChanged={list.reload}
      />
    </div>
  );
}
