import { type Attributes, type ComponentProps, createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TitledCard } from "./titled-card";

describe("TitledCard", () => {
  it("heads its content with the title and the description, and lays the content out by its class", () => {
    const html = renderToStaticMarkup(
      createElement(
        TitledCard,
        {
          title: "Media",
          description: "Audio, artwork and transcript.",
          className: "grid gap-3",
        } as Attributes & ComponentProps<typeof TitledCard>,
        createElement("p", null, "Save the episode first."),
      ),
    );
    expect(html).toMatch(
      /<h2 class="[^"]*">Media<\/h2><p class="[^"]*">Audio, artwork and transcript\.<\/p><\/div><div class="p-6 pt-0 grid gap-3"><p>Save the episode first\.<\/p><\/div>/,
    );
  });
});
