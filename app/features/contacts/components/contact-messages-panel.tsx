import { Archive, ArchiveRestore, Eye, Trash2 } from "lucide-react";
import { useState } from "react";
import { ConfirmAction, OwnerListPanel, useOwnerAction } from "~/components/publishing/owner-list-panel";
import { Badge } from "~/components/ui/badge";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { LiveButton } from "~/components/ui/live-button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { useOwnerList } from "~/hooks/use-owner-list";
import { sendJson } from "~/lib/api-client";
import { formatDateTime, formatTableDate } from "~/lib/format-date";
import type { OwnerListPage } from "~/lib/owner-list";
import { cn } from "~/lib/utils";
import type { ContactMessage } from "../inbox-types";
import { ContactReplies } from "./contact-replies";

/** Spec section 9: five placeholder rows for contacts. */
const SKELETON_ROWS = 5;

/** Spec section 8: every contact action reports "Success" or "Error" with its own texts. */
const contactTexts = (success: string, failure: string) => ({
  success: { title: "Success", description: success },
  failure: { title: "Error", description: failure },
});

/** The admin dashboard's Contact Messages tab (spec section 2). */
export function ContactMessagesPanel({ firstPage }: { firstPage: OwnerListPage<ContactMessage> }) {
  const list = useOwnerList(firstPage, "/api/admin/contacts");
  const runAction = useOwnerAction(list.reload);
  const [viewingId, setViewingId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<ContactMessage | null>(null);
  const viewing = list.rows.find((contact) => contact.id === viewingId) ?? null;

  function markRead(contact: ContactMessage) {
    return runAction(
      () => sendJson("POST", `/api/admin/contacts/${contact.id}/read`),
      contactTexts("Contact marked as read", "Failed to mark contact as read"),
    );
  }

  function setArchived(contact: ContactMessage, archived: boolean) {
    return runAction(
      () => sendJson("PATCH", `/api/contacts/${contact.id}/archive`, { archived }),
      archived
        ? contactTexts("Contact archived successfully", "Failed to archive contact")
        : contactTexts("Contact unarchived successfully", "Failed to unarchive contact"),
    );
  }

  async function remove(contact: ContactMessage) {
    const done = await runAction(
      () => sendJson("DELETE", `/api/contacts/${contact.id}`),
      contactTexts("Contact deleted permanently", "Failed to delete contact"),
    );
    if (done && viewingId === contact.id) setViewingId(null);
  }

  return (
    <>
      <OwnerListPanel
        title="Contact Messages"
        description="Messages sent through the contact form."
        list={list}
        loading={{ rows: SKELETON_ROWS, label: "Loading contact messages" }}
        error={{ title: "Failed to load contacts", retryLabel: "Try Again" }}
        emptyTitle={list.showArchived ? "No archived contacts" : "No contact messages yet"}
      >
        {(rows) => (
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
              {rows.map((contact) => (
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
                      <LiveButton
                        variant="ghost"
                        size="icon"
                        aria-label="View"
                        onClick={() => setViewingId(contact.id)}
                      >
                        <Eye aria-hidden />
                      </LiveButton>
                      <LiveButton
                        variant="ghost"
                        size="icon"
                        aria-label={contact.archived ? "Unarchive" : "Archive"}
                        onClick={() => void setArchived(contact, !contact.archived)}
                      >
                        {contact.archived ? <ArchiveRestore aria-hidden /> : <Archive aria-hidden />}
                      </LiveButton>
                      <LiveButton variant="ghost" size="icon" aria-label="Delete" onClick={() => setDeleting(contact)}>
                        <Trash2 aria-hidden />
                      </LiveButton>
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </OwnerListPanel>

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
            <ContactReplies contactId={viewing.id} email={viewing.email} />
            <DialogFooter>
              {viewing.read ? null : <LiveButton onClick={() => void markRead(viewing)}>Mark as Read</LiveButton>}
            </DialogFooter>
          </DialogContent>
        ) : null}
      </Dialog>

      <ConfirmAction
        open={deleting !== null}
        title="Are you sure?"
        confirmLabel="Delete Permanently"
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      >
        This will permanently delete the message from {deleting?.name}. This action cannot be undone. If you may need it
        later, archive it instead.
      </ConfirmAction>
    </>
  );
}
