import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MarkdownField, TitleAndSlugFields } from "./editor-inputs";

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
