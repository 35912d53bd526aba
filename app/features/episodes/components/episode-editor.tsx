import { Plus, Trash2 } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Field, localInputValue, MarkdownField, PublishingForm, PublishStatusBadge } from "~/components/editor-parts";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { usePublishingEditor } from "~/components/use-publishing-editor";
import {
  EPISODE_TYPES,
  EpisodeEditorSchema,
  EpisodeSaveSchema,
  type GuestChoice,
  type OwnerEpisodeDetail,
  SUMMARY_MAX_LENGTH,
} from "../editor-schema";

const EPISODE_TYPE_LABELS: Record<(typeof EPISODE_TYPES)[number], string> = {
  full: "Full",
  trailer: "Trailer",
  bonus: "Bonus",
};

const SELECT_CLASS =
  "h-10 w-full rounded-md border border-input bg-background px-3 text-base text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive md:text-sm";

/** Whole seconds as a clock the chapter field reads back: 65 → "1:05", 3725 → "1:02:05". */
function clockOf(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = String(Math.floor(totalSeconds % 60)).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}

type ChapterRow = { key: number; startTime: string; title: string; url: string };
type GuestRow = { key: number; name: string; role: string; link: string; guestApplicationId: number | null };

/** Rows get keys of their own, so that removing one keeps what was typed in the others. */
let nextRowKey = 0;
const rowKey = () => ++nextRowKey;

/**
 * The episode editor (new and edit). Its fields are uncontrolled and read on submit with the same schema the API
 * parses, so that what was typed before the scripts ran is kept. A save names the version the editor opened; a later
 * save from another tab is refused with the conflict message instead of overwriting.
 */
