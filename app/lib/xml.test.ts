import { describe, expect, it } from "vitest";
import { cdata, element, escapeXml, xmlDocument } from "./xml";

describe("escapeXml", () => {
  it("escapes the five XML specials and drops characters XML cannot hold", () => {
    expect(escapeXml(`a & b < c > d "e" 'f'\u0000\u0007\u001F\tg\n`)).toBe(
      "a &amp; b &lt; c &gt; d &quot;e&quot; &apos;f&apos;\tg\n",
    );
  });
});

describe("element", () => {
  it("escapes text children and attribute values, and leaves out empty attributes and children", () => {
    expect(
      element("a", { href: "/x?y=1&z=<2>", title: undefined, hidden: null, size: 3 }, "T&C", null, false, undefined)
        .xml,
    ).toBe('<a href="/x?y=1&amp;z=&lt;2&gt;" size="3">T&amp;C</a>');
  });

  it("nests markup without escaping it again, and closes an empty element itself", () => {
    expect(element("p", {}, element("b", {}, "x"), element("br")).xml).toBe("<p><b>x</b><br/></p>");
  });
});

describe("cdata", () => {
  it("splits a ]]> so that it survives inside CDATA", () => {
    expect(cdata("a]]>b").xml).toBe("<![CDATA[a]]]]><![CDATA[>b]]>");
  });
});

describe("xmlDocument", () => {
  it("declares XML 1.0 in UTF-8", () => {
    expect(xmlDocument(element("r"))).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<r/>\n');
  });
});
