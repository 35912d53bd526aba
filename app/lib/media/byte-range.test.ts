import { describe, expect, it } from "vitest";
import { ifRangeHolds, parseRangeHeader } from "./byte-range";

describe("parseRangeHeader", () => {
  it.each([
    ["bytes=0-0", { start: 0, end: 0 }],
    ["bytes=10-19", { start: 10, end: 19 }],
    ["bytes=90-", { start: 90, end: 99 }],
    ["bytes=-10", { start: 90, end: 99 }],
    ["bytes=-1000", { start: 0, end: 99 }],
    ["bytes=95-500", { start: 95, end: 99 }],
    [" bytes=1-2 ", { start: 1, end: 2 }],
  ])("reads %s of 100 bytes", (header, range) => {
    expect(parseRangeHeader(header, 100)).toEqual({ kind: "range", range });
  });

  it.each(["bytes=100-", "bytes=150-200", "bytes=-0"])("cannot satisfy %s of 100 bytes", (header) => {
    expect(parseRangeHeader(header, 100)).toEqual({ kind: "unsatisfiable" });
  });

  it("cannot satisfy any range of an empty file", () => {
    expect(parseRangeHeader("bytes=0-", 0)).toEqual({ kind: "unsatisfiable" });
    expect(parseRangeHeader("bytes=-5", 0)).toEqual({ kind: "unsatisfiable" });
  });

  it.each([null, "", "bytes=", "bytes=-", "bytes=5-1", "bytes=0-1,4-5", "items=0-5", "bytes=a-b", "bytes 0-5"])(
    "answers the whole file for %j",
    (header) => {
      expect(parseRangeHeader(header, 100)).toEqual({ kind: "whole" });
    },
  );
});

describe("ifRangeHolds", () => {
  const current = { etag: '"abc"', lastModified: new Date("2026-11-23T10:00:00.500Z") };

  it("holds without If-Range, with the current strong ETag, and with the modification date", () => {
    expect(ifRangeHolds(null, current)).toBe(true);
    expect(ifRangeHolds('"abc"', current)).toBe(true);
    expect(ifRangeHolds("Mon, 23 Nov 2026 10:00:00 GMT", current)).toBe(true);
  });

  it("fails with another ETag, a weak one, another date or garbage", () => {
    expect(ifRangeHolds('"old"', current)).toBe(false);
    expect(ifRangeHolds('W/"abc"', current)).toBe(false);
    expect(ifRangeHolds("Mon, 23 Nov 2026 09:59:59 GMT", current)).toBe(false);
    expect(ifRangeHolds("yesterday", current)).toBe(false);
  });
});
