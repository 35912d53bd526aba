import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http, { type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { type Readable, Transform } from "node:stream";

/**
 * Fetching addresses that someone else chose (a feed's URL, its enclosures): each address, and each redirect, must be
 * http(s), and the host must resolve only to public addresses, checked on the address the connection is actually made
 * to (the socket's own lookup), so a name that resolves differently the second time cannot reach the server's own
 * network. `allowPrivate` (ALLOW_PRIVATE_FETCH, for development and tests) lifts the address check, not the others.
 */

/** Loopback, private, link-local, shared (CGNAT), multicast, reserved and documentation ranges. */
// Two lists: one list holding the IPv4-mapped IPv6 range would match every IPv4 address checked against it.
const BLOCKED_V4 = new BlockList();
const BLOCKED_V6 = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  BLOCKED_V4.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  // The unspecified and loopback addresses, and the IPv4-compatible and IPv4-mapped forms, which reach IPv4 hosts.
  ["::", 96],
  ["::ffff:0:0", 96],
  // NAT64 reaches IPv4 addresses through a gateway; a public host is reached by its own A record instead.
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  BLOCKED_V6.addSubnet(network, prefix, "ipv6");

/** Whether an IP address is one an outside fetch may not reach. */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return family === 4 ? BLOCKED_V4.check(address, "ipv4") : BLOCKED_V6.check(address, "ipv6");
}

/** A fetch refused or failed; its message is for the owner. */
export class FetchRefused extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "FetchRefused";
  }
}

export type GuardedFetchOptions = {
  allowPrivate: boolean;
  /** Which resolved addresses are refused (by default the ranges above); tests let one loopback address stand for a public one. */
  blockedAddress?: (address: string) => boolean;
  /** The whole exchange, body included, must end within this time. */
  timeoutMs: number;
  /** A longer body is cut off with an error. */
  maxBytes: number;
  maxRedirects?: number;
  /** Ends the exchange early (the server is stopping); the fetch then fails with FetchRefused. */
  signal?: AbortSignal;
};

export type GuardedResponse = {
  /** The address that answered, after redirects. */
  url: string;
  headers: IncomingHttpHeaders;
  /** The body, bounded by the options' size and time; it errors with FetchRefused when a bound is passed. */
  body: Readable;
};

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The URL, if it is one this module may fetch. */
function checkFetchableUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new FetchRefused(`${value} is not a web address`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new FetchRefused(`${url.href} is not an http(s) address`);
  if (url.username || url.password) throw new FetchRefused(`${url.origin} carries a user name or password`);
  return url;
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, "");

/** dns.lookup, refusing a name any of whose addresses is blocked; answers in the shape the socket asked for. */
const guardedLookup =
  (blockedAddress: (address: string) => boolean): LookupFunction =>
  (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 4);
      const blocked = addresses.find(({ address }) => blockedAddress(address));
      if (blocked || addresses.length === 0) {
        const refusal = new FetchRefused(
          `${hostname} resolves to ${blocked?.address ?? "no address"}, which is not a public address`,
        );
        return callback(refusal as NodeJS.ErrnoException, "", 4);
      }
      if ((options as { all?: boolean }).all)
        return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
      return callback(null, addresses[0].address, addresses[0].family);
    });
  };

/** One request, no redirects followed; resolves with the response once its headers arrived. */
function request(
  url: URL,
  blockedAddress: ((address: string) => boolean) | null,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const host = hostOf(url);
  if (blockedAddress && isIP(host) !== 0 && blockedAddress(host))
    return Promise.reject(new FetchRefused(`${url.origin} is not a public address`));
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.get(url, {
      signal,
      ...(blockedAddress ? { lookup: guardedLookup(blockedAddress) } : {}),
      headers: { "user-agent": "PodcastSiteImporter/1.0", accept: "*/*" },
    });
    outgoing.on("response", resolve);
    outgoing.on("error", reject);
  });
}

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * GETs `address`, following at most `maxRedirects` redirects (each checked like the first address), and answers the
 * final 2xx response with its body bounded by size and time. Anything else throws FetchRefused.
 */
