import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Mp3FrameWalker } from "./mp3-frames";

const fixture = (name: string) => readFileSync(`tests/fixtures/media/${name}`);

function walk(bytes: Buffer, chunkBytes: number) {
  const walker = new Mp3FrameWalker();
  for (let offset = 0; offset < bytes.length; offset += chunkBytes)
    walker.write(bytes.subarray(offset, offset + chunkBytes));
  return walker.finish();
}

describe("Mp3FrameWalker", () => {
  it.each([1, 3, 417, 65_536])("counts the same frames whatever the chunks (%i bytes)", (chunkBytes) => {
    expect(walk(fixture("tone-cbr.mp3"), chunkBytes)).toEqual({ kind: "complete", frames: 117 });
    expect(walk(fixture("tone-vbr.mp3"), chunkBytes)).toEqual({ kind: "complete", frames: 117 });
  });

  it("takes an ID3v1 tag or other bytes after the last frame as no frame", () => {
    const tag = Buffer.concat([Buffer.from("TAG"), Buffer.alloc(125, 0x20)]);
    expect(walk(Buffer.concat([fixture("tone-cbr.mp3"), tag]), 1000)).toEqual({ kind: "complete", frames: 117 });
  });

  it("tells a stream that stops inside a frame", () => {
    const bytes = fixture("tone-vbr.mp3");
    expect(walk(bytes.subarray(0, bytes.length - 7), 100)).toMatchObject({ kind: "ends-inside-frame" });
  });

  it("finds no frames in bytes that are not MP3", () => {
    expect(walk(Buffer.from("ID3 but then nothing of an mp3 at all, only text ".repeat(20)), 64)).toEqual({
      kind: "no-frames",
    });
    expect(walk(fixture("tone.m4a"), 4096)).toEqual({ kind: "no-frames" });
  });
});
