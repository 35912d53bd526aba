import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { MarkdownField, PublishingForm } from "./editor-parts";

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
