import { Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { ConfirmAction } from "~/components/owner-list-panel";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/use-toast";
import { sendJson } from "~/lib/api-client";
import { formFields } from "~/lib/form-fields";
import { type OwnerStory, STORY_MEDIA_FIELDS, StoryEditorSchema } from "../editor-schema";
import { StoryMediaUpload } from "./story-media-upload";

type StoryReply = { success?: boolean; message?: string; errors?: Record<string, string[]>; data?: OwnerStory };

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
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem(null);
    const fields = formFields(new FormData(event.currentTarget));
    const parsed = StoryEditorSchema.safeParse(fields);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), [issue.message]])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const reply = saved
        ? await sendJson<StoryReply>("PUT", `/api/admin/stories/${saved.id}`, {
            ...parsed.data,
            version: saved.version,
          })
        : await sendJson<StoryReply>("POST", "/api/admin/stories", parsed.data);
      const data = reply.body?.data;
      if (reply.ok && data) {
        toast({ title: saved ? "Story Saved" : "Story Created" });
        if (saved) setSaved(data);
        else await navigate(`/admin/stories/${data.id}`);
      } else {
        setErrors(reply.body?.errors ?? {});
        setProblem(reply.body?.message ?? "The story could not be saved. Please try again.");
      }
    } catch {
      setProblem("The server could not be reached. Check your connection and try again.");
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!saved) return;
    setDeleting(false);
    try {
      const reply = await sendJson<StoryReply>("DELETE", `/api/admin/stories/${saved.id}`);
      if (reply.ok) {
        toast({ title: "Story Deleted", description: `"${saved.title}" has been deleted.` });
        await navigate("/admin/stories");
      } else {
        setProblem(reply.body?.message ?? "The story could not be deleted.");
      }
    } catch {
      setProblem("The server could not be reached. Check your connection and try again.");
    }
  }

  return (
    <>
      <form onSubmit={submit} noValidate className="flex flex-col gap-6">
        {FIELDS.map((field) => {
          const id = `story-${field.name}`;
          const error = errors[field.name]?.[0];
          const described = `${id}-hint${error ? ` ${id}-error` : ""}`;
          const common = {
            id,
            name: field.name,
            defaultValue: saved?.[field.name] ?? "",
            "aria-describedby": described,
            "aria-invalid": error ? true : undefined,
          };
          return (
            <div key={field.name} className="flex flex-col gap-2">
              <Label htmlFor={id}>{field.label}</Label>
              {field.multiline ? <Textarea rows={12} {...common} /> : <Input {...common} />}
              <p id={`${id}-hint`} className="text-muted-foreground text-xs">
                {field.hint}
              </p>
              {error ? (
                <p id={`${id}-error`} className="text-red-300 text-sm">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
        {problem ? (
          <p role="alert" className="text-red-300">
            {problem}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : saved ? "Save Story" : "Create Story"}
          </Button>
          <Button asChild variant="ghost">
            <Link to="/admin/stories">Back to Stories</Link>
          </Button>
          {saved ? (
            <Button type="button" variant="destructive" className="ml-auto" onClick={() => setDeleting(true)}>
              <Trash2 aria-hidden />
              Delete Story
            </Button>
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
