import { describe, expect, it } from "vitest";
import { confessionStories } from "./confession-stories";
import { parseHighlightedStoryId, storyParagraphs } from "./schema";

describe("confession stories", () => {
  it("are the 11 built-in stories with ids 1 to 11, each with a video under /attached_assets/", () => {
    expect(confessionStories.map((story) => story.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    for (const story of confessionStories) {
      expect(story.videoFile).toMatch(/^\/attached_assets\/.+\.mp4$/);
      expect(story.title).not.toBe("");
      expect(story.description).not.toBe("");
      expect(storyParagraphs(story.fullStory).length).toBeGreaterThan(1);
    }
  });

  it("are marked as sample text for the owner to replace", () => {
    for (const story of confessionStories) {
      expect(storyParagraphs(story.fullStory)[0]).toBe("Sample story: replace it with your own.");
    }
  });
});

describe("storyParagraphs", () => {
  it("splits on blank lines, also ones holding spaces, and drops empty paragraphs", () => {
    expect(storyParagraphs("First line\nstill first.\n\nSecond.\n   \nThird.\n\n\n")).toEqual([
      "First line\nstill first.",
      "Second.",
      "Third.",
    ]);
  });
});

describe("parseHighlightedStoryId", () => {
  it.each([
    ["1", 1],
    ["11", 11],
    ["12", null],
    ["0", null],
    ["abc", null],
    ["3.5", null],
    ["", null],
    [null, null],
  ])("reads %j as %j", (value, expected) => {
    expect(parseHighlightedStoryId(value, confessionStories)).toBe(expected);
  });
});
