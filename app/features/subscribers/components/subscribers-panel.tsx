import { Archive, ArchiveRestore, Download, RefreshCw, Search, Trash2 } from "lucide-react";
import { useId, useState } from "react";
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
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { toast } from "~/components/ui/use-toast";
import { sendJson } from "~/lib/api-client";
import { formatTableDate } from "~/lib/format-date";
import { useRefetchableList } from "~/lib/use-refetchable-list";
import { cn } from "~/lib/utils";
import {
  matchesSubscriberSearch,
  type SubscriberView,
  subscriberCsvFileName,
  subscribersToCsv,
} from "../subscriber-list";

/** Spec section 9: five placeholder rows for subscribers. */
const SKELETON_ROWS = 5;

type Reply = { success?: boolean; message?: string };

/** The subscribers shown, as a CSV file built in the browser (no call). */
function downloadCsv(rows: SubscriberView[]) {
  // The byte-order mark lets spreadsheet programs read the file as UTF-8.
  const blob = new Blob([`\uFEFF${subscribersToCsv(rows)}`], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = subscriberCsvFileName(new Date());
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** The Newsletter Subscribers tab and /admin/subscribers (spec section 2). */
export function SubscribersPanel({ subscribers }: { subscribers: SubscriberView[] }) {
  const { list, status, refetch, revalidate } = useRefetchableList(subscribers, "/api/subscribers");
  const [showArchived, setShowArchived] = useState(false);
  const [search, setSearch] = useState("");
  const [deleting, setDeleting] = useState<SubscriberView | null>(null);
  const switchId = useId();
  const searchId = useId();

  const inView = showArchived ? list : list.filter((subscriber) => !subscriber.archived);
  const matching = inView.filter((subscriber) => matchesSubscriberSearch(subscriber, search));

  async function toggleArchive(subscriber: SubscriberView) {
    const restoring = subscriber.archived;
    try {
      const reply = await sendJson<Reply>("PATCH", `/api/subscribers/${subscriber.id}/archive`);
      if (reply.ok && reply.body?.success) {
        toast({
          title: restoring ? "Subscriber Restored" : "Subscriber Archived",
          description: restoring
            ? `${subscriber.email} is back in the main list.`
            : `${subscriber.email} has been archived.`,
        });
        await revalidate();
        return;
      }
      toast({
        title: "Archive Failed",
        description: reply.body?.message || "Failed to archive subscriber",
        variant: "destructive",
      });
    } catch {
      toast({ title: "Archive Failed", description: "Failed to archive subscriber", variant: "destructive" });
    }
  }

  async function remove(subscriber: SubscriberView) {
    try {
      const reply = await sendJson<Reply>("DELETE", `/api/subscribers/${subscriber.id}`);
      if (reply.ok && reply.body?.success) {
        toast({ title: "Subscriber Deleted", description: `${subscriber.email} has been deleted.` });
        await revalidate();
        return;
      }
      toast({
        title: "Delete Failed",
        description: reply.body?.message || "Failed to delete subscriber",
        variant: "destructive",
      });
    } catch {
      toast({ title: "Delete Failed", description: "Failed to delete subscriber", variant: "destructive" });
    }
  }

  return (
    <Card>
      <CardHeader className="gap-4">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Newsletter Subscribers</CardTitle>
          <CardDescription>People on the launch list and the member sign-up list.</CardDescription>
        </div>
        <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
          <div className="relative w-full lg:max-w-sm">
            <Label htmlFor={searchId} className="sr-only">
              Search subscribers
            </Label>
            <Search className="absolute top-3 left-3 size-4 text-muted-foreground" aria-hidden />
            <Input
              id={searchId}
              type="search"
              placeholder="Search by email or first name"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              className="pl-9"
            />
          </div>
          <div className="flex flex-wrap items-center gap-4">
            <div className="flex items-center gap-2">
              <Switch id={switchId} checked={showArchived} onCheckedChange={setShowArchived} />
              <Label htmlFor={switchId}>Show Archived</Label>
            </div>
            <Button variant="outline" onClick={() => downloadCsv(matching)} disabled={status !== "ready"}>
              <Download aria-hidden />
              Export CSV
            </Button>
            <Button variant="outline" onClick={() => void refetch()} disabled={status === "loading"}>
              <RefreshCw aria-hidden />
              Refresh
            </Button>
          </div>
        </div>
      </CardHeader>
      <CardContent>
        {status === "loading" ? (
          <ListSkeleton rows={SKELETON_ROWS} label="Loading subscribers" />
        ) : status === "error" ? (
          <ErrorState
            title="Error Loading Subscribers"
            description="Failed to load subscribers"
            retryLabel="Retry"
            onRetry={() => void refetch()}
          />
        ) : inView.length === 0 ? (
          <EmptyState title="No subscribers yet" />
        ) : matching.length === 0 ? (
          <EmptyState title="No subscribers found matching the search" />
        ) : (
          <Table aria-label="Newsletter subscribers">
            <TableCaption>
              {inView.length} subscribers in total, {matching.length} shown
            </TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>Email</TableHead>
                <TableHead>First Name</TableHead>
                <TableHead>Subscribed On</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {matching.map((subscriber) => (
                <TableRow key={subscriber.id} className={cn(subscriber.archived && "opacity-60")}>
                  <TableCell>
                    <div className="flex flex-wrap items-center gap-2">
                      {subscriber.email}
                      {subscriber.archived ? <Badge variant="outline">Archived</Badge> : null}
                    </div>
                  </TableCell>
                  <TableCell>{subscriber.firstName || "-"}</TableCell>
                  <TableCell className="whitespace-nowrap">{formatTableDate(subscriber.createdAt)}</TableCell>
                  <TableCell>
                    <div className="flex justify-end gap-1">
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={subscriber.archived ? "Unarchive" : "Archive"}
                        onClick={() => void toggleArchive(subscriber)}
                      >
                        {subscriber.archived ? <ArchiveRestore aria-hidden /> : <Archive aria-hidden />}
                      </Button>
                      <Button variant="ghost" size="icon" aria-label="Delete" onClick={() => setDeleting(subscriber)}>
                        <Trash2 aria-hidden />
                      </Button>
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>

      <AlertDialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete Subscriber?</AlertDialogTitle>
            <AlertDialogDescription>
              This will permanently remove {deleting?.email} from the list. This action cannot be undone. Archive the
              subscriber instead to keep a record.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
              onClick={() => deleting && void remove(deleting)}
            >
              Delete Permanently
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
