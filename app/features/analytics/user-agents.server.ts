import fs from "node:fs";
import path from "node:path";
import { isbot } from "isbot";
import { BUILT_IN_USER_AGENTS, type UserAgentEntry, type UserAgentLists } from "./user-agent-list";

type Matcher = { name: string; pattern: RegExp };

/**
 * Where `npm run refresh-user-agents` puts a copy of the OPAWG user-agents-v2 runtime files (MIT). The copy is not in
 * the repository: a deployment that wants the fuller list fetches it there (relative to the folder the server starts
 * in), and the site's own list is used otherwise.
 */
const OPAWG_COPY_DIR = path.resolve("user-agents");
const LIST_NAMES = ["bots", "apps", "libraries", "browsers", "devices"] as const;

/** The five lists from a folder of OPAWG runtime files, or the site's own when the folder does not hold all five. */
export function readUserAgentLists(dir: string): UserAgentLists {
  if (!LIST_NAMES.every((name) => fs.existsSync(path.join(dir, `${name}.json`)))) return BUILT_IN_USER_AGENTS;
  const read = (name: (typeof LIST_NAMES)[number]) =>
    (JSON.parse(fs.readFileSync(path.join(dir, `${name}.json`), "utf8")) as { entries: UserAgentEntry[] }).entries;
  return {
    bots: read("bots"),
    apps: read("apps"),
    libraries: read("libraries"),
    browsers: read("browsers"),
    devices: read("devices"),
  };
}

const compile = (entries: UserAgentEntry[]): Matcher[] =>
  entries.map((entry) => ({ name: entry.name, pattern: new RegExp(entry.pattern) }));

const LISTS = readUserAgentLists(OPAWG_COPY_DIR);
const BOTS = compile(LISTS.bots);
const APPS = compile(LISTS.apps);
const LIBRARIES = compile(LISTS.libraries);
const BROWSERS = compile(LISTS.browsers);
const DEVICES = compile(LISTS.devices);

const firstMatch = (matchers: Matcher[], userAgent: string) => matchers.find((m) => m.pattern.test(userAgent));

/** The platform of each device name (the lists' device names; OPAWG's have no platform of their own). */
const PLATFORM_OF_DEVICE: Record<string, string> = {
  "Apple HomePod": "Apple",
  "Apple iPad": "Apple",
  "Apple TV": "Apple",
  "Apple iPhone": "Apple",
  "Apple Watch": "Apple",
  "Apple iPod": "Apple",
  "Apple Computer": "Apple",
  "Google Home": "Google",
  "Google Chromebook": "Google",
  "Android Tablet": "Android",
  "Android Phone": "Android",
  "Windows Computer": "Windows",
  "Amazon Smart Speaker": "Amazon",
};

const UNKNOWN = "Unknown";

export type Listener = { kind: "bot" } | { kind: "player"; app: string; device: string; platform: string };

/**
 * Who sent a request, by the lists in the order OPAWG's asks for (bots, apps, libraries, browsers; the device from the
 * devices list), with `isbot` asked before the browsers for what names no player. No user agent at all is not a player.
 */
export function classifyUserAgent(userAgent: string | null): Listener {
  const agent = userAgent?.trim() ?? "";
  let listener = classified.get(agent);
  if (!listener) {
    // The lists are read once per process, so an agent's answer never changes; a few agents make most requests.
    if (classified.size >= MOST_AGENTS_REMEMBERED) classified.clear();
    listener = classify(agent);
    classified.set(agent, listener);
  }
  return listener;
}

/** Agents whose answer is kept: far more than the apps, devices and versions of any show's listeners. */
const MOST_AGENTS_REMEMBERED = 5000;
const classified = new Map<string, Listener>();

function classify(agent: string): Listener {
  if (agent === "" || firstMatch(BOTS, agent)) return { kind: "bot" };
  // Players' media libraries (ExoPlayer, Windows Media Player) look like bots to isbot, and crawlers like browsers.
  const player = firstMatch(APPS, agent) ?? firstMatch(LIBRARIES, agent);
  if (!player && isbot(agent)) return { kind: "bot" };
  const named = player ?? firstMatch(BROWSERS, agent);
  const device = firstMatch(DEVICES, agent)?.name ?? UNKNOWN;
  return {
    kind: "player",
    app: named?.name ?? UNKNOWN,
    device,
    platform: PLATFORM_OF_DEVICE[device] ?? (device.startsWith("Other") ? "Other" : UNKNOWN),
  };
}

const SUBSCRIBERS = /\b(\d{1,9}) subscribers?\b/i;

/** A feed reader's report of how many of its users follow the feed ("Feedly/1.0 (…; 42 subscribers)"), or null. */
export function reportedSubscribers(userAgent: string | null): { reader: string; subscribers: number } | null {
  const match = userAgent ? SUBSCRIBERS.exec(userAgent) : null;
  if (!userAgent || !match) return null;
  // The reader is the agent without its count, so each reader's (and each of its feeds' ids') latest report counts once.
  return { reader: userAgent.replace(SUBSCRIBERS, "").slice(0, 300), subscribers: Number(match[1]) };
}
