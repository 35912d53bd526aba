import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { PublishingCardHeader, PublishingForm } from "./publishing-form";

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
