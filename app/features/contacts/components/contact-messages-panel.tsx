import { Archive, ArchiveRestore, Eye, RefreshCw, Trash2 } from "lucide-react";
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
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { toast } from "~/components/ui/use-toast";
import { sendJson } from "~/lib/api-client";
import { formatDateTime, formatTableDate } from "~/lib/format-date";
import { useRefetchableList } from "~/lib/use-refetchable-list";
import { cn } from "~/lib/utils";
import type { ContactMessage } from "../inbox-types";

/** Spec section 9: five placeholder rows for contacts. */
const SKELETON_ROWS = 5;

type Reply = { success?: boolean; message?: string };

/** Runs one owner call; the spec's success text in a toast, or "Error" and the failure text. */
async function runContactAction(
  send: () => Promise<{ ok: boolean; body: Reply | null }>,
  successText: string,
  failureText: string,
): Promise<boolean> {
  try {
    const reply = await send();
    if (reply.ok && reply.body?.success) {
      toast({ title: "Success", description: successText });
      return true;
    }
  } catch {
    // reported below, like a refusal
  }
  toast({ title: "Error", description: failureText, variant: "destructive" });
  return false;
}

/** The admin dashboard's Contact Messages tab (spec section 2). */
export function ContactMessagesPanel({ contacts }: { contacts: ContactMessage[] }) {
  const { list, status, refetch, revalidate } = useRefetchableList(contacts, "/api/admin/contacts");
  const [showArchived, setShowArchived] = useState(false);
  const [viewingId, setViewingId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<ContactMessage | null>(null);
  const switchId = useId();

  const visible = showArchived ? list : list.filter((contact) => !contact.archived);
  const viewing = list.find((contact) => contact.id === viewingId) ?? null;

  async function markRead(contact: ContactMessage) {
    const done = await runContactAction(
      () => sendJson<Reply>("POST", `/api/admin/contacts/${contact.id}/read`),
      "Contact marked as read",
      "Failed to mark contact as read",
    );
    if (done) await revalidate();
  }

  async function toggleArchive(contact: ContactMessage) {
    const done = await runContactAction(
      () => sendJson<Reply>("PATCH", `/api/contacts/${contact.id}/archive`),
      contact.archived ? "Contact unarchived successfully" : "Contact archived successfully",
      contact.archived ? "Failed to unarchive contact" : "Failed to archive contact",
    );
    if (done) await revalidate();
  }

  async function remove(contact: ContactMessage) {
    const done = await runContactAction(
      () => sendJson<Reply>("DELETE", `/api/contacts/${contact.id}`),
      "Contact deleted permanently",
      "Failed to delete contact",
    );
    if (done) {
      if (viewingId === contact.id) setViewingId(null);
      await revalidate();
    }
  }

  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Contact Messages</CardTitle>
          <CardDescription>Messages sent through the contact form.</CardDescription>
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
        </div>
      </CardHeader>
      <CardContent>
        {status === "loading" ? (
          <ListSkeleton rows={SKELETON_ROWS} label="Loading contact messages" />
        ) : status === "error" ? (
          <ErrorState title="Failed to load contacts" retryLabel="Try Again" onRetry={() => void refetch()} />
        ) : visible.length === 0 ? (
          <EmptyState title={showArchived ? "No archived contacts" : "No contact messages yet"} />
        ) : (
          <Table aria-label="Contact messages">
            <TableHeader>
              <TableRow>
                <TableHead>Date</TableHead>
                <TableHead>Name</TableHead>
                <TableHead>Email</TableHead>
                <TableHead>Subject</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {visible.map((contact) => (
                <TableRow key={contact.id} className={cn(contact.archived && "opacity-60")}>
                  <TableCell className="whitespace-nowrap">{formatTableDate(contact.createdAt)}</TableCell>
                  <TableCell className={cn(!contact.read && "font-semibold")}>{contact.name}</TableCell>
                  <TableCell>{contact.email}</TableCell>
                  <TableCell>{contact.subject}</TableCell>
                  <TableCell>
                    <div className="flex flex-wrap gap-1">
                      {contact.read ? <Badge variant="secondary">Read</Badge> : <Badge>New</Badge>}
                      {contact.archived ? <Badge variant="outline">Archived</Badge> : null}
                    </div>
                  </TableCell>
                  <TableCell>
                    <div className="flex justify-end gap-1">
                      <Button variant="ghost" size="icon" aria-label="View" onClick={() => setViewingId(contact.id)}>
                        <Eye aria-hidden />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={contact.archived ? "Unarchive" : "Archive"}
                        onClick={() => void toggleArchive(contact)}
                      >
                        {contact.archived ? <ArchiveRestore aria-hidden /> : <Archive aria-hidden />}
                      </Button>
                      <Button variant="ghost" size="icon" aria-label="Delete" onClick={() => setDeleting(contact)}>
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

      <Dialog open={viewing !== null} onOpenChange={(open) => !open && setViewingId(null)}>
        {viewing ? (
          <DialogContent>
            <DialogHeader>
              <DialogTitle>{viewing.subject}</DialogTitle>
              <DialogDescription>
                From {viewing.name} ({viewing.email})
              </DialogDescription>
            </DialogHeader>
            <p className="whitespace-pre-wrap break-words rounded-md bg-muted p-4 text-sm">{viewing.message}</p>
            <p className="text-muted-foreground text-sm">Received {formatDateTime(viewing.createdAt)}</p>
            <DialogFooter>
              {viewing.read ? null : <Button onClick={() => void markRead(viewing)}>Mark as Read</Button>}
            </DialogFooter>
          </DialogContent>
        ) : null}
      </Dialog>

      <AlertDialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Are you sure?</AlertDialogTitle>
            <AlertDialogDescription>
              This will permanently delete the message from {deleting?.name}. This action cannot be undone. If you may
              need it later, archive it instead.
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
