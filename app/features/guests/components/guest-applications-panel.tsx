import { FileText } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { OwnerListPanel, useOwnerAction } from "~/components/publishing/owner-list-panel";
import { Button } from "~/components/ui/button";
import { useOwnerList } from "~/hooks/use-owner-list";
import { sendJson } from "~/lib/api-client";
import type { GuestApplicationsResponse, GuestApplicationView } from "../review-schema";
import { ApplicationDetailsDialog } from "./application-details-dialog";
import { ApplicationsTable } from "./applications-table";

/** Spec section 9: three placeholder rows for applications. */
const SKELETON_ROWS = 3;

/** The admin dashboard's Guest Applications tab (spec section 2). */
export function GuestApplicationsPanel({ firstPage }: { firstPage: GuestApplicationsResponse }) {
  const list = useOwnerList(firstPage, "/api/guests/applications");
  const runAction = useOwnerAction(list.reload);
  const [viewingId, setViewingId] = useState<number | null>(null);
  const viewing = list.rows.find((application) => application.id === viewingId) ?? null;

  async function setArchived(application: GuestApplicationView) {
    const archived = !application.archived;
    const done = await runAction(
      () => sendJson("PATCH", `/api/guests/applications/${application.id}/archive`, { archived }),
      {
        success: archived
          ? {
              title: "Application Archived",
              description: `The application from ${application.name} has been archived.`,
            }
          : {
              title: "Application Restored",
              description: `The application from ${application.name} is back in the main list.`,
            },
        failure: { title: "Archive Failed", description: "Failed to archive application", serverMessage: true },
      },
    );
    if (done) setViewingId(null);
  }

  async function remove(application: GuestApplicationView) {
    const done = await runAction(() => sendJson("DELETE", `/api/guests/applications/${application.id}`), {
      success: {
        title: "Application Deleted",
        description: `The application from ${application.name} has been deleted.`,
      },
      failure: { title: "Delete Failed", description: "Failed to delete application", serverMessage: true },
    });
    if (done) setViewingId(null);
  }

  return (
    <>
      <OwnerListPanel
        title="Guest Applications"
        description="People who applied to be a guest on the show."
        list={list}
        actions={
          <Button variant="outline" asChild>
            <Link to="/guest-application">
              <FileText aria-hidden />
              View Form
            </Link>
          </Button>
        }
        loading={{ rows: SKELETON_ROWS, label: "Loading guest applications" }}
        error={{
          title: "Error Loading Applications",
          description: "The applications could not be loaded.",
          retryLabel: "Retry",
        }}
        emptyTitle="No Applications Yet"
      >
        {(rows) => <ApplicationsTable applications={rows} onView={setViewingId} label="Guest applications" />}
      </OwnerListPanel>
      <ApplicationDetailsDialog
        application={viewing}
        onClose={() => setViewingId(null)}
        canChangeStatus
        onChanged={list.reload}
        ownerActions={{ onArchive: setArchived, onDelete: remove }}
      />
    </>
  );
}
