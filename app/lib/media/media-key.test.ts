import { describe, expect, it } from "vitest";
import { contentTypeForKey, isMediaKey, newKeyLike, newMediaKey, renditionKey } from "./media-key";

describe("media keys", () => {
  it("makes a fresh, unguessable key under the prefix, with the extension given", () => {
    const first = newMediaKey("episodes/audio", "mp3");
    const second = newMediaKey("episodes/audio", "mp3");
    expect(first).toMatch(/^episodes\/audio\/[A-Za-z0-9_-]{22}\.mp3$/);
    expect(second).not.toBe(first);
    expect(isMediaKey(first)).toBe(true);
  });

  it("makes a fresh key like another one: its prefix and extension, a new id", () => {
    const key = newMediaKey("episodes/transcripts", "vtt");
    const like = newKeyLike(key);
    expect(like).toMatch(/^episodes\/transcripts\/[A-Za-z0-9_-]{22}\.vtt$/);
    expect(like).not.toBe(key);
    expect(() => newKeyLike("../secret.vtt")).toThrow("Not a media key");
  });

  it("refuses prefixes that could leave the media folder or are not plain words", () => {
    for (const prefix of ["", "/abs", "../up", "a//b", "Episodes", "a/", "a b", "a/../b"])
      expect(() => newMediaKey(prefix, "mp3"), prefix).toThrow("Not a media key prefix");
  });

  it.each([
    "../episodes/abcdefghijklmnopqrstuv.mp3",
    "/episodes/abcdefghijklmnopqrstuv.mp3",
    "episodes/abcdefghijklmnopqrstuv.exe",
    "episodes/short.mp3",
    "abcdefghijklmnopqrstuv.mp3",
    "episodes/abcdefghijklmnopqrstuv.mp3/..",
    "episodes/../abcdefghijklmnopqrstuv.mp3",
  ])("refuses %s as a key", (key) => {
    expect(isMediaKey(key)).toBe(false);
    expect(() => contentTypeForKey(key)).toThrow("Not a media key");
  });

  it("serves a key with the type its extension names", () => {
    expect(contentTypeForKey("episodes/audio/abcdefghijklmnopqrstuv.m4a")).toBe("audio/x-m4a");
    expect(contentTypeForKey("episodes/chapters/abcdefghijklmnopqrstuv.json")).toBe("application/json+chapters");
    expect(contentTypeForKey("episodes/transcripts/abcdefghijklmnopqrstuv.vtt")).toBe("text/vtt; charset=utf-8");
  });

  it("names an image's WebP renditions beside it", () => {
    const key = "episodes/artwork/abcdefghijklmnopqrstuv.jpg";
    expect(renditionKey(key, 384)).toBe("episodes/artwork/abcdefghijklmnopqrstuv.w384.webp");
    expect(isMediaKey(renditionKey(key, 384))).toBe(true);
    expect(contentTypeForKey(renditionKey(key, 384))).toBe("image/webp");
  });
});
