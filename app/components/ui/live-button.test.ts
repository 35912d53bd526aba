import { type Attributes, type ComponentProps, createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LiveButton } from "./live-button";

const render = (props: ComponentProps<typeof LiveButton>) =>
  renderToStaticMarkup(createElement(LiveButton, props as Attributes & ComponentProps<typeof LiveButton>, "Archive"));

describe("LiveButton", () => {
  it("is disabled in the server's HTML, before the page's scripts have hydrated it", () => {
    expect(render({ onClick: () => {} })).toMatch(/^<button class="[^"]*" disabled="">Archive<\/button>$/);
  });

  it("keeps its own attributes and texts beside the disabled state", () => {
    const html = render({ type: "button", variant: "outline", "aria-label": "Archive message", disabled: false });
    expect(html).toContain('type="button"');
    expect(html).toContain('aria-label="Archive message"');
    expect(html).toContain("border-input");
    expect(html).toContain('disabled=""');
  });
});
