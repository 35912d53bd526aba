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
import { ContentSeriesSchema, SERIES_STATUSES, type SeriesStatus } from "../schema";

const STATUS_LABELS: Record<SeriesStatus, string> = { planning: "Planning", active: "Active", completed: "Completed" };

type Reply = { success?: boolean; message?: string; errors?: Record<string, string[]> };

/** "Create New Content Series": title, description and status (default planning). */
export function SeriesDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: () => Promise<void>;
}) {
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [status, setStatus] = useState<SeriesStatus>("planning");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  function reset() {
    setTitle("");
    setDescription("");
    setStatus("planning");
    setErrors({});
    setRefusal(null);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ContentSeriesSchema.safeParse({ title, description, status });
    if (!parsed.success) {
      setErrors(firstErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setRefusal(null);
    setSaving(true);
    try {
      const reply = await sendJson<Reply>("POST", "/api/admin/content-series", parsed.data);
      if (reply.ok && reply.body?.success) {
        toast({ title: "Series Created", description: `"${parsed.data.title}" has been added to the calendar.` });
        reset();
        onOpenChange(false);
        await onCreated();
        return;
      }
      setErrors(errorsFromApi(reply.body?.errors));
      setRefusal("Failed to create content series");
      toast({ title: "Error", description: "Failed to create content series", variant: "destructive" });
    } catch {
      setRefusal("Failed to create content series");
      toast({ title: "Error", description: "Failed to create content series", variant: "destructive" });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create New Content Series</DialogTitle>
          <DialogDescription>A series groups the episodes you plan.</DialogDescription>
        </DialogHeader>
        <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
          <FormField id="series-title" label="Title" error={errors.title}>
            <Input
              id="series-title"
              value={title}
              onChange={(event) => setTitle(event.target.value)}
              aria-invalid={errors.title ? true : undefined}
              aria-describedby={errors.title ? "series-title-error" : undefined}
            />
          </FormField>
          <FormField id="series-description" label="Description" error={errors.description}>
            <Textarea
              id="series-description"
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={errors.description ? "series-description-error" : undefined}
            />
          </FormField>
          <FormField id="series-status" label="Status" error={errors.status}>
            <Select value={status} onValueChange={(value) => setStatus(value as SeriesStatus)}>
              <SelectTrigger id="series-status">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {SERIES_STATUSES.map((value) => (
                  <SelectItem key={value} value={value}>
                    {STATUS_LABELS[value]}
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
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? "Creating..." : "Create Series"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
