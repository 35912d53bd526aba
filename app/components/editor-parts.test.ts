import { type Attributes, type ComponentProps, createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import {
  EditableRow,
  EditableRowsCard,
  MarkdownField,
  PublishingCardHeader,
  PublishingForm,
  TitleAndSlugFields,
  useEditableRows,
} from "./editor-parts";

const render = (extra: Partial<Parameters<typeof MarkdownField>[0]> = {}) =>
  renderToStaticMarkup(
    createElement(MarkdownField, {
      id: "post-body",
      name: "bodyMarkdown",
      label: "Body (Markdown)",
      previewLabel: "Body preview",
      rows: 16,
      defaultValue: "# Hello",
      invalidProps: {},
      preview: null,
      onWrite: () => {},
      onPreview: () => {},
      ...extra,
    }),
  );

describe("MarkdownField", () => {
  it("shows the labelled box with Write pressed and no preview while writing", () => {
    const html = render();
    expect(html).toContain('<label class="');
    expect(html).toContain('for="post-body">Body (Markdown)</label>');
    expect(html).toMatch(/<textarea[^>]*name="bodyMarkdown"[^>]*rows="16"[^>]*># Hello<\/textarea>/);
    expect(html).not.toMatch(/<textarea[^>]*class="[^"]*hidden/);
    expect(html).toMatch(/aria-pressed="true"[^>]*>Write</);
    expect(html).toMatch(/aria-pressed="false"[^>]*>Preview</);
    expect(html).not.toContain("Body preview");
  });

  it("keeps the box in the form, hidden, while the server's preview shows", () => {
    const html = render({ preview: "<h1>Hello</h1>" });
    expect(html).toMatch(
      /<textarea[^>]*class="[^"]*\bhidden\b[^"]*"[^>]*name="bodyMarkdown"|<textarea[^>]*name="bodyMarkdown"[^>]*class="[^"]*\bhidden\b/,
    );
    expect(html).toContain('<section aria-label="Body preview"');
    expect(html).toContain("<h1>Hello</h1></section>");
    expect(html).toMatch(/aria-pressed="false"[^>]*>Write</);
    expect(html).toMatch(/aria-pressed="true"[^>]*>Preview</);
  });

  it("names the error under the box and lets the box point at it", () => {
    const html = render({
      error: "Body is required",
      invalidProps: { "aria-invalid": true, "aria-describedby": "post-body-error" },
    });
    expect(html).toMatch(/<textarea[^>]*aria-invalid="true"[^>]*aria-describedby="post-body-error"/);
    expect(html).toContain('<p id="post-body-error" class="text-red-300 text-sm">Body is required</p>');
  });
});

const editorState = (extra: Partial<Parameters<typeof PublishingForm>[0]["editor"]> = {}) => ({
  saved: null,
  conflict: null,
  saving: false,
  deleting: false,
  setDeleting: () => {},
  handleSubmit: () => {},
  remove: async () => {},
  ...extra,
});

const renderForm = (editor: Parameters<typeof PublishingForm>[0]["editor"]) =>
  renderToStaticMarkup(
    createElement(
      MemoryRouter,
      null,
      // Called inside a component of the test's own, so that its hooks run as in a page.
      createElement(() =>
        PublishingForm({
          editor,
          noun: "Insight",
          listPath: "/admin/insights",
          listLabel: "Insights",
          deleteWarning: "with its cover image.",
          children: createElement("p", null, "The editor's fields"),
        }),
      ),
    ),
  );

describe("PublishingForm", () => {
  it("offers only Create Draft and the way back for a new row", () => {
    const html = renderForm(editorState());
    expect(html).toContain('aria-label="New insight"');
    expect(html).not.toContain('name="version"');
    expect(html).toContain("<p>The editor&#x27;s fields</p>");
    expect(html).toMatch(/type="submit" value="draft" name="status">Create Draft<\/button>/);
    expect(html).toMatch(/href="\/admin\/insights"[^>]*>Back to Insights<\/a>/);
    expect(html).not.toContain("Delete Insight");
    expect(html).not.toContain('role="alert"');
  });

  it("sends the version opened, offers the status's actions and Delete for a saved row", () => {
    const html = renderForm(editorState({ saved: { version: 4, status: "draft", title: "Post" } }));
    expect(html).toContain('aria-label="Edit insight"');
    expect(html).toContain('<input type="hidden" name="version" value="4"/>');
    expect(html).toMatch(/type="submit" value="draft" name="status">Save<\/button>/);
    expect(html).toMatch(/type="submit" value="published" name="status">Publish Now<\/button>/);
    expect(html).toContain("Delete Insight</button>");
  });

  it("shows the conflict with a Reload button, and Saving... while a save runs", () => {
    const html = renderForm(
      editorState({
        saved: { version: 4, status: "published", title: "Post" },
        conflict: "This insight was changed elsewhere.",
        saving: true,
      }),
    );
    expect(html).toContain('<div role="alert"');
    expect(html).toContain("<p>This insight was changed elsewhere.</p>");
    expect(html).toContain(">Reload</button>");
    expect(html).toMatch(/disabled=""[^>]*>Saving...<\/button>/);
  });
});

