import { describe, expect, it } from "vitest";
import { htmlToText, sanitizeRichHtml } from "./sanitize-html.server";

describe("sanitizeRichHtml", () => {
  it("keeps the article markup the allow-list names", () => {
    const html =
      "<h2>Title</h2><p>Some <strong>bold</strong>, <em>emphasis</em> and <code>code</code>.</p>" +
      "<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote>";
    expect(sanitizeRichHtml(html)).toBe(html);
  });

  it.each([
    ["a script element, content and all", "<p>a</p><script>alert(1)</script><p>b</p>", "<p>a</p><p>b</p>"],
    ["a script split across case", "<ScRiPt>alert(1)</sCrIpT>", ""],
    ["a style element", "<style>body{display:none}</style><p>x</p>", "<p>x</p>"],
    ["an iframe", '<iframe src="https://evil.example"></iframe><p>x</p>', "<p>x</p>"],
    ["an object and an embed", '<object data="x.swf"></object><embed src="x.swf"><p>x</p>', "<p>x</p>"],
    ["a form and its input", '<form action="https://evil.example"><input name="q"></form>', ""],
    ["an svg with an onload", '<svg onload="alert(1)"><circle/></svg>', ""],
    ["a meta refresh", '<meta http-equiv="refresh" content="0;url=https://evil.example">', ""],
    ["a base tag", '<base href="https://evil.example/">', ""],
  ])("removes %s", (_case, input, expected) => {
    expect(sanitizeRichHtml(input)).toBe(expected);
  });

  it.each([
    ["onclick", '<p onclick="alert(1)">x</p>', "<p>x</p>"],
    [
      "onerror on an image",
      '<img src="https://img.example/a.png" onerror="alert(1)">',
      '<img src="https://img.example/a.png" />',
    ],
    [
      "onmouseover on a link",
      '<a href="https://ok.example" onmouseover="alert(1)">x</a>',
      '<a href="https://ok.example" rel="noopener noreferrer">x</a>',
    ],
    ["style", '<p style="position:fixed;inset:0">x</p>', "<p>x</p>"],
    ["class and id", '<p class="admin" id="login">x</p>', "<p>x</p>"],
  ])("strips the %s attribute", (_case, input, expected) => {
    expect(sanitizeRichHtml(input)).toBe(expected);
  });

  it.each([
    ["javascript:", '<a href="javascript:alert(1)">x</a>'],
    ["javascript: in mixed case with spaces", '<a href=" JaVaScRiPt:alert(1)">x</a>'],
    ["javascript: with an entity-encoded colon", '<a href="javascript&colon;alert(1)">x</a>'],
    ["javascript: with a tab inside", '<a href="java\tscript:alert(1)">x</a>'],
    ["data:", '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
    ["vbscript:", '<a href="vbscript:msgbox(1)">x</a>'],
    ["a protocol-relative address", '<a href="//evil.example">x</a>'],
  ])("drops a %s link address", (_case, input) => {
    const output = sanitizeRichHtml(input);
    expect(output).not.toMatch(/href/i);
    expect(output).toContain(">x</a>");
  });

  it.each([
    ["data:", '<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">'],
    ["javascript:", '<img src="javascript:alert(1)">'],
    ["mailto:", '<img src="mailto:a@example.com">'],
  ])("drops a %s image address", (_case, input) => {
    expect(sanitizeRichHtml(input)).not.toMatch(/src=/i);
  });

  it("gives every link rel=noopener noreferrer, replacing one that came in, and keeps target=_blank only", () => {
    expect(sanitizeRichHtml('<a href="https://ok.example" rel="opener" target="_blank">x</a>')).toBe(
      '<a href="https://ok.example" rel="noopener noreferrer" target="_blank">x</a>',
    );
    expect(sanitizeRichHtml('<a href="https://ok.example" target="_top">x</a>')).toBe(
      '<a href="https://ok.example" rel="noopener noreferrer">x</a>',
    );
  });

  it("keeps http(s), mailto and relative link addresses", () => {
    for (const href of ["https://ok.example/a?b=c", "http://ok.example", "mailto:host@example.com", "/insights"]) {
      expect(sanitizeRichHtml(`<a href="${href}">x</a>`)).toContain(`href="${href.replace(/&/g, "&amp;")}"`);
    }
  });

  it("escapes text that looks like markup after decoding, so nothing becomes a tag", () => {
    expect(sanitizeRichHtml("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>")).toBe(
      "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>",
    );
  });

  it("closes unbalanced markup instead of letting it swallow the page", () => {
    expect(sanitizeRichHtml("<p><strong>open")).toBe("<p><strong>open</strong></p>");
  });

  it("leaves empty content empty", () => {
    expect(sanitizeRichHtml("")).toBe("");
  });
});

describe("htmlToText", () => {
  it("drops tags and scripts, keeps paragraphs and line breaks, and decodes entities", () => {
    expect(
      htmlToText(
        "<p>Fish &amp; chips &lt;3</p><p>Two<br>lines <script>alert(1)</script>R&#233;sum&eacute; &#x263A;</p>",
      ),
    ).toBe("Fish & chips <3\n\nTwo\nlines Résumé ☺");
  });

  it("leaves plain text as it is, and an unknown entity as written", () => {
    expect(htmlToText("  Just text &bogus; here  ")).toBe("Just text &bogus; here");
  });
});
