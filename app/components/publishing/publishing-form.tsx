import { Trash2 } from "lucide-react";
import type { FormEvent, ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { LiveButton } from "~/components/ui/live-button";
import { ConfirmAction } from "./owner-list-panel";
import { type PublishStatus, PublishStatusBadge, statusActions } from "./publish-status";

/**
 * The frame of every owner editor of published content (episodes, insights): the heading of its first card, and the
 * form with its conflict notice, publishing buttons and delete.
 */

/**
 * The heading of an editor's first card: its title, the status badge, and the publish date of an item that has one,
 * or what a new item is.
 */
export function PublishingCardHeader({
  title,
  saved,
  draftNote,
}: {
  title: string;
  saved: { status: PublishStatus; publishDate: string | null } | null;
  /** "A new episode is a draft until you publish or schedule it." */
  draftNote: string;
}) {
  const status = saved?.status ?? null;
  return (
    <CardHeader>
      <div className="flex flex-wrap items-center gap-3">
        <CardTitle>{title}</CardTitle>
        {status ? <PublishStatusBadge status={status} /> : null}
      </div>
      <CardDescription>
        {saved?.publishDate && status !== "draft"
          ? `Publish date: ${new Date(saved.publishDate).toUTCString()}`
          : draftNote}
      </CardDescription>
    </CardHeader>
  );
}

/** What `usePublishingEditor` hands the form around an editor's fields. */
type PublishingFormState = {
  saved: { version: number; status: PublishStatus; title: string } | null;
  conflict: string | null;
  saving: boolean;
  deleting: boolean;
  setDeleting: (open: boolean) => void;
  handleSubmit: (event: FormEvent<HTMLFormElement>) => void;
  remove: () => Promise<void>;
};

/**
 * The form of a publishing editor: the version the editor opened, the notice that another tab saved first, the
 * editor's own cards, then Save and the buttons the status offers (each a submit carrying the status it asks for),
 * the way back to the list, and Delete with its confirmation.
 */
export function PublishingForm({
  editor,
  noun,
  listPath,
  listLabel,
  deleteWarning,
  children,
}: {
  editor: PublishingFormState;
  /** "Episode": the form is "New episode", the button "Delete Episode". */
  noun: string;
  listPath: string;
  /** "Episodes": the link back reads "Back to Episodes". */
  listLabel: string;
  /** What the delete confirmation says is lost, after the title. */
  deleteWarning: ReactNode;
  children: ReactNode;
}) {
  const { saved, conflict, saving, deleting, setDeleting, handleSubmit, remove } = editor;
  const status = saved?.status ?? null;
  return (
    <>
      <form
        onSubmit={handleSubmit}
        noValidate
        aria-label={`${saved ? "Edit" : "New"} ${noun.toLowerCase()}`}
        className="grid gap-6"
      >
        {saved ? <input type="hidden" name="version" value={saved.version} /> : null}
        {conflict ? (
          <div role="alert" className="rounded-md border border-destructive p-4 text-sm">
            <p>{conflict}</p>
            <LiveButton
              type="button"
              variant="outline"
              size="sm"
              className="mt-2"
              onClick={() => window.location.reload()}
            >
              Reload
            </LiveButton>
          </div>
        ) : null}
        {children}
        <div className="flex flex-wrap items-center gap-3">
          <LiveButton type="submit" name="status" value={status ?? "draft"} disabled={saving}>
            {saving ? "Saving..." : saved ? "Save" : "Create Draft"}
          </LiveButton>
          {saved
            ? statusActions(status).map((action) => (
                <LiveButton
                  key={action.status}
                  type="submit"
                  name="status"
                  value={action.status}
                  variant="secondary"
                  disabled={saving}
                >
                  {action.label}
                </LiveButton>
              ))
            : null}
          <Button asChild variant="ghost">
            <Link to={listPath}>Back to {listLabel}</Link>
          </Button>
          {saved ? (
            <LiveButton type="button" variant="destructive" className="ml-auto" onClick={() => setDeleting(true)}>
              <Trash2 aria-hidden />
              Delete {noun}
            </LiveButton>
          ) : null}
        </div>
      </form>
      <ConfirmAction
        open={deleting}
        title={`Delete ${noun}?`}
        confirmLabel="Delete Permanently"
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(false)}
      >
        This will permanently delete "{saved?.title}" {deleteWarning}
      </ConfirmAction>
    </>
  );
}
