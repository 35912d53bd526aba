import { isbot } from "isbot";
import apps from "./data/apps.json";
import bots from "./data/bots.json";
import browsers from "./data/browsers.json";
import devices from "./data/devices.json";
import libraries from "./data/libraries.json";

type Entry = { name: string; pattern: string; category?: string };
type Matcher = { name: string; pattern: RegExp; category?: string };

const compile = (list: { entries: Entry[] }): Matcher[] =>
  list.entries.map((entry) => ({ name: entry.name, pattern: new RegExp(entry.pattern), category: entry.category }));

const BOTS = compile(bots);
const APPS = compile(apps);
const LIBRARIES = compile(libraries);
const BROWSERS = compile(browsers);
const DEVICES = compile(devices);

const firstMatch = (matchers: Matcher[], userAgent: string) => matchers.find((m) => m.pattern.test(userAgent));

/** What the OPAWG list names a player's device; the platform follows from it, as the list has no platform of its own. */
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
 * Who sent a request, by the OPAWG user-agents-v2 list in the order it asks for (bots, apps, libraries, browsers; the
 * device from the devices list) and `isbot` for what the list does not name. No user agent at all is not a player.
 */
export function classifyUserAgent(userAgent: string | null): Listener {
  const agent = userAgent?.trim() ?? "";
  if (agent === "" || firstMatch(BOTS, agent)) return { kind: "bot" };
  const app = firstMatch(APPS, agent);
  if (!app && isbot(agent)) return { kind: "bot" };
  const named = app ?? firstMatch(LIBRARIES, agent) ?? firstMatch(BROWSERS, agent);
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
