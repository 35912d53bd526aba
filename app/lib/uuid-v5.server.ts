import { createHash } from "node:crypto";

/** RFC 9562 name-based UUID (version 5, SHA-1) of `name` in the namespace `namespace`. */
export function uuidV5(name: string, namespace: string): string {
  const namespaceBytes = Buffer.from(namespace.replace(/-/g, ""), "hex");
  if (namespaceBytes.length !== 16) throw new Error(`Not a UUID: ${namespace}`);
  const bytes = createHash("sha1").update(namespaceBytes).update(name, "utf8").digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The namespace Podcasting 2.0 fixes for `podcast:guid`. */
export const PODCAST_GUID_NAMESPACE = "ead4c236-bf58-58c6-a2c6-a6b28d128cb6";

/** Podcasting 2.0's `podcast:guid`: the UUID v5 of the feed URL without its scheme and trailing slashes. */
export function podcastGuidFor(feedUrl: string): string {
  return uuidV5(feedUrl.replace(/^[a-z][a-z0-9+.-]*:\/\//i, "").replace(/\/+$/, ""), PODCAST_GUID_NAMESPACE);
}