export async function guardedFetch(address: string, options: GuardedFetchOptions): Promise<GuardedResponse> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new FetchRefused(`${address} took longer than ${Math.round(options.timeoutMs / 1000)} s`)),
    options.timeoutMs,
  );
  timer.unref();
  options.signal?.addEventListener(
    "abort",
    () => controller.abort(new FetchRefused(`${address} was not fetched whole: the server is stopping`)),
    { once: true },
  );
  const fail = (error: unknown): never => {
    clearTimeout(timer);
    controller.abort();
    if (error instanceof FetchRefused) throw error;
    const reason = controller.signal.reason;
    if (reason instanceof FetchRefused) throw reason;
    throw new FetchRefused(`${address} could not be fetched: ${errorMessage(error)}`, { cause: error });
  };
  const blockedAddress = options.allowPrivate ? null : (options.blockedAddress ?? isBlockedAddress);
  let url = checkFetchableUrl(address);
  let response: IncomingMessage | undefined;
  try {
    for (let redirects = 0; ; redirects++) {
      response = await request(url, blockedAddress, controller.signal);
      const status = response.statusCode ?? 0;
      if (!REDIRECTS.has(status)) break;
      response.resume();
      const location = response.headers.location;
      if (!location) throw new FetchRefused(`${url.href} answered ${status} without a Location`);
      if (redirects >= (options.maxRedirects ?? 5)) throw new FetchRefused(`${address} redirects too many times`);
      url = checkFetchableUrl(new URL(location, url).href);
    }
    const status = response.statusCode ?? 0;
    if (status < 200 || status > 299) {
      response.resume();
      throw new FetchRefused(`${url.href} answered HTTP ${status}`);
    }
    const declared = Number(response.headers["content-length"]);
    if (Number.isFinite(declared) && declared > options.maxBytes) {
      response.resume();
      throw new FetchRefused(`${url.href} is larger than ${options.maxBytes} bytes`);
    }
  } catch (error) {
    return fail(error);
  }
  let received = 0;
  const maxBytes = options.maxBytes;
  const bounded = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > maxBytes) return callback(new FetchRefused(`${url.href} is larger than ${maxBytes} bytes`));
      callback(null, chunk);
    },
  });
  const source = response;
  source.on("error", (error) => {
    const reason = controller.signal.reason;
    bounded.destroy(reason instanceof FetchRefused ? reason : new FetchRefused(errorMessage(error), { cause: error }));
  });
  source.on("aborted", () => {
    const reason = controller.signal.reason;
    bounded.destroy(
      reason instanceof FetchRefused ? reason : new FetchRefused(`${url.href} ended before its whole body arrived`),
    );
  });
  bounded.on("close", () => {
    clearTimeout(timer);
    source.destroy();
  });
  source.pipe(bounded);
  return { url: url.href, headers: source.headers, body: bounded };
}

/** The whole body as text (for a feed or a chapters document), bounded as guardedFetch bounds it. */
export async function guardedFetchText(
  address: string,
  options: GuardedFetchOptions,
): Promise<{ url: string; text: string }> {
  const response = await guardedFetch(address, options);
  const chunks: Buffer[] = [];
  for await (const chunk of response.body) chunks.push(chunk as Buffer);
  return { url: response.url, text: Buffer.concat(chunks).toString("utf8") };
}

/**
 * Why a download failed, in the owner's words: the fetch's own reason when there is one (an upload check that saw its
 * body end would otherwise only say the upload was interrupted), else the error's message.
 */
export function downloadFailureReason(error: unknown): string {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause)
    if (cause instanceof FetchRefused) return cause.message;
  return error instanceof Error ? error.message : String(error);
}
