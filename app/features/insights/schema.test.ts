import { describe, expect, it } from "vitest";
import { authorInitial, formatInsightDate, shareIntentUrls } from "./schema";

describe("formatInsightDate", () => {
  it("writes the long US-English date", () => {
    expect(formatInsightDate("2025-05-06T09:00:00.000Z")).toBe("May 6, 2025");
  });

  it("reads the day in UTC, so that server and browser agree whatever their time zone", () => {
    expect(formatInsightDate("2025-04-08T23:30:00.000Z")).toBe("April 8, 2025");
    expect(formatInsightDate("2025-04-08T00:30:00.000Z")).toBe("April 8, 2025");
  });
});

describe("authorInitial", () => {
  it("is the first letter of the name, upper-cased", () => {
    expect(authorInitial("Alex Morgan")).toBe("A");
    expect(authorInitial("  zoe")).toBe("Z");
  });

  it("has a placeholder for an empty name", () => {
    expect(authorInitial("")).toBe("?");
  });
});

describe("shareIntentUrls", () => {
  const post = { title: "Bend & Break?", excerpt: "Three founders, one week." };
  const articleUrl = "https://show.example.com/insights/resilient-supply-chains";

  it("gives the professional network the address, the title and the excerpt", () => {
    const url = new URL(shareIntentUrls(post, articleUrl).linkedin);
    expect(url.origin + url.pathname).toBe("https://www.linkedin.com/shareArticle");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      mini: "true",
      url: articleUrl,
      title: post.title,
      summary: post.excerpt,
    });
  });

  it("gives the short-message network the title as text and the address", () => {
    const url = new URL(shareIntentUrls(post, articleUrl).twitter);
    expect(url.origin + url.pathname).toBe("https://twitter.com/intent/tweet");
    expect(Object.fromEntries(url.searchParams)).toEqual({ text: post.title, url: articleUrl });
  });
});
