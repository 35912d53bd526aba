import { useId, useState } from "react";
import { useRevalidator } from "react-router";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { LiveButton } from "~/components/ui/live-button";
import { toast } from "~/components/ui/use-toast";
import { sendFormWithProgress } from "~/lib/upload-with-progress";
import { type OwnerResource, ResourceEditorSchema } from "../editor-schema";
import { type ItemField, OwnerItemForm } from "./owner-item-form";

const RESOURCE_FIELDS: readonly ItemField[] = [
  { name: "title", label: "Title", kind: "text" },
  { name: "description", label: "Description", kind: "textarea" },
  { name: "tier", label: "Who may download it", kind: "tier" },
];

/** The owner's members' resources: a form for a new one, then each resource with its fields and its file. */
export function OwnerResourcesPanel({ resources }: { resources: OwnerResource[] }) {
  return (
    <div className="flex flex-col gap-8">
      <details className="rounded-xl border border-border bg-card p-6">
        <summary className="cursor-pointer font-semibold text-xl">New resource</summary>
        <div className="mt-4">
          <OwnerItemForm
            noun="Resource"
            endpoint="/api/admin/resources"
            fields={RESOURCE_FIELDS}
            schema={ResourceEditorSchema}
            item={null}
          />
          <p className="mt-4 text-muted-foreground text-sm">
            Create the resource first; then upload its file. Members see it once it has one.
          </p>
        </div>
      </details>
      {resources.length === 0 ? <p className="text-muted-foreground">No resources yet.</p> : null}
      <ul className="flex flex-col gap-4">
        {resources.map((resource) => (
          <li key={`${resource.id}-${resource.version}`} className="rounded-xl border border-border bg-card p-6">
            <h2 className="mb-4 font-semibold text-xl">{resource.title}</h2>
            <OwnerItemForm
              noun="Resource"
              endpoint="/api/admin/resources"
              fields={RESOURCE_FIELDS}
              schema={ResourceEditorSchema}
              item={resource}
            >
              <ResourceFileUpload resource={resource} />
            </OwnerItemForm>
          </li>
        ))}
      </ul>
    </div>
  );
}

type UploadReply = { success?: boolean; message?: string; data?: OwnerResource };

/** The resource's file now, and a PDF or ZIP to send in its place with its progress. */
function ResourceFileUpload({ resource }: { resource: OwnerResource }) {
  const inputId = useId();
  const { revalidate } = useRevalidator();
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function upload() {
    if (!file || percent !== null) return;
    setRefusal(null);
    const body = new FormData();
    body.append("file", file);
    setPercent(0);
    try {
      const reply = await sendFormWithProgress<UploadReply>(
        "PUT",
        `/api/admin/resources/${resource.id}/file`,
        body,
        ({ sentBytes, totalBytes }) => setPercent(totalBytes > 0 ? Math.floor((sentBytes / totalBytes) * 100) : 0),
      ).reply;
      if (reply.ok) {
        toast({ title: "File uploaded" });
        await revalidate();
      } else {
        setRefusal(reply.body?.message ?? "The file could not be saved. Please try again.");
      }
    } catch {
      setRefusal("The upload could not reach the server. Check your connection and try again.");
    } finally {
      setPercent(null);
    }
  }

  return (
    <section className="mt-6 flex flex-col gap-2 border-border border-t pt-4">
      <p className="text-muted-foreground text-sm">
        {resource.file
          ? `${resource.file.uploaded ? "Uploaded file" : "Built-in sample file"}: ${resource.file.name} (${resource.file.sizeLabel})`
          : "No file yet: members do not see this resource."}
      </p>
      <Label htmlFor={inputId}>{resource.file ? "Replace the file" : "File"}</Label>
      <Input
        id={inputId}
        type="file"
        accept="application/pdf,application/zip,.pdf,.zip"
        aria-describedby={`${inputId}-hint${refusal ? ` ${inputId}-refusal` : ""}`}
        aria-invalid={refusal ? true : undefined}
        disabled={percent !== null}
        onChange={(event) => {
          setFile(event.currentTarget.files?.[0] ?? null);
          setRefusal(null);
        }}
      />
      <p id={`${inputId}-hint`} className="text-muted-foreground text-xs">
        PDF or ZIP, up to 100 MB. The type is read from the file itself.
      </p>
      {percent !== null ? (
        <p role="status" className="text-sm tabular-nums">
          {percent < 100 ? `${percent}% sent` : "Sent; checking the file…"}
        </p>
      ) : null}
      {refusal ? (
        <p id={`${inputId}-refusal`} role="alert" className="text-red-300 text-sm">
          {refusal}
        </p>
      ) : null}
      <div>
        <LiveButton type="button" disabled={!file || percent !== null} onClick={() => void upload()}>
          {percent !== null ? "Uploading..." : "Upload file"}
        </LiveButton>
      </div>
    </section>
  );
}
