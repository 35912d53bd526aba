import { type ReactNode, useEffect, useRef, useState } from "react";
import { FormField } from "~/components/form-field";
import { AddRowButton, EditableRow, EditableRowsCard, useEditableRows } from "~/components/publishing/editable-rows";
import {
  EditorInput,
  EditorTextarea,
  localInputValue,
  MarkdownField,
  PublishDateField,
  TitleAndSlugFields,
} from "~/components/publishing/editor-inputs";
import { PublishingCardHeader, PublishingForm } from "~/components/publishing/publishing-form";
import { usePublishingEditor } from "~/components/publishing/use-publishing-editor";
import { TitledCard } from "~/components/titled-card";
import { Card, CardContent } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { LiveButton } from "~/components/ui/live-button";
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

type GuestRow = { name: string; role: string; link: string; guestApplicationId: number | null };

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
  const { saved, errors, preview, setPreview, fieldId, invalid, showPreview } = editor;
  const chapters = useEditableRows(() =>
    (episode?.chapters ?? []).map((chapter) => ({
      startTime: clockOf(chapter.startSeconds),
      title: chapter.title,
      url: chapter.url ?? "",
    })),
  );
  const guests = useEditableRows<GuestRow>(() =>
    (episode?.guests ?? []).map((guest) => ({
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
    guests.add({ name: choice.name, role, link: "", guestApplicationId: choice.id });
    setChosenApplication("");
  }

  return (
    <PublishingForm
      editor={editor}
      noun="Episode"
      listPath="/admin/episodes"
      listLabel="Episodes"
      deleteWarning="with its audio, artwork and transcript. This action cannot be undone. Unpublish the episode instead to keep it."
    >
      <Card>
        <PublishingCardHeader
          title="Episode"
          saved={saved}
          draftNote="A new episode is a draft until you publish or schedule it."
        />
        <CardContent className="grid gap-5">
          <TitleAndSlugFields
            editor={editor}
            saved={saved}
            titleRequired
            fixedHint="The address is fixed now that the episode has been published."
            addressHint="The episode page's address, /podcast/{slug}; leave empty to make it from the title."
          />
          <EditorTextarea
            editor={editor}
            name="summary"
            label="Summary"
            hint={`Plain text, at most ${SUMMARY_MAX_LENGTH.toLocaleString("en-US")} characters: the feed's description.`}
            rows={3}
            maxLength={SUMMARY_MAX_LENGTH}
            defaultValue={saved?.summary ?? ""}
          />
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
            <EditorInput
              editor={editor}
              name="seasonNumber"
              label="Season"
              inputMode="numeric"
              defaultValue={saved?.seasonNumber ?? ""}
            />
            <EditorInput
              editor={editor}
              name="episodeNumber"
              label="Episode Number"
              inputMode="numeric"
              defaultValue={saved?.episodeNumber ?? ""}
            />
            <FormField id={fieldId("episodeType")} label="Type" error={errors.episodeType}>
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
            </FormField>
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
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="skipMail" defaultChecked={saved?.skipMail ?? false} />
              Skip the mail (subscribers are not mailed about this episode)
            </label>
          </div>
          <PublishDateField editor={editor} />
          <EditorInput
            editor={editor}
            ref={earlyAccessRef}
            name="earlyAccessAt"
            label="Early Access From"
            type="datetime-local"
            hint="Optional, in your time zone: Basic and Premium members can listen from this date, before the publish date (a premium episode only for Premium members)."
          />
        </CardContent>
      </Card>

      <TitledCard title="Media" description="Audio (MP3 or M4A), artwork and transcript.">
        {mediaUploads ?? <p className="text-muted-foreground text-sm">Save the episode first to upload its audio.</p>}
      </TitledCard>

      <EditableRowsCard
        title="Chapters"
        description="A start time (such as 1:05 or 1:02:03), a title and an optional link."
        error={errors.chapters}
        addButtons={
          <AddRowButton label="Add Chapter" onAdd={() => chapters.add({ startTime: "", title: "", url: "" })} />
        }
      >
        {chapters.rows.map((chapter, index) => (
          <EditableRow
            key={chapter.key}
            legend={`Chapter ${index + 1}`}
            columns="sm:grid-cols-[8rem_1fr_1fr_auto]"
            onRemove={() => chapters.remove(chapter.key)}
          >
            <EditorInput
              editor={editor}
              name={`chapters.${index}.startTime`}
              label="Start"
              defaultValue={chapter.startTime}
            />
            <EditorInput
              editor={editor}
              name={`chapters.${index}.title`}
              label="Chapter Title"
              defaultValue={chapter.title}
            />
            <EditorInput
              editor={editor}
              name={`chapters.${index}.url`}
              label="Link"
              type="url"
              defaultValue={chapter.url}
            />
          </EditableRow>
        ))}
      </EditableRowsCard>

      <EditableRowsCard
        title="Guests"
        description="Chosen from approved guest applications, or entered by hand."
        error={errors.guests}
        addButtons={
          <>
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
                  <LiveButton type="button" variant="outline" onClick={addChosenGuest} disabled={!chosenApplication}>
                    Add
                  </LiveButton>
                </div>
              </div>
            ) : null}
            <AddRowButton
              label="Add Guest by Hand"
              onAdd={() => guests.add({ name: "", role: "", link: "", guestApplicationId: null })}
            />
          </>
        }
      >
        {guests.rows.map((guest, index) => (
          <EditableRow
            key={guest.key}
            legend={`Guest ${index + 1}`}
            columns="sm:grid-cols-[1fr_1fr_1fr_auto]"
            onRemove={() => guests.remove(guest.key)}
          >
            {guest.guestApplicationId ? (
              <input type="hidden" name={`guests.${index}.guestApplicationId`} value={guest.guestApplicationId} />
            ) : null}
            <EditorInput editor={editor} name={`guests.${index}.name`} label="Guest Name" defaultValue={guest.name} />
            <EditorInput editor={editor} name={`guests.${index}.role`} label="Role" defaultValue={guest.role} />
            <EditorInput
              editor={editor}
              name={`guests.${index}.link`}
              label="Guest Link"
              type="url"
              defaultValue={guest.link}
            />
          </EditableRow>
        ))}
      </EditableRowsCard>
    </PublishingForm>
  );
}
