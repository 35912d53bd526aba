import { Archive, ArchiveRestore, Trash2 } from "lucide-react";
import { useState } from "react";
import {
  ConfirmAction,
  OwnerListPanel,
  OwnerListTable,
  useOwnerAction,
} from "~/components/publishing/owner-list-panel";
import { Badge } from "~/components/ui/badge";
import { LiveButton } from "~/components/ui/live-button";
import { TableCell } from "~/components/ui/table";
import { useOwnerList } from "~/hooks/use-owner-list";
import { sendJson } from "~/lib/api-client";
import { formatTableDate } from "~/lib/format-date";
import type { OwnerListPage } from "~/lib/owner-list";
import { cn } from "~/lib/utils";
import type { SubscriberView } from "../subscriber-list";

/** Spec section 9: five placeholder rows for subscribers. */
const SKELETON_ROWS = 5;

/** The Newsletter Subscribers tab and /admin/subscribers (spec section 2). */
export function SubscribersPanel({ firstPage }: { firstPage: OwnerListPage<SubscriberView> }) {
  const list = useOwnerList(firstPage, "/api/subscribers");
  const runAction = useOwnerAction(list.reload);
  const [deleting, setDeleting] = useState<SubscriberView | null>(null);

  function setArchived(subscriber: SubscriberView, archived: boolean) {
    return runAction(() => sendJson("PATCH", `/api/subscribers/${subscriber.id}/archive`, { archived }), {
      success: archived
        ? { title: "Subscriber Archived", description: `${subscriber.email} has been archived.` }
        : { title: "Subscriber Restored", description: `${subscriber.email} is back in the main list.` },
      failure: { title: "Archive Failed", description: "Failed to archive subscriber", serverMessage: true },
    });
  }

  function remove(subscriber: SubscriberView) {
    return runAction(() => sendJson("DELETE", `/api/subscribers/${subscriber.id}`), {
      success: { title: "Subscriber Deleted", description: `${subscriber.email} has been deleted.` },
      failure: { title: "Delete Failed", description: "Failed to delete subscriber", serverMessage: true },
    });
  }

  return (
    <>
      <OwnerListPanel
        title="Newsletter Subscribers"
        description="People on the launch list and the member sign-up list."
        list={list}
        search={{ label: "Search subscribers", placeholder: "Search by email or first name" }}
        exportUrl="/api/subscribers/export"
        loading={{ rows: SKELETON_ROWS, label: "Loading subscribers" }}
        error={{ title: "Error Loading Subscribers", description: "Failed to load subscribers", retryLabel: "Retry" }}
        emptyTitle={list.counts.total === 0 ? "No subscribers yet" : "No subscribers found matching the search"}
      >
        {(rows) => (
          <OwnerListTable
            label="Newsletter subscribers"
            noun="subscribers"
            list={list}
            rows={rows}
            columns={["Email", "First Name", "Subscribed On"]}
            rowKey={(subscriber) => subscriber.id}
            rowClassName={(subscriber) => cn(subscriber.archived && "opacity-60")}
            cells={(subscriber) => (
              <>
                <TableCell>
                  <div className="flex flex-wrap items-center gap-2">
                    {subscriber.email}
                    {subscriber.archived ? <Badge variant="outline">Archived</Badge> : null}
                  </div>
                </TableCell>
                <TableCell>{subscriber.firstName || "-"}</TableCell>
                <TableCell className="whitespace-nowrap">{formatTableDate(subscriber.createdAt)}</TableCell>
              </>
            )}
            actions={(subscriber) => (
              <>
                <LiveButton
                  variant="ghost"
                  size="icon"
                  aria-label={subscriber.archived ? "Unarchive" : "Archive"}
                  onClick={() => void setArchived(subscriber, !subscriber.archived)}
                >
                  {subscriber.archived ? <ArchiveRestore aria-hidden /> : <Archive aria-hidden />}
                </LiveButton>
                <LiveButton variant="ghost" size="icon" aria-label="Delete" onClick={() => setDeleting(subscriber)}>
                  <Trash2 aria-hidden />
                </LiveButton>
              </>
            )}
          />
        )}
      </OwnerListPanel>
      <ConfirmAction
        open={deleting !== null}
        title="Delete Subscriber?"
        confirmLabel="Delete Permanently"
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      >
        This will permanently remove {deleting?.email} from the list. This action cannot be undone. Archive the
        subscriber instead to keep a record.
      </ConfirmAction>
    </>
  );
}
