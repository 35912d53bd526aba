import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Field, MarkdownField, PublishingForm, PublishStatusBadge } from "~/components/editor-parts";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { usePublishingEditor } from "~/components/use-publishing-editor";
import {
  EXCERPT_MAX_LENGTH,
  InsightEditorSchema,
  InsightSaveSchema,
  type OwnerInsightDetail,
  SEO_DESCRIPTION_MAX_LENGTH,
} from "../editor-schema";
import { InsightCoverUpload } from "./insight-cover-upload";

type SourceRow = { key: number; url: string; title: string };

/** Rows get keys of their own, so that removing one keeps what was typed in the others. */
let nextRowKey = 0;
const rowKey = () => ++nextRowKey;

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
  const { saved, setSaved, errors, preview, setPreview, publishDateRef, fieldId, invalid, showPreview } = editor;
  const [sources, setSources] = useState<SourceRow[]>(() =>
    (insight?.sources ?? []).map((source) => ({ key: rowKey(), ...source })),
  );

  const status = saved?.status ?? null;

  return (
    <PublishingForm
      editor={editor}
      noun="Insight"
      listPath="/admin/insights"
      listLabel="Insights"
      deleteWarning="with its cover image. This action cannot be undone. Unpublish the post instead to keep it."
    >
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-center gap-3">
            <CardTitle>Post</CardTitle>
            {status ? <PublishStatusBadge status={status} /> : null}
          </div>
          <CardDescription>
            {saved?.publishDate && status !== "draft"
              ? `Publish date: ${new Date(saved.publishDate).toUTCString()}`
              : "A new post is a draft until you publish or schedule it."}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <Field id={fieldId("title")} label="Title" error={errors.title}>
            <Input
              id={fieldId("title")}
              name="title"
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
                ? "The address is fixed now that the post has been published."
                : "The article's address, /insights/{slug}; leave empty to make it from the title."
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
            id={fieldId("excerpt")}
            label="Excerpt"
            error={errors.excerpt}
            hint="Shown on the cards and under the title."
          >
            <Textarea
              id={fieldId("excerpt")}
              name="excerpt"
              rows={3}
              maxLength={EXCERPT_MAX_LENGTH}
              defaultValue={saved?.excerpt ?? ""}
              {...invalid("excerpt")}
            />
          </Field>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id={fieldId("category")} label="Category" error={errors.category}>
              <Input
                id={fieldId("category")}
                name="category"
                maxLength={60}
                defaultValue={saved?.category ?? ""}
                {...invalid("category")}
              />
            </Field>
            <Field id={fieldId("authorName")} label="Author" error={errors.authorName}>
              <Input
                id={fieldId("authorName")}
                name="authorName"
                maxLength={120}
                defaultValue={saved?.authorName ?? ""}
                {...invalid("authorName")}
              />
            </Field>
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
          <Field
            id={fieldId("seoDescription")}
            label="SEO Description"
            error={errors.seoDescription}
            hint="What search engines and link previews show; the excerpt when empty."
          >
            <Textarea
              id={fieldId("seoDescription")}
              name="seoDescription"
              rows={2}
              maxLength={SEO_DESCRIPTION_MAX_LENGTH}
              defaultValue={saved?.seoDescription ?? ""}
              {...invalid("seoDescription")}
            />
          </Field>
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
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Cover</CardTitle>
          <CardDescription>The picture on the cards, the article and link previews.</CardDescription>
        </CardHeader>
        <CardContent>
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
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Sources and References</CardTitle>
          <CardDescription>
            The first is the article's source; the others are listed as additional references.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {errors.sources ? <p className="text-red-300 text-sm">{errors.sources}</p> : null}
          {sources.map((source, index) => (
            <fieldset key={source.key} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
              <legend className="sr-only">Source {index + 1}</legend>
              <Field id={fieldId(`sources.${index}.url`)} label="Source Link" error={errors[`sources.${index}.url`]}>
                <Input
                  id={fieldId(`sources.${index}.url`)}
                  name={`sources.${index}.url`}
                  type="url"
                  defaultValue={source.url}
                  {...invalid(`sources.${index}.url`)}
                />
              </Field>
              <Field
                id={fieldId(`sources.${index}.title`)}
                label="Source Title"
                error={errors[`sources.${index}.title`]}
              >
                <Input
                  id={fieldId(`sources.${index}.title`)}
                  name={`sources.${index}.title`}
                  defaultValue={source.title}
                  {...invalid(`sources.${index}.title`)}
                />
              </Field>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove source ${index + 1}`}
                onClick={() => setSources((rows) => rows.filter((row) => row.key !== source.key))}
              >
                <Trash2 aria-hidden />
              </Button>
            </fieldset>
          ))}
          <div>
            <Button
              type="button"
              variant="outline"
              onClick={() => setSources((rows) => [...rows, { key: rowKey(), url: "", title: "" }])}
            >
              <Plus aria-hidden />
              Add Source
            </Button>
          </div>
        </CardContent>
      </Card>
    </PublishingForm>
  );
}
