import fs from "node:fs";
import path from "node:path";
import { isbot } from "isbot";
import { describe, expect, it } from "vitest";
import { OPAWG_USER_AGENTS } from "./user-agent-list";
import { classifyUserAgent, LONGEST_AGENT_REMEMBERED } from "./user-agents.server";

type Examples = { entries: { name: string; examples?: string[] }[] };

/** OPAWG's examples of a list's entries, fetched with the list (tests/fixtures/opawg-user-agents). */
const examplesOf = (list: keyof typeof OPAWG_USER_AGENTS) =>
  (
    JSON.parse(
      fs.readFileSync(path.join("tests/fixtures/opawg-user-agents", `${list}.examples.json`), "utf8"),
    ) as Examples
  ).entries.flatMap((entry) => (entry.examples ?? []).map((example) => ({ name: entry.name, example })));

const named = (userAgent: string) => {
  const listener = classifyUserAgent(userAgent);
  return listener.kind === "bot" ? "bot" : listener.app;
};

describe("the bundled OPAWG user-agent list", () => {
  it.each([
    ["Podcasts/1650.20 CFNetwork/1408.0.4 Darwin/22.5.0", "Apple Podcasts", "Apple iPhone", "Apple"],
    ["Spotify/8.9.10 Android/33 (SM-G991B)", "Spotify", "Android Phone", "Android"],
    ["Overcast/3.0 (+http://overcast.fm/; iOS podcast app)", "Overcast", "Apple iPhone", "Apple"],
    ["AntennaPod/3.4.0", "AntennaPod", "Android Phone", "Android"],
    ["Pocket Casts", "Pocket Casts", "Other Mobile Device", "Other"],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36",
      "Chrome",
      "Windows Computer",
      "Windows",
    ],
    ["stagefright/1.2 (Linux;Android 13)", "stagefright", "Android Phone", "Android"],
    [
      "AppleCoreMedia/1.0.0.21E236 (iPhone; U; CPU OS 17_4_1 like Mac OS X; en_us)",
      "AppleCoreMedia",
      "Apple iPhone",
      "Apple",
    ],
    ["Windows-Media-Player/12.0.22621", "Windows Media Player", "Windows Computer", "Windows"],
    // A player's library no list names: isbot would take it for a bot, but it names a device.
    ["ExoPlayerLib/2.19.1 (Linux; Android 14)", "Unknown", "Android Phone", "Android"],
  ])("names %s as a player: %s on %s", (userAgent, app, device, platform) => {
    expect(classifyUserAgent(userAgent)).toEqual({ kind: "player", app, device, platform });
  });

  it.each([
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
    "UptimeRobot/2.0",
    "curl/8.5.0",
    "python-requests/2.31.0",
    "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "",
  ])("drops %j as not a player", (userAgent) => {
    expect(classifyUserAgent(userAgent)).toEqual({ kind: "bot" });
  });

  it("compiles every pattern", () => {
    for (const entries of Object.values(OPAWG_USER_AGENTS))
      for (const entry of entries) expect(() => new RegExp(entry.pattern)).not.toThrow();
  });

  it("names every app's example as that app and drops every bot's", () => {
    for (const { name, example } of examplesOf("apps")) expect([example, named(example)]).toEqual([example, name]);
    for (const { example } of examplesOf("bots")) expect([example, named(example)]).toEqual([example, "bot"]);
  });

  it("drops the libraries OPAWG files as bots, names the others, and leaves browsers isbot knows to it", () => {
    const botLibraries = new Set(
      OPAWG_USER_AGENTS.libraries.filter((entry) => entry.category === "bot").map((e) => e.name),
    );
    for (const { name, example } of examplesOf("libraries"))
      expect([example, named(example)]).toEqual([example, botLibraries.has(name) ? "bot" : name]);
    for (const { name, example } of examplesOf("browsers"))
      expect([example, named(example)]).toEqual([example, isbot(example) ? "bot" : name]);
  });

  it("classifies an agent longer than any it keeps in memory as it does a short one", () => {
    const long = `Overcast/3.0 (+http://overcast.fm/; iOS podcast app) ${"x".repeat(LONGEST_AGENT_REMEMBERED)}`;
    expect(classifyUserAgent(long)).toEqual(classifyUserAgent("Overcast/3.0 (+http://overcast.fm/; iOS podcast app)"));
  });
});
