import { type FormEvent, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { TitledCard } from "~/components/titled-card";
import { Label } from "~/components/ui/label";
import { LiveButton } from "~/components/ui/live-button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { toast } from "~/components/ui/use-toast";
import { sendJson } from "~/lib/api-client";
import {
  type FeedImportProgress,
  type ImportedShow,
  SHOW_DETAIL_LABELS,
  SHOW_DETAILS,
  SHOW_DETAILS_KEPT_MESSAGE,
  type ShowDetail,
} from "../feed-import-schema";

/** A detail of the show as the owner reads it before choosing to keep it. */
function shownValue(show: ImportedShow, detail: ShowDetail): string | null {
  switch (detail) {
    case "artwork":
      return show.artworkUrl;
    case "category":
      return show.category && [show.category.name, show.category.subcategory].filter(Boolean).join(" › ");
    case "explicit":
      return show.explicit === null ? null : show.explicit ? "Yes" : "No";
    case "owner":
      return show.owner && `${show.owner.name} <${show.owner.email}>`;
    default:
      return show[detail];
  }
}

/** The show's details the feed gave, each with a box to keep it in Settings; all are ticked at first. */
function ShowDetailsChoice({ progress }: { progress: FeedImportProgress }) {
  const revalidator = useRevalidator();
  const [saving, setSaving] = useState(false);
  const offered = SHOW_DETAILS.flatMap((detail) => {
    const value = shownValue(progress.show, detail);
    return value === null ? [] : [{ detail, value }];
  });

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSaving(true);
    try {
      const reply = await sendJson<{ message?: string }>("POST", `/api/admin/imports/${progress.id}/show`, {
        keep: form.getAll("keep"),
      });
      if (reply.ok) {
        toast({ title: SHOW_DETAILS_KEPT_MESSAGE, description: "The Settings screen shows them from now on." });
        await revalidator.revalidate();
        return;
      }
      toast({
        title: "Error",
        description: reply.body?.message ?? "The details could not be kept.",
        variant: "destructive",
      });
    } catch {
      toast({
        title: "Error",
        description: "The server could not be reached. Please try again.",
        variant: "destructive",
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <TitledCard
      title="The Show's Details"
      description="What the feed says about the show. Tick what Settings should take; the rest stays as it is."
    >
      <form onSubmit={handleSubmit} aria-label="Keep the show's details" className="grid gap-3">
        {offered.map(({ detail, value }) => (
          <div key={detail} className="flex items-start gap-2">
            <input id={`keep-${detail}`} type="checkbox" name="keep" value={detail} defaultChecked className="mt-1" />
            <Label htmlFor={`keep-${detail}`} className="grid gap-1">
              <span>{SHOW_DETAIL_LABELS[detail]}</span>
              <span className="break-words font-normal text-muted-foreground">{value}</span>
            </Label>
          </div>
        ))}
        <div>
          <LiveButton type="submit" disabled={saving}>
            {saving ? "Keeping..." : "Keep the Ticked Details"}
          </LiveButton>
        </div>
      </form>
    </TitledCard>
  );
}

/** One import's progress: counts, the failures with their reasons, and the choice of the show's details. */
export function FeedImportProgressView({ progress, path }: { progress: FeedImportProgress; path: string }) {
  return (
    <div className="grid gap-6">
      <TitledCard title="Progress" description={`From ${progress.feedUrl}`} className="grid gap-4">
        <p role="status">{progress.message}</p>
        <dl className="grid grid-cols-3 gap-4 text-sm">
          <div>
            <dt className="text-muted-foreground">To import</dt>
            <dd className="font-semibold text-2xl">{progress.episodes.total}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Imported</dt>
            <dd className="font-semibold text-2xl">{progress.episodes.imported}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Failed</dt>
            <dd className="font-semibold text-2xl">{progress.episodes.failed}</dd>
          </div>
        </dl>
        {progress.status === "running" ? (
          <p className="text-sm">
            This page reloads itself every few seconds while the import runs.{" "}
            <a href={path} className="underline">
              Refresh now
            </a>
          </p>
        ) : (
          <p className="text-sm">
            <Link to="/admin/episodes" className="underline">
              See the episodes
            </Link>
          </p>
        )}
      </TitledCard>
      {progress.showSettled ? null : <ShowDetailsChoice progress={progress} />}
      {progress.problems.length > 0 ? (
        <TitledCard
          title="Failures and Notes"
          description="Episodes that could not be imported, and what of an imported episode could not be kept."
        >
          <Table aria-label="Failures and notes">
            <TableHeader>
              <TableRow>
                <TableHead>Episode</TableHead>
                <TableHead>Result</TableHead>
                <TableHead>Reason</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {progress.problems.map((problem) => (
                <TableRow key={problem.guid}>
                  <TableCell>{problem.title}</TableCell>
                  <TableCell>{problem.status === "failed" ? "Failed" : "Imported"}</TableCell>
                  <TableCell className="max-w-md break-words">{problem.problem}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TitledCard>
      ) : null}
    </div>
  );
}