const fields = (errors: Record<string, string> = {}) => ({
  fieldId: (name: string) => `post-${name.replaceAll(".", "-")}`,
  errors,
  invalid: (name: string) =>
    errors[name] ? { "aria-invalid": true, "aria-describedby": `post-${name.replaceAll(".", "-")}-error` } : {},
});

const renderTitleAndSlug = (saved: Parameters<typeof TitleAndSlugFields>[0]["saved"], errors = {}) =>
  renderToStaticMarkup(
    createElement(TitleAndSlugFields, {
      editor: fields(errors),
      saved,
      fixedHint: "The address is fixed now that the post has been published.",
      addressHint: "The article's address, /insights/{slug}; leave empty to make it from the title.",
    }),
  );

/** The `<input>` tag of the named field, whatever the order of its attributes. */
const inputTag = (html: string, name: string) =>
  html.match(new RegExp(`<input[^>]*name="${name}"[^>]*/>`))?.[0] ?? `no input named ${name}`;

describe("TitleAndSlugFields", () => {
  it("offers an editable slug with how it is made until the item is published", () => {
    const html = renderTitleAndSlug({ title: "A post", slug: "a-post", slugFixed: false });
    expect(html).toContain('for="post-title">Title</label>');
    expect(inputTag(html, "title")).toContain('id="post-title"');
    expect(inputTag(html, "title")).toContain('value="A post"');
    expect(inputTag(html, "slug")).toContain('placeholder="made-from-the-title"');
    expect(inputTag(html, "slug")).not.toContain("readOnly");
    expect(html).toContain("leave empty to make it from the title.</p>");
  });

  it("fixes the slug once published, and shows a field's message tied to its box", () => {
    const html = renderTitleAndSlug({ title: "", slug: "a-post", slugFixed: true }, { title: "Title is required" });
    expect(inputTag(html, "slug")).toContain('readOnly=""');
    expect(html).toContain("The address is fixed now that the post has been published.</p>");
    expect(inputTag(html, "title")).toContain('aria-invalid="true"');
    expect(inputTag(html, "title")).toContain('aria-describedby="post-title-error"');
    expect(html).toContain('<p id="post-title-error" class="text-red-300 text-sm">Title is required</p>');
  });
});

describe("PublishingCardHeader", () => {
  const note = "A new post is a draft until you publish or schedule it.";
  it("says what a new item or a draft is", () => {
    for (const saved of [null, { status: "draft" as const, publishDate: "2026-12-01T09:00:00.000Z" }]) {
      const html = renderToStaticMarkup(createElement(PublishingCardHeader, { title: "Post", saved, draftNote: note }));
      expect(html).toContain(note);
    }
  });

  it("shows the status and the publish date of a scheduled item", () => {
    const html = renderToStaticMarkup(
      createElement(PublishingCardHeader, {
        title: "Post",
        saved: { status: "scheduled", publishDate: "2026-12-01T09:00:00.000Z" },
        draftNote: note,
      }),
    );
    expect(html).toContain(">Scheduled</");
    expect(html).toContain("Publish date: Tue, 01 Dec 2026 09:00:00 GMT");
    expect(html).not.toContain(note);
  });
});

describe("EditableRow and useEditableRows", () => {
  it("keys every row and names each row's Remove button by its legend", () => {
    const html = renderToStaticMarkup(
      createElement(() => {
        const rows = useEditableRows(() => [{ title: "Intro" }, { title: "Outro" }]);
        return rows.rows.map((row, index) =>
          createElement(
            EditableRow,
            // The row's fields come as createElement's children, which its props' type names too.
            {
              key: row.key,
              legend: `Chapter ${index + 1}`,
              columns: "sm:grid-cols-[1fr_auto]",
              onRemove: () => {},
            } as Attributes & ComponentProps<typeof EditableRow>,
            createElement("span", null, `${row.key > 0 ? "keyed" : "unkeyed"} ${row.title}`),
          ),
        );
      }),
    );
    expect(html).toContain('<legend class="sr-only">Chapter 2</legend><span>keyed Outro</span>');
    expect(html).toContain('aria-label="Remove chapter 1"');
    expect(html).toContain('aria-label="Remove chapter 2"');
  });
});

describe("EditableRowsCard", () => {
  const renderCard = (error?: string) =>
    renderToStaticMarkup(
      createElement(
        EditableRowsCard,
        {
          title: "Chapters",
          description: "A start time, a title and an optional link.",
          error,
          addButtons: createElement("button", { type: "button" }, "Add Chapter"),
        } as Attributes & ComponentProps<typeof EditableRowsCard>,
        createElement("fieldset", null, "The first chapter"),
      ),
    );

  it("shows its title, description, rows and then the buttons that add one", () => {
    const html = renderCard();
    expect(html).toMatch(/>Chapters<[\s\S]*>A start time, a title and an optional link\.</);
    expect(html).toMatch(/<fieldset>The first chapter<\/fieldset><div class="[^"]*">.*>Add Chapter<\/button><\/div>/);
    expect(html).not.toContain("text-red-300");
  });

  it("shows the message about the list as a whole above its rows", () => {
    expect(renderCard("At most 50 chapters")).toContain(
      '<p class="text-red-300 text-sm">At most 50 chapters</p><fieldset>The first chapter</fieldset>',
    );
  });
});
