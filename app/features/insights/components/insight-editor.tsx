import { AddRowButton, EditableRow, EditableRowsCard, useEditableRows } from "~/components/publishing/editable-rows";
import {
  EditorInput,
  EditorTextarea,
  MarkdownField,
  PublishDateField,
  TitleAndSlugFields,
} from "~/components/publishing/editor-inputs";
import { PublishingCardHeader, PublishingForm } from "~/components/publishing/publishing-form";
import { usePublishingEditor } from "~/components/publishing/use-publishing-editor";
import { TitledCard } from "~/components/titled-card";
import { Card, CardContent } from "~/components/ui/card";
import {
  EXCERPT_MAX_LENGTH,
  InsightEditorSchema,
  InsightSaveSchema,
  type OwnerInsightDetail,
  SEO_DESCRIPTION_MAX_LENGTH,
} from "../editor-schema";
import { InsightCoverUpload } from "./insight-cover-upload";

/**
 * The insight editor (new and edit). Its fields are uncontrolled and read on submit with the same schema the API
 * parses. A save names the version the editor opened; a later save from another tab is refused with the conflict
 * message instead of overwriting.
 */
export function InsightEditor({ insight }: { insight: OwnerInsightDetail | null }) {
  const editor = usePublishingEditor({
    initial: insight,
    noun: "Insight",
    apiPath: "/api/admin/insights",
    listPath: "/admin/insights",
    previewPath: "/api/admin/insights/preview",
    createdDescription: "has been saved.",
    previewFailedMessage: "Failed to preview the body",
    localDateFields: ["publishDate"],
    createSchema: InsightEditorSchema,
    saveSchema: InsightSaveSchema,
  });
  const { saved, setSaved, errors, preview, setPreview, fieldId, invalid, showPreview } = editor;
  const sources = useEditableRows(() => insight?.sources ?? []);

  return (
    <PublishingForm
      editor={editor}
      noun="Insight"
      listPath="/admin/insights"
      listLabel="Insights"
      deleteWarning="with its cover image. This action cannot be undone. Unpublish the post instead to keep it."
    >
      <Card>
        <PublishingCardHeader
          title="Post"
          saved={saved}
          draftNote="A new post is a draft until you publish or schedule it."
        />
        <CardContent className="grid gap-5">
          <TitleAndSlugFields
            editor={editor}
            saved={saved}
            fixedHint="The address is fixed now that the post has been published."
            addressHint="The article's address, /insights/{slug}; leave empty to make it from the title."
          />
          <EditorTextarea
            editor={editor}
            name="excerpt"
            label="Excerpt"
            hint="Shown on the cards and under the title."
            rows={3}
            maxLength={EXCERPT_MAX_LENGTH}
            defaultValue={saved?.excerpt ?? ""}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <EditorInput
              editor={editor}
              name="category"
              label="Category"
              maxLength={60}
              defaultValue={saved?.category ?? ""}
            />
            <EditorInput
              editor={editor}
              name="authorName"
              label="Author"
              maxLength={120}
              defaultValue={saved?.authorName ?? ""}
            />
          </div>
          <MarkdownField
            id={fieldId("bodyMarkdown")}
            name="bodyMarkdown"
            label="Body (Markdown)"
            previewLabel="Body preview"
            rows={16}
            defaultValue={saved?.bodyMarkdown ?? ""}
            error={errors.bodyMarkdown}
            invalidProps={invalid("bodyMarkdown")}
            preview={preview}
            onWrite={() => setPreview(null)}
            onPreview={(markdown) => void showPreview(markdown)}
          />
          <EditorTextarea
            editor={editor}
            name="seoDescription"
            label="SEO Description"
            hint="What search engines and link previews show; the excerpt when empty."
            rows={2}
            maxLength={SEO_DESCRIPTION_MAX_LENGTH}
            defaultValue={saved?.seoDescription ?? ""}
          />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="skipMail" defaultChecked={saved?.skipMail ?? false} />
            Skip the mail (subscribers are not mailed about this post)
          </label>
          <PublishDateField editor={editor} />
        </CardContent>
      </Card>

      <TitledCard title="Cover" description="The picture on the cards, the article and link previews.">
        {saved ? (
          <>
            <InsightCoverUpload
              insightId={saved.id}
              cover={saved.cover}
              onChanged={(cover) => setSaved((current) => (current ? { ...current, cover } : current))}
            />
            {errors.coverAlt ? <p className="mt-2 text-red-300 text-sm">{errors.coverAlt}</p> : null}
          </>
        ) : (
          <p className="text-muted-foreground text-sm">Save the post first to upload its cover.</p>
        )}
      </TitledCard>

      <EditableRowsCard
        title="Sources and References"
        description="The first is the article's source; the others are listed as additional references."
        error={errors.sources}
        addButtons={<AddRowButton label="Add Source" onAdd={() => sources.add({ url: "", title: "" })} />}
      >
        {sources.rows.map((source, index) => (
          <EditableRow
            key={source.key}
            legend={`Source ${index + 1}`}
            columns="sm:grid-cols-[1fr_1fr_auto]"
            onRemove={() => sources.remove(source.key)}
          >
            <EditorInput
              editor={editor}
              name={`sources.${index}.url`}
              label="Source Link"
              type="url"
              defaultValue={source.url}
            />
            <EditorInput
              editor={editor}
              name={`sources.${index}.title`}
              label="Source Title"
              defaultValue={source.title}
            />
          </EditableRow>
        ))}
      </EditableRowsCard>
    </PublishingForm>
  );
}
