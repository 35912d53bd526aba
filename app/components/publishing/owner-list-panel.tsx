import { ChevronLeft, ChevronRight, Download, RefreshCw, Search } from "lucide-react";
import { type ReactNode, useId } from "react";
import { EmptyState, ErrorState, ListSkeleton } from "~/components/list-states";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { LiveButton } from "~/components/ui/live-button";
import { Switch } from "~/components/ui/switch";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { toast } from "~/components/ui/use-toast";
import { useHydrated } from "~/hooks/use-hydrated";
import type { OwnerList } from "~/hooks/use-owner-list";
import type { JsonReply } from "~/lib/api-client";
import { ownerListSearchParams } from "~/lib/owner-list";

type Reply = { success?: boolean; message?: string };

type OwnerActionTexts = {
  success: { title: string; description: string };
  /** `description` is the fallback; `serverMessage` shows the server's message instead when it gives one. */
  failure: { title: string; description: string; serverMessage?: boolean };
};

/**
 * Runs one owner call and tells the owner how it went with the spec's toasts; after a success, `then` runs (usually
 * reloading the list). Resolves true when the server said yes.
 */
export function useOwnerAction(then: () => Promise<unknown> | undefined) {
  return async (send: () => Promise<JsonReply<Reply>>, texts: OwnerActionTexts): Promise<boolean> => {
    let serverMessage: string | undefined;
    try {
      const reply = await send();
      if (reply.ok && reply.body?.success) {
        toast(texts.success);
        await then();
        return true;
      }
      serverMessage = reply.body?.message;
    } catch {
      // The server was not reached: reported below with the fallback text.
    }
    const description = (texts.failure.serverMessage && serverMessage) || texts.failure.description;
    toast({ title: texts.failure.title, description, variant: "destructive" });
    return false;
  };
}

/** A confirmation before a row action; the confirm button is destructive-looking for what cannot be undone. */
export function ConfirmAction({
  open,
  title,
  children,
  confirmLabel,
  destructive = true,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{children}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={destructive ? "bg-destructive text-destructive-foreground hover:bg-destructive/90" : undefined}
            onClick={onConfirm}
          >
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** Previous and Next under a list that has more than one page. */
export function ListPager<Row extends object>({ list, label }: { list: OwnerList<Row>; label: string }) {
  const { view, pageCount, updating } = list;
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-end gap-3 text-sm">
      <LiveButton
        variant="outline"
        size="sm"
        onClick={() => list.goToPage(view.page - 1)}
        disabled={view.page <= 1 || updating}
      >
        <ChevronLeft aria-hidden />
        Previous
      </LiveButton>
      <span>
        Page {view.page} of {pageCount}
      </span>
      <LiveButton
        variant="outline"
        size="sm"
        onClick={() => list.goToPage(view.page + 1)}
        disabled={view.page >= pageCount || updating}
      >
        Next
        <ChevronRight aria-hidden />
      </LiveButton>
    </nav>
  );
}

/**
 * An owner list's table: a caption that counts the rows, the columns' headings, each row's cells, and an Actions
 * column with the row's buttons.
 */
export function OwnerListTable<Row extends object>({
  label,
  noun,
  list,
  rows,
  columns,
  rowKey,
  rowClassName,
  cells,
  actions,
}: {
  label: string;
  /** The rows' name in the caption, plural ("subscribers"). */
  noun: string;
  list: OwnerList<Row>;
  rows: Row[];
  columns: string[];
  rowKey: (row: Row) => string | number;
  rowClassName?: (row: Row) => string | undefined;
  /** The row's cells, one per column. */
  cells: (row: Row) => ReactNode;
  actions: (row: Row) => ReactNode;
}) {
  return (
    <Table aria-label={label}>
      <TableCaption>
        {list.counts.total} {noun} in total, {list.counts.matching} shown
      </TableCaption>
      <TableHeader>
        <TableRow>
          {columns.map((column) => (
            <TableHead key={column}>{column}</TableHead>
          ))}
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={rowKey(row)} className={rowClassName?.(row)}>
            {cells(row)}
            <TableCell>
              <div className="flex justify-end gap-1">{actions(row)}</div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * Every owner list's frame: its header (search where the list has one, Show Archived, Export CSV where asked,
 * Refresh, and the list's own buttons), the loading, error and empty states, the table the list draws, and the pages.
 */
export function OwnerListPanel<Row extends object>({
  title,
  description,
  list,
  search,
  exportUrl,
  actions,
  loading,
  error,
  emptyTitle,
  archivable = true,
  children,
}: {
  title: string;
  description: string;
  list: OwnerList<Row>;
  search?: { label: string; placeholder: string };
  /** The CSV export of the rows in view (every page), streamed by the server. */
  exportUrl?: string;
  /** The list's own buttons, after Refresh. */
  actions?: ReactNode;
  loading: { rows: number; label: string };
  error: { title: string; description?: string; retryLabel: string };
  /** The empty state's text for the view shown (no rows at all, none archived, none matching the search). */
  emptyTitle: string;
  /** False for a list whose rows cannot be archived: it has no Show Archived switch. */
  archivable?: boolean;
  children: (rows: Row[]) => ReactNode;
}) {
  const switchId = useId();
  const searchId = useId();
  // The switch, like the buttons, says it is not ready until the scripts that run it are.
  const hydrated = useHydrated();
  const { view, rows, status } = list;

  function exportCsv() {
    if (!exportUrl) return;
    const link = document.createElement("a");
    link.href = `${exportUrl}${ownerListSearchParams({ ...view, page: 1 })}`;
    link.download = "";
    document.body.append(link);
    link.click();
    link.remove();
  }

  return (
    <Card>
      <CardHeader className="gap-4">
        <div className="flex flex-col gap-1.5">
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
          {search ? (
            <div className="relative w-full lg:max-w-sm">
              <Label htmlFor={searchId} className="sr-only">
                {search.label}
              </Label>
              <Search className="absolute top-3 left-3 size-4 text-muted-foreground" aria-hidden />
              <Input
                id={searchId}
                type="search"
                placeholder={search.placeholder}
                value={list.searchText}
                onChange={(event) => list.setSearchText(event.target.value)}
                className="pl-9"
              />
            </div>
          ) : (
            <span />
          )}
          <div className="flex flex-wrap items-center gap-4">
            {archivable ? (
              <div className="flex items-center gap-2">
                <Switch
                  id={switchId}
                  checked={list.showArchived}
                  onCheckedChange={list.setShowArchived}
                  disabled={!hydrated}
                />
                <Label htmlFor={switchId}>Show Archived</Label>
              </div>
            ) : null}
            {exportUrl ? (
              <LiveButton variant="outline" onClick={exportCsv} disabled={status !== "ready"}>
                <Download aria-hidden />
                Export CSV
              </LiveButton>
            ) : null}
            <LiveButton variant="outline" onClick={() => void list.refresh()} disabled={status === "loading"}>
              <RefreshCw aria-hidden />
              Refresh
            </LiveButton>
            {actions}
          </div>
        </div>
      </CardHeader>
      <CardContent aria-busy={list.updating}>
        {status === "loading" ? (
          <ListSkeleton rows={loading.rows} label={loading.label} />
        ) : status === "error" ? (
          <ErrorState
            title={error.title}
            description={error.description}
            retryLabel={error.retryLabel}
            onRetry={() => void list.refresh()}
          />
        ) : rows.length === 0 ? (
          <EmptyState title={emptyTitle} />
        ) : (
          <>
            {children(rows)}
            <ListPager list={list} label={`${title} pages`} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
