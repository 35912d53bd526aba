/** Inclusive byte positions, as in `Content-Range: bytes start-end/size`. */
export type ByteRange = { start: number; end: number };

export type RangeRequest = { kind: "whole" } | { kind: "range"; range: ByteRange } | { kind: "unsatisfiable" };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * Reads a `Range` header against a representation of `size` bytes (RFC 9110 14.1.2): one range `a-b`, `a-` or the
 * suffix `-n`. Anything else (no header, other units, several ranges, malformed) asks for the whole representation,
 * which RFC 9110 allows a server to answer instead; a range that starts past the end cannot be satisfied.
 */
export function parseRangeHeader(header: string | null, size: number): RangeRequest {
  const match = header === null ? null : SINGLE_RANGE.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return { kind: "whole" };
  const [, first, last] = match;
  if (first === "") {
    const suffixLength = Number(last);
    if (suffixLength === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "range", range: { start: Math.max(0, size - suffixLength), end: size - 1 } };
  }
  const start = Number(first);
  if (last !== "" && Number(last) < start) return { kind: "whole" };
  if (start >= size) return { kind: "unsatisfiable" };
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  return { kind: "range", range: { start, end } };
}

/**
 * Whether a request's `If-Range` still allows its range (RFC 9110 13.1.5): with an entity tag it must equal the
 * current strong ETag; with a date, the representation must not have changed since.
 */
export function ifRangeHolds(ifRange: string | null, current: { etag: string; lastModified: Date }): boolean {
  if (ifRange === null) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith("W/")) return value === current.etag;
  const date = Date.parse(value);
  return !Number.isNaN(date) && Math.floor(current.lastModified.getTime() / 1000) === Math.floor(date / 1000);
}
