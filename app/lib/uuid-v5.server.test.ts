import { describe, expect, it } from "vitest";
import { siteConfig } from "./site-config";
import { podcastGuidFor, uuidV5 } from "./uuid-v5.server";

describe("uuidV5", () => {
  it("matches RFC 9562's example: www.example.com in the DNS namespace", () => {
    expect(uuidV5("www.example.com", "6ba7b810-9dad-11d1-80b4-00c04fd430c8")).toBe(
      "2ed6657d-e927-568b-95e1-2665a8aea6a2",
    );
  });

  it("refuses a namespace that is not a UUID", () => {
    expect(() => uuidV5("name", "not-a-uuid")).toThrow("Not a UUID: not-a-uuid");
  });
});

describe("podcastGuidFor", () => {
  it("gives Podcasting 2.0's test vector: podnews.net/rss", () => {
    expect(podcastGuidFor("podnews.net/rss")).toBe("9b024349-ccf0-5f69-a609-6b82873eab3c");
  });

  it("ignores the scheme and trailing slashes of the feed URL", () => {
    expect(podcastGuidFor("https://podnews.net/rss/")).toBe("9b024349-ccf0-5f69-a609-6b82873eab3c");
    expect(podcastGuidFor("http://podnews.net/rss")).toBe("9b024349-ccf0-5f69-a609-6b82873eab3c");
  });

  it("gave the site config's podcast guid from the feed URL recorded beside it", () => {
    expect(siteConfig.podcastFeed.guid).toBe(podcastGuidFor(siteConfig.podcastFeed.guidFeedUrl));
  });
});
