import { type FormEvent, useState } from "react";
import { FormField } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/use-toast";
import { sendJson } from "~/lib/api-client";
import { errorsFromApi, type FieldErrors, firstErrors } from "~/lib/field-messages";
import {
  ContentEpisodeSchema,
  type ContentEpisodeView,
  type ContentSeriesView,
  EPISODE_STATUSES,
  type EpisodeStatus,
  type LinkableEpisode,
} from "../schema";
import { DatePicker } from "./date-picker";

export const EPISODE_STATUS_LABELS: Record<EpisodeStatus, string> = {
  planning: "Planning",
  scheduled: "Scheduled",
  recorded: "Recorded",
  editing: "Editing",
  published: "Published",
};

type Reply = { success?: boolean; message?: string; errors?: Record<string, string[]>; data?: ContentEpisodeView };

const NOT_LINKED = "none";

type EpisodeFormProps = {
  series: ContentSeriesView;
  /** The episode being edited; absent when adding one. */
  episode?: ContentEpisodeView;
  podcastEpisodes: LinkableEpisode[];
  onDone: () => void;
  onSaved: (saved: ContentEpisodeView) => Promise<void>;
};

function EpisodeForm({ series, episode, podcastEpisodes, onDone, onSaved }: EpisodeFormProps) {
  const [title, setTitle] = useState(episode?.title ?? "");
  const [description, setDescription] = useState(episode?.description ?? "");
  const [episodeNumber, setEpisodeNumber] = useState(String(episode?.episodeNumber ?? 1));
  const [status, setStatus] = useState<EpisodeStatus>(episode?.status ?? "planning");
  const [scheduledDay, setScheduledDay] = useState<string | null>(episode?.scheduledDate?.slice(0, 10) ?? null);
  const [linkedId, setLinkedId] = useState(String(episode?.podcastEpisode?.id ?? NOT_LINKED));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const editing = episode !== undefined;
  const failureText = editing ? "Failed to update episode" : "Failed to create episode";

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = {
      title,
      description,
      episodeNumber,
      status,
      // The calendar day is stored as that day's UTC midnight, and tables show dates in UTC.
      scheduledDate: scheduledDay ? `${scheduledDay}T00:00:00.000Z` : null,
      podcastEpisodeId: linkedId === NOT_LINKED ? null : Number(linkedId),
    };
    const parsed = ContentEpisodeSchema.safeParse(fields);
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setRefusal(null);
    setSaving(true);
    const payload = { ...fields, episodeNumber: parsed.data.episodeNumber };
    try {
      const reply = editing
        ? await sendJson<Reply>("PATCH", `/api/admin/content-episodes/${episode.id}`, payload)
        : await sendJson<Reply>("POST", "/api/admin/content-episodes", { ...payload, seriesId: series.id });
      if (reply.ok && reply.body?.success && reply.body.data) {
        toast({
          title: editing ? "Episode Updated" : "Episode Created",
          description: `"${parsed.data.title}" has been saved.`,
        });
        onDone();
        await onSaved(reply.body.data);
        return;
      }
      setErrors(errorsFromApi(reply.body?.errors));
      // A link refused (taken by another entry) says why; other refusals keep the spec's text.
      const reason = reply.status === 409 && reply.body?.message ? reply.body.message : failureText;
      setRefusal(reason);
      toast({ title: "Error", description: reason, variant: "destructive" });
    } catch {
      setRefusal(failureText);
      toast({ title: "Error", description: failureText, variant: "destructive" });
    } finally {
      setSaving(false);
    }
  }

  const invalid = (field: string) =>
    errors[field] ? { "aria-invalid": true, "aria-describedby": `episode-${field}-error` } : {};

  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
      <FormField id="episode-title" label="Title" error={errors.title}>
        <Input
          id="episode-title"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          {...invalid("title")}
        />
      </FormField>
      <FormField id="episode-description" label="Description" error={errors.description}>
        <Textarea
          id="episode-description"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          {...invalid("description")}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="episode-episodeNumber" label="Episode Number" error={errors.episodeNumber}>
          <Input
            id="episode-episodeNumber"
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            value={episodeNumber}
            onChange={(event) => setEpisodeNumber(event.target.value)}
            {...invalid("episodeNumber")}
          />
        </FormField>
        <FormField id="episode-status" label="Status" error={errors.status}>
          <Select value={status} onValueChange={(value) => setStatus(value as EpisodeStatus)}>
            <SelectTrigger id="episode-status">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {EPISODE_STATUSES.map((value) => (
                <SelectItem key={value} value={value}>
                  {EPISODE_STATUS_LABELS[value]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
      </div>
      <FormField id="episode-scheduledDate" label="Scheduled Date" error={errors.scheduledDate}>
        <DatePicker id="episode-scheduledDate" value={scheduledDay} onChange={setScheduledDay} />
      </FormField>
      <FormField id="episode-podcastEpisodeId" label="Podcast Episode" error={errors.podcastEpisodeId}>
        <Select value={linkedId} onValueChange={setLinkedId}>
          <SelectTrigger id="episode-podcastEpisodeId">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={NOT_LINKED}>Not linked</SelectItem>
            {podcastEpisodes.map((podcastEpisode) => (
              <SelectItem key={podcastEpisode.id} value={String(podcastEpisode.id)}>
                {podcastEpisode.title}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </FormField>
      {refusal ? (
        <p role="alert" className="text-red-300 text-sm">
          {refusal}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : editing ? "Update Episode" : "Create Episode"}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** "Add New Episode to {series}" and "Edit Episode". */
export function EpisodeDialog({
  open,
  onOpenChange,
  series,
  episode,
  podcastEpisodes,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  series: ContentSeriesView;
  episode?: ContentEpisodeView;
  podcastEpisodes: LinkableEpisode[];
  onSaved: (saved: ContentEpisodeView) => Promise<void>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{episode ? "Edit Episode" : `Add New Episode to ${series.title}`}</DialogTitle>
          <DialogDescription>
            {episode ? `Change "${episode.title}".` : "Plan an episode of this series."}
          </DialogDescription>
        </DialogHeader>
        {open ? (
          <EpisodeForm
            key={episode?.id ?? "new"}
            series={series}
            episode={episode}
            podcastEpisodes={podcastEpisodes}
            onDone={() => onOpenChange(false)}
            onSaved={onSaved}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
