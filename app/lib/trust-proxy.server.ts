import type { IncomingMessage } from "node:http";
import proxyaddr from "proxy-addr";

/**
 * Which proxies in front of the server may say who the client is (the TRUST_PROXY setting): how many of them stand
 * in front, or their addresses. Nothing: the socket's peer is the client and X-Forwarded-For is ignored.
 */
export type TrustProxy = { hops: number } | { addresses: string[] };

/** Whether the address at `hop` (0: the socket's peer) is a proxy to believe, in Express's and proxy-addr's form. */
export type ProxyTrust = (address: string, hop: number) => boolean;

const NAMED_RANGES = ["loopback", "linklocal", "uniquelocal"];

const TRUST_PROXY_RULE =
  "must be the number of proxies in front of the server (such as 1) or a comma-separated list of their addresses, " +
  `CIDR ranges or ${NAMED_RANGES.join(", ")}`;

/** Reads the setting; throws an Error saying what is wrong with it. */
export function parseTrustProxy(value: string): TrustProxy {
  const text = value.trim();
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops < 1 || hops > 100) throw new Error(`${TRUST_PROXY_RULE}; a number of proxies is from 1 to 100`);
    return { hops };
  }
  // Express would read "true" as "believe every proxy", which lets any client name its own address.
  if (/^(true|false)$/i.test(text)) throw new Error(`${TRUST_PROXY_RULE}, not ${text}`);
  const addresses = text.split(",").map((entry) => entry.trim());
  if (addresses.some((entry) => entry === "")) throw new Error(`${TRUST_PROXY_RULE}; an entry is empty`);
  try {
    proxyaddr.compile(addresses);
  } catch (error) {
    throw new Error(`${TRUST_PROXY_RULE}; ${error instanceof Error ? error.message : String(error)}`);
  }
  return { addresses };
}

const trustNone: ProxyTrust = () => false;

/**
 * The one rule for who the client is, given to Express (`trust proxy`, which makes `req.ip`) and used by the page
 * cache's front door, which answers before Express: the same function, so both name the same address.
 */
export function proxyTrust(setting: TrustProxy | undefined): ProxyTrust {
  if (!setting) return trustNone;
  if ("hops" in setting) return (_address, hop) => hop < setting.hops;
  return proxyaddr.compile(setting.addresses);
}

/** The client's address by that rule: the socket's peer, or the address its trusted proxies name. */
export function clientAddress(request: IncomingMessage, trust: ProxyTrust): string {
  return proxyaddr(request, trust);
}
