import { describe, expect, it } from "vitest";
import { htmlParagraph, MAX_DESCRIPTION_BYTES } from "./podcast-feed.server";

describe("htmlParagraph", () => {
  it("wraps escaped text in a paragraph", () => {
    expect(htmlParagraph('Fish & "chips" <now>')).toBe("<p>Fish &amp; &quot;chips&quot; &lt;now&gt;</p>");
  });

  it("cuts long text on a character boundary so that the HTML fits the byte limit, ending with an ellipsis", () => {
    const html = htmlParagraph("é€".repeat(2000), MAX_DESCRIPTION_BYTES);
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(MAX_DESCRIPTION_BYTES);
    expect(Buffer.byteLength(html)).toBeGreaterThan(MAX_DESCRIPTION_BYTES - 4);
    expect(html).toMatch(/^<p>(é€)+é?…<\/p>$/);
  });

  it("leaves text that fits as it is", () => {
    const text = "x".repeat(MAX_DESCRIPTION_BYTES - "<p></p>".length);
    expect(htmlParagraph(text, MAX_DESCRIPTION_BYTES)).toBe(`<p>${text}</p>`);
  });
});