export function EpisodeEditor({
  episode,
  guestChoices,
  mediaUploads,
}: {
  episode: OwnerEpisodeDetail | null;
  guestChoices: GuestChoice[];
  /** The audio, artwork and transcript uploads, for an episode that exists. */
  mediaUploads?: ReactNode;
}) {
  const editor = usePublishingEditor({
    initial: episode,
    noun: "Episode",
    apiPath: "/api/admin/episodes",
    listPath: "/admin/episodes",
    previewPath: "/api/admin/episodes/notes-preview",
    createdDescription: "has been saved as a draft.",
    previewFailedMessage: "Failed to preview the show notes",
    localDateFields: ["publishDate", "earlyAccessAt"],
    createSchema: EpisodeEditorSchema,
    saveSchema: EpisodeSaveSchema,
  });
  const { saved, errors, preview, setPreview, publishDateRef, fieldId, invalid, showPreview } = editor;
  const [chapters, setChapters] = useState<ChapterRow[]>(() =>
    (episode?.chapters ?? []).map((chapter) => ({
      key: rowKey(),
      startTime: clockOf(chapter.startSeconds),
      title: chapter.title,
      url: chapter.url ?? "",
    })),
  );
  const [guests, setGuests] = useState<GuestRow[]>(() =>
    (episode?.guests ?? []).map((guest) => ({
      key: rowKey(),
      name: guest.name,
      role: guest.role ?? "",
      link: guest.link ?? "",
      guestApplicationId: guest.guestApplicationId,
    })),
  );
  const [chosenApplication, setChosenApplication] = useState("");

  const earlyAccessRef = useRef<HTMLInputElement>(null);
  const savedEarlyAccess = saved?.earlyAccessAt ?? null;
  useEffect(() => {
    if (earlyAccessRef.current)
      earlyAccessRef.current.value = savedEarlyAccess ? localInputValue(savedEarlyAccess) : "";
  }, [savedEarlyAccess]);

  function addChosenGuest() {
    const choice = guestChoices.find((application) => String(application.id) === chosenApplication);
    if (!choice) return;
    const role = [choice.jobTitle, choice.company].filter(Boolean).join(", ");
    setGuests((rows) => [...rows, { key: rowKey(), name: choice.name, role, link: "", guestApplicationId: choice.id }]);
    setChosenApplication("");
  }

  const status = saved?.status ?? null;

  return (
    <PublishingForm
      editor={editor}
      noun="Episode"
      listPath="/admin/episodes"
      listLabel="Episodes"
      deleteWarning="with its audio, artwork and transcript. This action cannot be undone. Unpublish the episode instead to keep it."
    >
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-center gap-3">
            <CardTitle>Episode</CardTitle>
            {status ? <PublishStatusBadge status={status} /> : null}
          </div>
          <CardDescription>
            {saved?.publishDate && status !== "draft"
              ? `Publish date: ${new Date(saved.publishDate).toUTCString()}`
              : "A new episode is a draft until you publish or schedule it."}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <Field id={fieldId("title")} label="Title" error={errors.title}>
            <Input
              id={fieldId("title")}
              name="title"
              required
              maxLength={200}
              defaultValue={saved?.title ?? ""}
              {...invalid("title")}
            />
          </Field>
          <Field
            id={fieldId("slug")}
            label="Slug"
            error={errors.slug}
            hint={
              saved?.slugFixed
                ? "The address is fixed now that the episode has been published."
                : "The episode page's address, /podcast/{slug}; leave empty to make it from the title."
            }
          >
            <Input
              id={fieldId("slug")}
              name="slug"
              maxLength={120}
              readOnly={saved?.slugFixed}
              defaultValue={saved?.slug ?? ""}
              placeholder="made-from-the-title"
              {...invalid("slug")}
            />
          </Field>
          <Field
            id={fieldId("summary")}
            label="Summary"
            error={errors.summary}
            hint={`Plain text, at most ${SUMMARY_MAX_LENGTH.toLocaleString("en-US")} characters: the feed's description.`}
          >
            <Textarea
              id={fieldId("summary")}
              name="summary"
              rows={3}
              maxLength={SUMMARY_MAX_LENGTH}
              defaultValue={saved?.summary ?? ""}
              {...invalid("summary")}
            />
          </Field>
          <MarkdownField
            id={fieldId("showNotesMarkdown")}
            name="showNotesMarkdown"
            label="Show Notes (Markdown)"
            previewLabel="Show notes preview"
            rows={10}
            defaultValue={saved?.showNotesMarkdown ?? ""}
            error={errors.showNotesMarkdown}
            invalidProps={invalid("showNotesMarkdown")}
            preview={preview}
            onWrite={() => setPreview(null)}
            onPreview={(markdown) => void showPreview(markdown)}
          />
          <div className="grid gap-5 sm:grid-cols-3">
            <Field id={fieldId("seasonNumber")} label="Season" error={errors.seasonNumber}>
              <Input
                id={fieldId("seasonNumber")}
                name="seasonNumber"
                inputMode="numeric"
                defaultValue={saved?.seasonNumber ?? ""}
                {...invalid("seasonNumber")}
              />
            </Field>
            <Field id={fieldId("episodeNumber")} label="Episode Number" error={errors.episodeNumber}>
              <Input
                id={fieldId("episodeNumber")}
                name="episodeNumber"
                inputMode="numeric"
                defaultValue={saved?.episodeNumber ?? ""}
                {...invalid("episodeNumber")}
              />
            </Field>
            <Field id={fieldId("episodeType")} label="Type" error={errors.episodeType}>
              <select
                id={fieldId("episodeType")}
                name="episodeType"
                defaultValue={saved?.episodeType ?? "full"}
                className={SELECT_CLASS}
              >
                {EPISODE_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {EPISODE_TYPE_LABELS[type]}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          <div className="flex flex-wrap gap-6">
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="explicit" defaultChecked={saved?.explicit ?? false} />
              Explicit
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="premium" defaultChecked={saved?.premium ?? false} />
              Premium (members only)
            </label>
          </div>
          <Field
            id={fieldId("publishDate")}
            label="Publish Date and Time"
            error={errors.publishDate}
            hint="In your time zone. Schedule needs a date in the future; Publish Now uses this moment unless the date is already past."
          >
            <Input
              ref={publishDateRef}
              id={fieldId("publishDate")}
              name="publishDate"
              type="datetime-local"
              {...invalid("publishDate")}
            />
          </Field>
          <Field
            id={fieldId("earlyAccessAt")}
            label="Early Access From"
            error={errors.earlyAccessAt}
            hint="Optional, in your time zone: Basic and Premium members can listen from this date, before the publish date (a premium episode only for Premium members)."
          >
            <Input
              ref={earlyAccessRef}
              id={fieldId("earlyAccessAt")}
              name="earlyAccessAt"
              type="datetime-local"
              {...invalid("earlyAccessAt")}
            />
          </Field>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Media</CardTitle>
          <CardDescription>Audio (MP3 or M4A), artwork and transcript.</CardDescription>
        </CardHeader>
        <CardContent>
          {mediaUploads ?? <p className="text-muted-foreground text-sm">Save the episode first to upload its audio.</p>}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Chapters</CardTitle>
          <CardDescription>A start time (such as 1:05 or 1:02:03), a title and an optional link.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {errors.chapters ? <p className="text-red-300 text-sm">{errors.chapters}</p> : null}
          {chapters.map((chapter, index) => (
            <fieldset key={chapter.key} className="grid gap-3 sm:grid-cols-[8rem_1fr_1fr_auto] sm:items-end">
              <legend className="sr-only">Chapter {index + 1}</legend>
              <Field
                id={fieldId(`chapters.${index}.startTime`)}
                label="Start"
                error={errors[`chapters.${index}.startTime`]}
              >
                <Input
                  id={fieldId(`chapters.${index}.startTime`)}
                  name={`chapters.${index}.startTime`}
                  defaultValue={chapter.startTime}
                  {...invalid(`chapters.${index}.startTime`)}
                />
              </Field>
              <Field
                id={fieldId(`chapters.${index}.title`)}
                label="Chapter Title"
                error={errors[`chapters.${index}.title`]}
              >
                <Input
                  id={fieldId(`chapters.${index}.title`)}
                  name={`chapters.${index}.title`}
                  defaultValue={chapter.title}
                  {...invalid(`chapters.${index}.title`)}
                />
              </Field>
              <Field id={fieldId(`chapters.${index}.url`)} label="Link" error={errors[`chapters.${index}.url`]}>
                <Input
                  id={fieldId(`chapters.${index}.url`)}
                  name={`chapters.${index}.url`}
                  type="url"
                  defaultValue={chapter.url}
                  {...invalid(`chapters.${index}.url`)}
                />
              </Field>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove chapter ${index + 1}`}
                onClick={() => setChapters((rows) => rows.filter((row) => row.key !== chapter.key))}
              >
                <Trash2 aria-hidden />
              </Button>
            </fieldset>
          ))}
          <div>
            <Button
              type="button"
              variant="outline"
              onClick={() => setChapters((rows) => [...rows, { key: rowKey(), startTime: "", title: "", url: "" }])}
            >
              <Plus aria-hidden />
              Add Chapter
            </Button>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Guests</CardTitle>
          <CardDescription>Chosen from approved guest applications, or entered by hand.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {errors.guests ? <p className="text-red-300 text-sm">{errors.guests}</p> : null}
          {guests.map((guest, index) => (
            <fieldset key={guest.key} className="grid gap-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end">
              <legend className="sr-only">Guest {index + 1}</legend>
              {guest.guestApplicationId ? (
                <input type="hidden" name={`guests.${index}.guestApplicationId`} value={guest.guestApplicationId} />
              ) : null}
              <Field id={fieldId(`guests.${index}.name`)} label="Guest Name" error={errors[`guests.${index}.name`]}>
                <Input
                  id={fieldId(`guests.${index}.name`)}
                  name={`guests.${index}.name`}
                  defaultValue={guest.name}
                  {...invalid(`guests.${index}.name`)}
                />
              </Field>
              <Field id={fieldId(`guests.${index}.role`)} label="Role" error={errors[`guests.${index}.role`]}>
                <Input
                  id={fieldId(`guests.${index}.role`)}
                  name={`guests.${index}.role`}
                  defaultValue={guest.role}
                  {...invalid(`guests.${index}.role`)}
                />
              </Field>
              <Field id={fieldId(`guests.${index}.link`)} label="Guest Link" error={errors[`guests.${index}.link`]}>
                <Input
                  id={fieldId(`guests.${index}.link`)}
                  name={`guests.${index}.link`}
                  type="url"
                  defaultValue={guest.link}
                  {...invalid(`guests.${index}.link`)}
                />
              </Field>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove guest ${index + 1}`}
                onClick={() => setGuests((rows) => rows.filter((row) => row.key !== guest.key))}
              >
                <Trash2 aria-hidden />
              </Button>
            </fieldset>
          ))}
          <div className="flex flex-wrap items-end gap-3">
            {guestChoices.length > 0 ? (
              <div className="grid gap-2">
                <Label htmlFor={fieldId("guest-application")}>From an application</Label>
                <div className="flex gap-2">
                  <select
                    id={fieldId("guest-application")}
                    value={chosenApplication}
                    onChange={(event) => setChosenApplication(event.target.value)}
                    className={SELECT_CLASS}
                  >
                    <option value="">Choose an approved guest</option>
                    {guestChoices.map((application) => (
                      <option key={application.id} value={application.id}>
                        {application.name}
                        {application.company ? ` (${application.company})` : ""}
                      </option>
                    ))}
                  </select>
                  <Button type="button" variant="outline" onClick={addChosenGuest} disabled={!chosenApplication}>
                    Add
                  </Button>
                </div>
              </div>
            ) : null}
            <Button
              type="button"
              variant="outline"
              onClick={() =>
                setGuests((rows) => [
                  ...rows,
                  { key: rowKey(), name: "", role: "", link: "", guestApplicationId: null },
                ])
              }
            >
              <Plus aria-hidden />
              Add Guest by Hand
            </Button>
          </div>
        </CardContent>
      </Card>
    </PublishingForm>
  );
}
