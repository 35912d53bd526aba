import { Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { FormField } from "~/components/form-field";
import { ConfirmAction } from "~/components/publishing/owner-list-panel";
import { useVersionedForm } from "~/components/publishing/use-versioned-form";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { LiveButton } from "~/components/ui/live-button";
import { Textarea } from "~/components/ui/textarea";
import { type OwnerStory, STORY_MEDIA_FIELDS, StoryEditorSchema } from "../editor-schema";
import { StoryMediaUpload } from "./story-media-upload";

const FIELDS = [
  { name: "title", label: "Title", multiline: false, hint: "The card's heading." },
  { name: "excerpt", label: "Excerpt", multiline: false, hint: "One line under the title on the card." },
  {
    name: "fullStory",
    label: "Full story",
    multiline: true,
    hint: "Shown by Read Full Story. Separate paragraphs with a blank line.",
  },
] as const;

/**
 * The story editor: its text fields, saved with the version the editor opened (a save from an outdated tab is told
 * so), and, once the story exists, its video and poster uploads.
 */
export function StoryEditor({ story }: { story: OwnerStory | null }) {
  const navigate = useNavigate();
  const [saved, setSaved] = useState(story);
  const { errors, problem, busy, deleting, setDeleting, submit, remove, controlProps } = useVersionedForm<OwnerStory>({
    noun: "Story",
    endpoint: "/api/admin/stories",
    schema: StoryEditorSchema,
    item: saved,
    onCreated: (data) => data && navigate(`/admin/stories/${data.id}`),
    onSaved: (data) => data && setSaved(data),
    onDeleted: () => navigate("/admin/stories"),
  });

  return (
    <>
      <form onSubmit={submit} noValidate className="flex flex-col gap-6">
        {FIELDS.map((field) => {
          const id = `story-${field.name}`;
          const common = controlProps(id, field.name, saved?.[field.name], true);
          return (
            <FormField key={field.name} id={id} label={field.label} hint={field.hint} error={errors[field.name]?.[0]}>
              {field.multiline ? <Textarea rows={12} {...common} /> : <Input {...common} />}
            </FormField>
          );
        })}
        {problem ? (
          <p role="alert" className="text-red-300">
            {problem}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <LiveButton type="submit" disabled={busy}>
            {busy ? "Saving..." : saved ? "Save Story" : "Create Story"}
          </LiveButton>
          <Button asChild variant="ghost">
            <Link to="/admin/stories">Back to Stories</Link>
          </Button>
          {saved ? (
            <LiveButton type="button" variant="destructive" className="ml-auto" onClick={() => setDeleting(true)}>
              <Trash2 aria-hidden />
              Delete Story
            </LiveButton>
          ) : null}
        </div>
      </form>
      {saved ? (
        <div className="mt-10 flex flex-col gap-4">
          <h2 className="font-semibold text-2xl">Video and poster</h2>
          {STORY_MEDIA_FIELDS.map((field) => (
            <StoryMediaUpload
              key={field}
              storyId={saved.id}
              field={field}
              story={saved}
              onUploaded={(next) => setSaved((previous) => (previous ? { ...next, version: previous.version } : next))}
            />
          ))}
        </div>
      ) : (
        <p className="mt-6 text-muted-foreground text-sm">Create the story first; then upload its video and poster.</p>
      )}
      <ConfirmAction
        open={deleting}
        title="Delete Story?"
        confirmLabel="Delete Permanently"
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(false)}
      >
        This will permanently delete "{saved?.title}" with its uploaded video and poster. Its `?video=` link will lead
        to the About page without a highlighted story.
      </ConfirmAction>
    </>
  );
}
