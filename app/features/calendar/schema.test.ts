import { describe, expect, it } from "vitest";
import { previewSeriesDescription, slugFromTitle } from "./schema";

describe("slugFromTitle", () => {
  it.each([
    ["Founders Unfiltered", "founders-unfiltered"],
    ["  Crème Brûlée: the  AI edition! ", "creme-brulee-the-ai-edition"],
    ["???", "series"],
    ["a".repeat(120), "a".repeat(80)],
  ])("%j -> %j", (title, slug) => {
    expect(slugFromTitle(title)).toBe(slug);
  });
});

describe("previewSeriesDescription", () => {
  it("keeps the first 60 characters", () => {
    expect(previewSeriesDescription("x".repeat(60))).toBe("x".repeat(60));
    expect(previewSeriesDescription(`${"y".repeat(60)}z`)).toBe(`${"y".repeat(60)}...`);
  });
});
