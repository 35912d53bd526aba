/**
 * Walks an MP3 stream's frames as it arrives, to tell a complete file from a truncated one: music-metadata takes an
 * MP3's duration from its Xing, Info or VBRI header and does not notice when the file holds fewer frames than that
 * header declares, nor when the stream stops inside a frame. Holds at most a couple of frames in memory.
 */

export type Mp3Integrity =
  | { kind: "complete"; frames: number }
  | { kind: "no-frames" }
  | { kind: "ends-inside-frame"; frames: number }
  | { kind: "fewer-frames-than-declared"; frames: number; declaredFrames: number; secondsPerFrame: number };

type FrameHeader = { length: number; samplesPerFrame: number; sampleRate: number; sideInfoBytes: number };

// Layer III bit rates in kbit/s by bit-rate index, for MPEG-1 and for MPEG-2 and 2.5.
const BITRATES_MPEG1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_MPEG2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES: Record<number, number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};

/** The Layer III frame header at `offset`, or null when those four bytes are not one. */
function frameHeaderAt(bytes: Uint8Array, offset: number): FrameHeader | null {
  if (bytes[offset] !== 0xff || (bytes[offset + 1] & 0xe0) !== 0xe0) return null;
  const version = (bytes[offset + 1] >> 3) & 0b11; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5, 1: reserved
  const layer = (bytes[offset + 1] >> 1) & 0b11; // 1: Layer III
  const bitrateIndex = bytes[offset + 2] >> 4;
  const sampleRateIndex = (bytes[offset + 2] >> 2) & 0b11;
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || sampleRateIndex === 3) return null;
  const mpeg1 = version === 3;
  const bitrate = (mpeg1 ? BITRATES_MPEG1 : BITRATES_MPEG2)[bitrateIndex] * 1000;
  const sampleRate = SAMPLE_RATES[version][sampleRateIndex];
  const padding = (bytes[offset + 2] >> 1) & 1;
  const mono = bytes[offset + 3] >> 6 === 0b11;
  return {
    length: Math.floor(((mpeg1 ? 144 : 72) * bitrate) / sampleRate) + padding,
    samplesPerFrame: mpeg1 ? 1152 : 576,
    sampleRate,
    sideInfoBytes: mpeg1 ? (mono ? 17 : 32) : mono ? 9 : 17,
  };
}

/** Bytes of the first frame needed to read a Xing, Info or VBRI header (VBRI's frame count ends at byte 54). */
const INFO_HEADER_BYTES = 54;

/** The frame count a first frame's Xing, Info or VBRI header declares; undefined when it is an audio frame. */
function declaredFrameCount(frame: Uint8Array, header: FrameHeader): number | null | undefined {
  const ascii = (offset: number) => String.fromCharCode(...frame.subarray(offset, offset + 4));
  const uint32 = (offset: number) => new DataView(frame.buffer, frame.byteOffset + offset, 4).getUint32(0);
  const xing = 4 + header.sideInfoBytes;
  const protectedByCrc = (frame[1] & 1) === 0;
  for (const offset of protectedByCrc ? [xing, xing + 2] : [xing]) {
    const tag = ascii(offset);
    if (tag === "Xing" || tag === "Info") return uint32(offset + 4) & 1 ? uint32(offset + 8) : null;
  }
  if (ascii(36) === "VBRI") return uint32(50);
  return undefined;
}

export class Mp3FrameWalker {
  private pending: Uint8Array = new Uint8Array(0);
  /** Bytes still to pass over: the rest of the current frame, or of the ID3v2 tag. */
  private skip = 0;
  private skippingFrame = false;
  private tagChecked = false;
  private firstFrameSeen = false;
  /** Whether the next byte follows a whole frame (or the start of the audio), so a frame there is no chance match. */
  private inStep = true;
  private frames = 0;
  private declaredFrames: number | null = null;
  private secondsPerFrame = 0;

  write(chunk: Uint8Array): void {
    let bytes = chunk;
    if (this.skip > 0) {
      const passed = Math.min(this.skip, bytes.length);
      this.skip -= passed;
      bytes = bytes.subarray(passed);
      if (this.skip > 0) return;
      if (this.skippingFrame) this.frames += 1;
      this.skippingFrame = false;
    }
    const data = this.pending.length > 0 ? Buffer.concat([this.pending, bytes]) : bytes;
    let offset = 0;
    while (offset < data.length) {
      if (!this.tagChecked) {
        if (data.length - offset < 10) break;
        this.tagChecked = true;
        if (data[offset] === 0x49 && data[offset + 1] === 0x44 && data[offset + 2] === 0x33) {
          // ID3v2: a 10-byte header, a syncsafe size, and a 10-byte footer when flag 0x10 says so.
          const size = ((data[offset + 6] & 0x7f) << 21) | ((data[offset + 7] & 0x7f) << 14);
          const tagBytes = 10 + (size | ((data[offset + 8] & 0x7f) << 7) | (data[offset + 9] & 0x7f));
          const footer = data[offset + 5] & 0x10 ? 10 : 0;
          offset = this.passOver(data, offset, tagBytes + footer, false);
          continue;
        }
      }
      if (data.length - offset < 4) break;
      const header = frameHeaderAt(data, offset);
      if (!header) {
        this.inStep = false;
        offset += 1;
        continue;
      }
      if (!this.firstFrameSeen) {
        if (data.length - offset < Math.min(header.length, INFO_HEADER_BYTES)) break;
        this.firstFrameSeen = true;
        this.secondsPerFrame = header.samplesPerFrame / header.sampleRate;
        const declared = declaredFrameCount(data.subarray(offset, offset + header.length), header);
        if (declared !== undefined) {
          // The header frame carries no audio and is not in its own count.
          this.declaredFrames = declared;
          this.inStep = true;
          offset = this.passOver(data, offset, header.length, false);
          continue;
        }
      }
      if (!this.inStep) {
        // After bytes that were not a frame, count a frame only when another one follows it.
        if (data.length - offset < header.length + 4) break;
        if (!frameHeaderAt(data, offset + header.length)) {
          offset += 1;
          continue;
        }
        this.inStep = true;
      }
      offset = this.passOver(data, offset, header.length, true);
    }
    this.pending = offset < data.length ? Uint8Array.from(data.subarray(offset)) : new Uint8Array(0);
  }

  /** Moves past `length` bytes from `offset`, counting a frame once it is whole; returns the new offset. */
  private passOver(data: Uint8Array, offset: number, length: number, isFrame: boolean): number {
    const available = data.length - offset;
    if (available >= length) {
      if (isFrame) this.frames += 1;
      return offset + length;
    }
    this.skip = length - available;
    this.skippingFrame = isFrame;
    return data.length;
  }

  /** What the stream held, once its last byte was written. */
  finish(): Mp3Integrity {
    if (this.skippingFrame && this.skip > 0) return { kind: "ends-inside-frame", frames: this.frames };
    if (this.frames === 0) return { kind: "no-frames" };
    if (this.declaredFrames !== null && this.frames < this.declaredFrames) {
      return {
        kind: "fewer-frames-than-declared",
        frames: this.frames,
        declaredFrames: this.declaredFrames,
        secondsPerFrame: this.secondsPerFrame,
      };
    }
    return { kind: "complete", frames: this.frames };
  }
}
