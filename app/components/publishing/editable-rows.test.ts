import { type Attributes, type ComponentProps, createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EditableRow, EditableRowsCard, useEditableRows } from "./editable-rows";

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
