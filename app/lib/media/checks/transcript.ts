/** One timed piece of a transcript. Times are in seconds. */
type TranscriptCue = { start: number; end: number; text: string };

export type Transcript = { format: "webvtt" | "srt"; cues: TranscriptCue[] };

export type TranscriptFormat = Transcript["format"];

const WEBVTT_SIGNATURE = /^\uFEFF?WEBVTT(?:[ \t]|\r?\n|$)/;
// SRT: a cue number, then a timing line (comma before the milliseconds; some tools write a dot).
const SRT_START = /^\uFEFF?\s*\d+[ \t]*\r?\n\d{1,2}:\d{2}:\d{2}[,.]\d{3}[ \t]+-->/;
const TIMING = /^((?:\d+:)?\d{2}:\d{2}[.,]\d{3})[ \t]+-->[ \t]+((?:\d+:)?\d{2}:\d{2}[.,]\d{3})(?:[ \t].*)?$/;

export class TranscriptError extends Error {}

/** Which transcript format the text begins like, or null when it begins like neither. */
export function transcriptFormatOf(text: string): TranscriptFormat | null {
  if (WEBVTT_SIGNATURE.test(text)) return "webvtt";
  if (SRT_START.test(text)) return "srt";
  return null;
}

function seconds(timestamp: string): number {
  const [clock, fraction] = timestamp.split(/[.,]/);
  const parts = clock.split(":").map(Number);
  const [hours, minutes, secs] = parts.length === 3 ? parts : [0, ...parts];
  if (minutes > 59 || secs > 59) throw new TranscriptError(`${timestamp} is not a valid time`);
  return hours * 3600 + minutes * 60 + secs + Number(fraction) / 1000;
}

/** Blocks separated by blank lines, each with the line number it starts on. */
function blocks(text: string): { line: number; lines: string[] }[] {
  const result: { line: number; lines: string[] }[] = [];
  let current: { line: number; lines: string[] } | null = null;
  text.split(/\r\n|\r|\n/).forEach((line, index) => {
    if (line.trim() === "") {
      current = null;
      return;
    }
    if (!current) {
      current = { line: index + 1, lines: [] };
      result.push(current);
    }
    current.lines.push(line);
  });
  return result;
}

function cueFrom(timingLine: string, textLines: string[], line: number): TranscriptCue {
  const timing = TIMING.exec(timingLine.trim());
  if (!timing) throw new TranscriptError(`line ${line}: expected a timing such as 00:00:01.000 --> 00:00:04.000`);
  const start = seconds(timing[1]);
  const end = seconds(timing[2]);
  if (end < start) throw new TranscriptError(`line ${line}: the cue ends before it starts`);
  // Cue text may carry WebVTT tags (<v Speaker>, <i>); the transcript as text keeps only the words.
  const text = textLines
    .join("\n")
    .replace(/<[^>]*>/g, "")
    .trim();
  return { start, end, text };
}

/**
 * Parses a WebVTT or SRT transcript, refusing anything that is not one: a cue must have a valid timing line, and
 * there must be at least one cue. Throws TranscriptError naming the line.
 */
export function parseTranscript(text: string): Transcript {
  const format = transcriptFormatOf(text);
  if (format === null) throw new TranscriptError("the file does not begin like a WebVTT or SRT transcript");
  const cues: TranscriptCue[] = [];
  const [header, ...rest] = blocks(text);
  for (const block of format === "webvtt" ? rest : [header, ...rest]) {
    const [first, ...others] = block.lines;
    if (format === "webvtt") {
      // NOTE, STYLE and REGION blocks carry no cue.
      if (/^(NOTE|STYLE|REGION)(?:[ \t]|$)/.test(first)) continue;
      const timingIndex = first.includes("-->") ? 0 : 1;
      const timingLine = block.lines[timingIndex];
      if (timingLine === undefined) throw new TranscriptError(`line ${block.line}: a cue without a timing`);
      cues.push(cueFrom(timingLine, block.lines.slice(timingIndex + 1), block.line + timingIndex));
    } else {
      if (!/^\d+$/.test(first.trim())) throw new TranscriptError(`line ${block.line}: expected a cue number`);
      if (others[0] === undefined) throw new TranscriptError(`line ${block.line}: a cue without a timing`);
      cues.push(cueFrom(others[0], others.slice(1), block.line + 1));
    }
  }
  if (cues.length === 0) throw new TranscriptError("it holds no cues");
  return { format, cues };
}
