import { isbot } from "isbot";
import { OPAWG_USER_AGENTS, type UserAgentEntry } from "./user-agent-list";

type Matcher = { name: string; pattern: RegExp; category?: string };

const compile = (entries: UserAgentEntry[]): Matcher[] =>
  entries.map((entry) => ({ name: entry.name, pattern: new RegExp(entry.pattern), category: entry.category }));

const BOTS = compile(OPAWG_USER_AGENTS.bots);
const APPS = compile(OPAWG_USER_AGENTS.apps);
const LIBRARIES = compile(OPAWG_USER_AGENTS.libraries);
const BROWSERS = compile(OPAWG_USER_AGENTS.browsers);
const DEVICES = compile(OPAWG_USER_AGENTS.devices);

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
 * Agents whose answer is kept: far more than the apps, devices and versions of any show's listeners, and none longer
 * than real ones, so that made-up agents of a header's size cannot fill the memory.
 */
const MOST_AGENTS_REMEMBERED = 5000;
export const LONGEST_AGENT_REMEMBERED = 512;
const classified = new Map<string, Listener>();

/**
 * Who sent a request, by the lists in the order OPAWG's asks for (bots, apps, libraries, browsers; the device from the
 * devices list), with `isbot` asked before the browsers for what names no player. No user agent at all is not a player.
 */
export function classifyUserAgent(userAgent: string | null): Listener {
  const agent = userAgent?.trim() ?? "";
  if (agent.length > LONGEST_AGENT_REMEMBERED) return classify(agent);
  let listener = classified.get(agent);
  if (!listener) {
    // The lists are read once per process, so an agent's answer never changes; a few agents make most requests.
    if (classified.size >= MOST_AGENTS_REMEMBERED) classified.clear();
    listener = classify(agent);
    classified.set(agent, listener);
  }
  return listener;
}

function classify(agent: string): Listener {
  if (agent === "" || firstMatch(BOTS, agent)) return { kind: "bot" };
  // Players' media libraries (ExoPlayer, AppleCoreMedia) look like bots to isbot, and crawlers like browsers; the
  // libraries OPAWG files as bots (HTTP clients of programs, scrapers) are none.
  const player = firstMatch(APPS, agent) ?? firstMatch(LIBRARIES, agent);
  if (player?.category === "bot" || (!player && isbot(agent))) return { kind: "bot" };
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
