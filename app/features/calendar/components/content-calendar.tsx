import { ArrowLeft, Pencil, Plus, RefreshCw, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { EmptyState, ErrorState, ListSkeleton } from "~/components/list-states";
import { ConfirmAction } from "~/components/publishing/owner-list-panel";
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
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { LiveButton } from "~/components/ui/live-button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { toast } from "~/components/ui/use-toast";
import { useRefetchableList } from "~/hooks/use-refetchable-list";
import { sendJson } from "~/lib/api-client";
import { formatTableDate } from "~/lib/format-date";
import {
  type ContentEpisodeView,
  type ContentSeriesView,
  type LinkableEpisode,
  previewSeriesDescription,
} from "../schema";
import { EPISODE_STATUS_LABELS, EpisodeDialog } from "./episode-dialog";
import { SeriesDialog } from "./series-dialog";

const SERIES_STATUS_LABELS = { planning: "Planning", active: "Active", completed: "Completed" } as const;

type EpisodesState =
  | { status: "loading"; list: ContentEpisodeView[] }
  | { status: "ready"; list: ContentEpisodeView[] }
  | { status: "error"; list: ContentEpisodeView[] };

type EpisodeDialogState = { mode: "add" } | { mode: "edit"; episode: ContentEpisodeView } | null;

async function fetchEpisodes(seriesId: number): Promise<ContentEpisodeView[]> {
  const response = await fetch(`/api/admin/content-series/${seriesId}/episodes`, {
    credentials: "include",
    headers: { Accept: "application/json" },
  });
  const body = (await response.json()) as { success?: boolean; data?: ContentEpisodeView[] };
  if (!response.ok || !body.success || !Array.isArray(body.data)) throw new Error(`${response.status}`);
  return body.data;
}

/** /admin/content-calendar: the series table, and one series' episodes (spec section 2). */
export function ContentCalendar({
  series,
  podcastEpisodes,
}: {
  series: ContentSeriesView[];
  /** The podcast episodes an entry can be linked to. */
  podcastEpisodes: LinkableEpisode[];
}) {
  const navigate = useNavigate();
  const [offeringEpisode, setOfferingEpisode] = useState<ContentEpisodeView | null>(null);
  const seriesList = useRefetchableList(series, "/api/admin/content-series");
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [episodes, setEpisodes] = useState<EpisodesState>({ status: "ready", list: [] });
  const [creatingSeries, setCreatingSeries] = useState(false);
  const [episodeDialog, setEpisodeDialog] = useState<EpisodeDialogState>(null);
  const [deleting, setDeleting] = useState<ContentEpisodeView | null>(null);

  const selected = seriesList.list.find((item) => item.id === selectedId) ?? null;

  async function loadEpisodes(seriesId: number, { quiet = false } = {}): Promise<boolean> {
    if (!quiet) setEpisodes((current) => ({ status: "loading", list: current.list }));
    try {
      const list = await fetchEpisodes(seriesId);
      setEpisodes({ status: "ready", list });
      return true;
    } catch {
      setEpisodes({ status: "error", list: [] });
      toast({ title: "Error", description: "Failed to fetch episodes", variant: "destructive" });
      return false;
    }
  }

  function openSeries(seriesId: number) {
    setSelectedId(seriesId);
    setEpisodes({ status: "loading", list: [] });
    void loadEpisodes(seriesId);
  }

  async function refresh() {
    const [seriesLoaded, episodesLoaded] = await Promise.all([
      seriesList.refetch(),
      selectedId === null ? Promise.resolve(true) : loadEpisodes(selectedId),
    ]);
    if (seriesLoaded && episodesLoaded) {
      toast({ title: "Refreshed Content Calendar", description: "The latest series and episodes are shown." });
    }
  }

  /** Makes a draft podcast episode from the entry, links it, and opens it in the episode editor. */
  async function createPodcastEpisode(entry: ContentEpisodeView) {
    setOfferingEpisode(null);
    try {
      const reply = await sendJson<{ success?: boolean; message?: string; data?: { id: number } }>(
        "POST",
        `/api/admin/content-episodes/${entry.id}/podcast-episode`,
      );
      if (reply.ok && reply.body?.data) {
        toast({ title: "Episode Created", description: `"${entry.title}" is a draft podcast episode now.` });
        await navigate(`/admin/episodes/${reply.body.data.id}`);
        return;
      }
      toast({
        title: "Error",
        description: reply.body?.message ?? "Failed to create the podcast episode",
        variant: "destructive",
      });
    } catch {
      toast({ title: "Error", description: "Failed to create the podcast episode", variant: "destructive" });
    }
  }

  async function removeEpisode(episode: ContentEpisodeView) {
    try {
      const reply = await sendJson<{ success?: boolean }>("DELETE", `/api/admin/content-episodes/${episode.id}`);
      if (reply.ok && reply.body?.success) {
        toast({ title: "Episode Deleted", description: `"${episode.title}" has been deleted.` });
        await loadEpisodes(episode.seriesId, { quiet: true });
        return;
      }
    } catch {
      // reported below, like a refusal
    }
    toast({ title: "Error", description: "Failed to delete the episode", variant: "destructive" });
  }

  return (
    <div className="flex flex-col gap-6">
      <div>
        <LiveButton variant="outline" onClick={() => void refresh()} disabled={seriesList.status === "loading"}>
          <RefreshCw aria-hidden />
          Refresh
        </LiveButton>
      </div>

      {selected === null ? (
        <Card>
          <CardHeader className="gap-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex flex-col gap-1.5">
              <CardTitle>Content Series</CardTitle>
              <CardDescription>Series of episodes in planning, running or done.</CardDescription>
            </div>
            <LiveButton onClick={() => setCreatingSeries(true)}>
              <Plus aria-hidden />
              Add New Series
            </LiveButton>
          </CardHeader>
          <CardContent>
            {seriesList.status === "loading" ? (
              <ListSkeleton rows={3} label="Loading content series" />
            ) : seriesList.status === "error" ? (
              <ErrorState
                title="Error Loading Content Series"
                description="The content series could not be loaded."
                retryLabel="Try Again"
                onRetry={() => void seriesList.refetch()}
              />
            ) : seriesList.list.length === 0 ? (
              <EmptyState title="No Content Series Yet">
                <LiveButton onClick={() => setCreatingSeries(true)}>Create First Series</LiveButton>
              </EmptyState>
            ) : (
              <Table aria-label="Content series">
                <TableHeader>
                  <TableRow>
                    <TableHead>Title</TableHead>
                    <TableHead>Description</TableHead>
                    <TableHead>Status</TableHead>
                    <TableHead>Created</TableHead>
                    <TableHead className="text-right">Actions</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {seriesList.list.map((item) => (
                    <TableRow key={item.id}>
                      <TableCell className="font-medium">{item.title}</TableCell>
                      <TableCell>{previewSeriesDescription(item.description)}</TableCell>
                      <TableCell>
                        <Badge variant="outline">{SERIES_STATUS_LABELS[item.status]}</Badge>
                      </TableCell>
                      <TableCell className="whitespace-nowrap">{formatTableDate(item.createdAt)}</TableCell>
                      <TableCell className="text-right">
                        <LiveButton variant="outline" size="sm" onClick={() => openSeries(item.id)}>
                          View Episodes
                        </LiveButton>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </CardContent>
        </Card>
      ) : (
        <Card>
          <CardHeader className="gap-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex flex-col gap-1.5">
              <CardTitle>{selected.title}</CardTitle>
              <CardDescription>Episodes of this series.</CardDescription>
            </div>
            <div className="flex flex-wrap gap-2">
              <LiveButton variant="outline" onClick={() => setSelectedId(null)}>
                <ArrowLeft aria-hidden />
                Back to Series
              </LiveButton>
              <LiveButton onClick={() => setEpisodeDialog({ mode: "add" })}>
                <Plus aria-hidden />
                Add New Episode
              </LiveButton>
            </div>
          </CardHeader>
          <CardContent>
            {episodes.status === "loading" ? (
              <ListSkeleton rows={3} label="Loading episodes" />
            ) : episodes.status === "error" ? (
              <ErrorState
                title="Error loading episodes"
                retryLabel="Try Again"
                onRetry={() => void loadEpisodes(selected.id)}
              />
            ) : episodes.list.length === 0 ? (
              <EmptyState title="No episodes found for this series" />
            ) : (
              <Table aria-label={`Episodes of ${selected.title}`}>
                <TableHeader>
                  <TableRow>
                    <TableHead>Title</TableHead>
                    <TableHead>Guest</TableHead>
                    <TableHead>Status</TableHead>
                    <TableHead>Scheduled Date</TableHead>
                    <TableHead className="text-right">Actions</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {episodes.list.map((episode) => (
                    <TableRow key={episode.id}>
                      <TableCell>
                        <div className="font-medium">{episode.title}</div>
                        {episode.podcastEpisode ? (
                          <Link
                            to={
                              episode.podcastEpisode.public
                                ? `/podcast/${episode.podcastEpisode.slug}`
                                : `/admin/episodes/${episode.podcastEpisode.id}`
                            }
                            className="text-muted-foreground text-xs underline underline-offset-4"
                          >
                            Podcast episode: {episode.podcastEpisode.title}
                          </Link>
                        ) : null}
                      </TableCell>
                      <TableCell>{episode.guestName || "No guest assigned"}</TableCell>
                      <TableCell>
                        <Badge variant="outline">{EPISODE_STATUS_LABELS[episode.status]}</Badge>
                      </TableCell>
                      <TableCell className="whitespace-nowrap">
                        {episode.scheduledDate ? formatTableDate(episode.scheduledDate) : "Not scheduled"}
                      </TableCell>
                      <TableCell>
                        <div className="flex justify-end gap-1">
                          <LiveButton
                            variant="ghost"
                            size="icon"
                            aria-label={`Edit ${episode.title}`}
                            onClick={() => setEpisodeDialog({ mode: "edit", episode })}
                          >
                            <Pencil aria-hidden />
                          </LiveButton>
                          <LiveButton
                            variant="ghost"
                            size="icon"
                            aria-label={`Delete ${episode.title}`}
                            onClick={() => setDeleting(episode)}
                          >
                            <Trash2 aria-hidden />
                          </LiveButton>
                        </div>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </CardContent>
        </Card>
      )}

      <SeriesDialog open={creatingSeries} onOpenChange={setCreatingSeries} onCreated={seriesList.revalidate} />
      {selected ? (
        <EpisodeDialog
          open={episodeDialog !== null}
          onOpenChange={(open) => !open && setEpisodeDialog(null)}
          series={selected}
          episode={episodeDialog?.mode === "edit" ? episodeDialog.episode : undefined}
          podcastEpisodes={podcastEpisodes}
          onSaved={async (saved) => {
            await loadEpisodes(selected.id, { quiet: true });
            if (saved.status === "published" && !saved.podcastEpisode) setOfferingEpisode(saved);
          }}
        />
      ) : null}
      <ConfirmAction
        open={offeringEpisode !== null}
        title="Create the Podcast Episode?"
        confirmLabel="Create Episode"
        destructive={false}
        onConfirm={() => offeringEpisode && void createPodcastEpisode(offeringEpisode)}
        onCancel={() => setOfferingEpisode(null)}
      >
        "{offeringEpisode?.title}" is published in the calendar but has no podcast episode yet. Create a draft episode
        from its title and description, and open it in the episode editor?
      </ConfirmAction>
      <AlertDialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete Episode?</AlertDialogTitle>
            <AlertDialogDescription>
              Are you sure you want to delete "{deleting?.title}"? This action cannot be undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
              onClick={() => deleting && void removeEpisode(deleting)}
            >
              Delete
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
