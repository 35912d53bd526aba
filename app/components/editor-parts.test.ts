import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MarkdownField } from "./editor-parts";

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
