import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FormField } from "./form-field";

// Called inside a component of the test's own, so that its hook runs as in a page.
const render = (props: Parameters<typeof FormField>[0]) => renderToStaticMarkup(createElement(() => FormField(props)));

describe("FormField", () => {
  it("labels the control it is given by id, and shows the hint and the error under it", () => {
    const html = render({
      id: "series-title",
      label: "Title",
      hint: "Shown in the calendar.",
      error: "Title is required",
      children: createElement("input", { id: "series-title", name: "title" }),
    });
    expect(html).toContain('id="series-title-label" for="series-title">Title</label><input id="series-title"');
    expect(html).toContain(
      '<p id="series-title-hint" class="text-muted-foreground text-xs">Shown in the calendar.</p>',
    );
    expect(html).toContain('<p id="series-title-error" class="text-red-300 text-sm">Title is required</p>');
  });

  it("makes an id for a control it renders, and has the control described by the hint", () => {
    const html = render({
      label: "Copyright",
      hint: "Shown in the feed.",
      children: (control) => createElement("input", { ...control, name: "copyright" }),
    });
    const [, id, describedBy] = html.match(/<input id="([^"]+)" aria-describedby="([^"]+)"/) ?? [];
    expect(id).toBeTruthy();
    expect(describedBy).toBe(`${id}-hint`);
    expect(html).toContain(`for="${id}">Copyright</label>`);
    expect(html).toContain(`<p id="${id}-hint"`);
    expect(html).not.toContain("-error");
  });

  it("leaves aria-describedby off a control without a hint", () => {
    const html = render({
      label: "Host",
      children: (control) => createElement("input", { ...control, name: "hostName" }),
    });
    expect(html).toMatch(/<input id="[^"]+" name="hostName"\/>/);
  });
});
