import { OwnerListPanel, OwnerListTable, useOwnerAction } from "~/components/publishing/owner-list-panel";
import { LiveButton } from "~/components/ui/live-button";
import { TableCell } from "~/components/ui/table";
import { useOwnerList } from "~/hooks/use-owner-list";
import { sendJson } from "~/lib/api-client";
import { formatTableDate } from "~/lib/format-date";
import type { OwnerListPage } from "~/lib/owner-list";
import type { SuppressionKind, SuppressionRow } from "../schema";

const KIND_LABELS: Record<SuppressionKind, string> = { bounce: "Bounce", complaint: "Complaint" };

/** The addresses audience mail skips (bounces and complaints), each with a Lift button that lets mail go to it again. */
export function SuppressionsPanel({ firstPage }: { firstPage: OwnerListPage<SuppressionRow> }) {
  const list = useOwnerList(firstPage, "/api/admin/mail/suppressions");
  const runAction = useOwnerAction(list.reload);

  function lift(row: SuppressionRow) {
    return runAction(() => sendJson("DELETE", `/api/admin/mail/suppressions/${encodeURIComponent(row.email)}`), {
      success: { title: "Suppression Lifted", description: `${row.email} will get audience mail again.` },
      failure: { title: "Lift Failed", description: "Failed to lift the suppression", serverMessage: true },
    });
  }

  return (
    <OwnerListPanel
      title="Suppressed Addresses"
      description="Addresses that bounced or complained: audience mail skips them until you lift them."
      list={list}
      archivable={false}
      search={{ label: "Search suppressed addresses", placeholder: "Search by email" }}
      loading={{ rows: 3, label: "Loading suppressed addresses" }}
      error={{ title: "Error Loading Suppressed Addresses", retryLabel: "Retry" }}
      emptyTitle={
        list.counts.total === 0 ? "No suppressed addresses" : "No suppressed addresses found matching the search"
      }
    >
      {(rows) => (
        <OwnerListTable
          label="Suppressed Addresses"
          noun="suppressed addresses"
          list={list}
          rows={rows}
          columns={["Email", "Kind", "Reason", "Date"]}
          rowKey={(row) => row.email}
          cells={(row) => (
            <>
              <TableCell>{row.email}</TableCell>
              <TableCell>{KIND_LABELS[row.kind]}</TableCell>
              <TableCell className="max-w-xs break-words">{row.reason}</TableCell>
              <TableCell className="whitespace-nowrap">{formatTableDate(row.createdAt)}</TableCell>
            </>
          )}
          actions={(row) => (
            <LiveButton
              variant="outline"
              size="sm"
              aria-label={`Lift ${row.email}`}
              disabled={list.updating}
              onClick={() => void lift(row)}
            >
              Lift
            </LiveButton>
          )}
        />
      )}
    </OwnerListPanel>
  );
}
