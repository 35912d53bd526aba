import { describe, expect, it } from "vitest";
import { extractJsonLd, structuredDataProblems } from "./structured-data-rules";

const article = {
  "@context": "https://schema.org",
  "@type": "Article",
  headline: "Bend, Don't Break",
  image: ["https://show.example/a.webp"],
  datePublished: "2025-05-06T00:00:00.000Z",
  dateModified: "2025-05-06T00:00:00.000Z",
  author: { "@type": "Person", name: "Alex Morgan" },
};
const page = "<main><h1>Bend, Don&#x27;t Break</h1><p>By <span>Alex Morgan</span></p></main>";

describe("the offline structured-data check", () => {
  it("passes a complete block whose names the page shows", () => {
    expect(structuredDataProblems(article, page)).toEqual([]);
  });

  it("names each missing or malformed property", () => {
    const { image: _image, ...withoutImage } = article;
    expect(structuredDataProblems({ ...withoutImage, datePublished: "2025-05-06" }, page)).toEqual([
      "Article.image: must be a non-empty list",
      'Article.datePublished: "2025-05-06" must match /^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:\\d{2})$/',
    ]);
  });

  it("flags a FAQ answer the page does not show and an unknown type", () => {
    const faq = {
      "@context": "https://schema.org",
      "@type": "FAQPage",
      mainEntity: [{ "@type": "Question", name: "Q?", acceptedAnswer: { "@type": "Answer", text: "Hidden." } }],
    };
    expect(structuredDataProblems(faq, "<dl><dt>Q?</dt><dd>Shown.</dd></dl>")).toEqual([
      'FAQPage.mainEntity[0].acceptedAnswer.text: "Hidden." is not shown on the page',
    ]);
    expect(structuredDataProblems({ "@type": "Recipe" }, page)).toEqual(['unexpected @type "Recipe"']);
  });

  it("reads every JSON-LD block of a page, escaped as React Router writes it", () => {
    const html = `<script type="application/ld+json">{"name":"a \\u003c/script\\u003e"}</script><script type="application/ld+json">{"b":1}</script>`;
    expect(extractJsonLd(html)).toEqual([{ name: "a </script>" }, { b: 1 }]);
  });
});
