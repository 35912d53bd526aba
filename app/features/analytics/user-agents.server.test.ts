import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BUILT_IN_USER_AGENTS } from "./user-agent-list";
import { classifyUserAgent, readUserAgentLists } from "./user-agents.server";

describe("the site's own user-agent list", () => {
  it.each([
    ["Podcasts/1650.20 CFNetwork/1408.0.4 Darwin/22.5.0", "Apple Podcasts", "Apple iPhone", "Apple"],
    ["Spotify/8.9.10 Android/33 (SM-G991B)", "Spotify", "Android Phone", "Android"],
    ["Pocket Casts", "Pocket Casts", "Unknown", "Unknown"],
    ["AntennaPod/3.4.0", "AntennaPod", "Unknown", "Unknown"],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36",
      "Chrome",
      "Windows Computer",
      "Windows",
    ],
    ["stagefright/1.2 (Linux;Android 13)", "Android media player", "Android Phone", "Android"],
    ["ExoPlayerLib/2.19.1 (Linux; Android 14)", "Android media player", "Android Phone", "Android"],
    ["Windows-Media-Player/12.0.22621", "Windows media player", "Windows Computer", "Windows"],
  ])("names %s as a player: %s on %s", (userAgent, app, device, platform) => {
    expect(classifyUserAgent(userAgent)).toEqual({ kind: "player", app, device, platform });
  });

  it.each([
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
    "UptimeRobot/2.0",
    "curl/8.5.0",
    "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "",
  ])("drops %j as not a player", (userAgent) => {
    expect(classifyUserAgent(userAgent)).toEqual({ kind: "bot" });
  });

  it("compiles every pattern", () => {
    for (const entries of Object.values(BUILT_IN_USER_AGENTS))
      for (const entry of entries) expect(() => new RegExp(entry.pattern)).not.toThrow();
  });
});

describe("a copy of the OPAWG list", () => {
  it("is read in place of the site's own when its folder holds all five runtime files, and not otherwise", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "user-agents-"));
    try {
      for (const name of ["bots", "apps", "libraries", "browsers"])
        fs.writeFileSync(
          path.join(dir, `${name}.json`),
          JSON.stringify({ entries: [{ name: `A ${name}`, pattern: "x" }] }),
        );
      expect(readUserAgentLists(dir)).toBe(BUILT_IN_USER_AGENTS);
      fs.writeFileSync(
        path.join(dir, "devices.json"),
        JSON.stringify({ entries: [{ name: "A device", pattern: "y" }] }),
      );
      expect(readUserAgentLists(dir)).toEqual({
        bots: [{ name: "A bots", pattern: "x" }],
        apps: [{ name: "A apps", pattern: "x" }],
        libraries: [{ name: "A libraries", pattern: "x" }],
        browsers: [{ name: "A browsers", pattern: "x" }],
        devices: [{ name: "A device", pattern: "y" }],
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
