import apps from "./opawg-user-agents/apps.json";
import bots from "./opawg-user-agents/bots.json";
import browsers from "./opawg-user-agents/browsers.json";
import devices from "./opawg-user-agents/devices.json";
import libraries from "./opawg-user-agents/libraries.json";

/**
 * The agents the download count drops and the players, libraries, browsers and devices it names: the OPAWG
 * user-agents-v2 runtime files (MIT, `opawg-user-agents/LICENSE`), bundled as `npm run refresh-user-agents` fetches
 * them. Each list is tried in order and its first match wins. A library's `category` of "bot" marks a tool that is no
 * player (curl's kin, scrapers); a device's names its kind. Crawlers the lists do not name are left to `isbot`.
 */
export type UserAgentEntry = { name: string; pattern: string; category?: string };
export type UserAgentLists = Record<"bots" | "apps" | "libraries" | "browsers" | "devices", UserAgentEntry[]>;

export const OPAWG_USER_AGENTS: UserAgentLists = {
  bots: bots.entries,
  apps: apps.entries,
  libraries: libraries.entries,
  browsers: browsers.entries,
  devices: devices.entries,
};
