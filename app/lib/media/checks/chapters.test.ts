import { describe, expect, it } from "vitest";
import { buildChaptersDocument, ChapterListSchema, ChaptersDocumentSchema } from "./chapters";

describe("buildChaptersDocument", () => {
  it("builds Podcasting 2.0 chapters in order of start time from times given as clock text or seconds", () => {
    const document = buildChaptersDocument([
      { startTime: "1:02:03", title: "  The verdict " },
      { startTime: 0, title: "Welcome", url: "" },
      { startTime: "5:30", title: "The pivot", url: "https://example.com/pivot" },
      { startTime: "90.5", title: "Cold open" },
    ]);
    expect(document).toEqual({
      version: "1.2.0",
      chapters: [
        { startTime: 0, title: "Welcome" },
        { startTime: 90.5, title: "Cold open" },
        { startTime: 330, title: "The pivot", url: "https://example.com/pivot" },
        { startTime: 3723, title: "The verdict" },
      ],
    });
    expect(ChaptersDocumentSchema.safeParse(document).success).toBe(true);
  });

  it.each([
    [[{ startTime: "1:75", title: "x" }], "Enter a start time such as 1:05 or 1:02:03"],
    [[{ startTime: -1, title: "x" }], "A start time cannot be negative"],
    [[{ startTime: 0, title: "  " }], "Enter a chapter title"],
    [[{ startTime: 0, title: "x", url: "javascript:alert(1)" }], "Enter a link starting with http:// or https://"],
    [[{ startTime: 0, title: "x", url: "ftp://example.com" }], "Enter a link starting with http:// or https://"],
    [
      [
        { startTime: "1:00", title: "a" },
        { startTime: 60, title: "b" },
      ],
      "Two chapters cannot start at the same time",
    ],
  ])("refuses %j: %s", (chapters, message) => {
    const result = ChapterListSchema.safeParse(chapters);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(message);
    expect(() => buildChaptersDocument(chapters)).toThrow();
  });
});
