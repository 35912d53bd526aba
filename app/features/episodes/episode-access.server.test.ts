import { describe, expect, it } from "vitest";
import {
  ANONYMOUS,
  type EpisodeAccessFacts,
  type EpisodeViewer,
  episodeAccess,
  episodeViewerOf,
  grantOf,
  TEASER_PARTS,
} from "./episode-access.server";

const NOW = new Date("2026-01-10T12:00:00Z");
const HOUR = 3_600_000;
const before = new Date(NOW.getTime() - HOUR);
const after = new Date(NOW.getTime() + HOUR);

const VIEWERS: Record<string, EpisodeViewer> = {
  anonymous: ANONYMOUS,
  free: { kind: "member", tier: "free" },
  basic: { kind: "member", tier: "basic" },
  premium: { kind: "member", tier: "premium" },
  owner: { kind: "owner" },
};

const published: EpisodeAccessFacts = {
  status: "published",
  publishDate: before,
  earlyAccessAt: null,
  premium: false,
  audioKey: "episodes/audio/0123456789abcdef.mp3",
};
const EPISODES: Record<string, EpisodeAccessFacts> = {
  public: published,
  premium: { ...published, premium: true },
  "early access": { ...published, status: "scheduled", publishDate: after, earlyAccessAt: before },
  "premium early access": {
    ...published,
    status: "scheduled",
    publishDate: after,
    earlyAccessAt: before,
    premium: true,
  },
  "scheduled, early access not yet open": {
    ...published,
    status: "scheduled",
    publishDate: after,
    earlyAccessAt: after,
  },
  draft: { ...published, status: "draft", publishDate: null },
  unpublished: { ...published, status: "unpublished" },
  "without audio": { ...published, audioKey: null },
};

/** The listing, the artwork (a teaser part), the audio and the transcript, for each viewer. */
function table(episode: EpisodeAccessFacts) {
  return Object.fromEntries(
    Object.entries(VIEWERS).map(([name, viewer]) => {
      const access = episodeAccess(viewer, episode, NOW);
      return [
        name,
        [access.listing, access.part("artwork"), access.part("audio"), access.part("transcript")].join(" "),
      ];
    }),
  );
}

describe("what an episode gives to whom", () => {
  it("a public episode: everything to everyone", () => {
    expect(table(EPISODES.public)).toEqual({
      anonymous: "everyone everyone everyone everyone",
      free: "everyone everyone everyone everyone",
      basic: "everyone everyone everyone everyone",
      premium: "everyone everyone everyone everyone",
      owner: "everyone everyone everyone everyone",
    });
  });

  it("a premium episode: its page and teaser to everyone, its audio and transcript to Premium and the owner", () => {
    expect(table(EPISODES.premium)).toEqual({
      anonymous: "everyone everyone locked locked",
      free: "everyone everyone locked locked",
      basic: "everyone everyone locked locked",
      premium: "everyone everyone viewer viewer",
      owner: "everyone everyone viewer viewer",
    });
  });

  it("early access: all of it to Basic, Premium and the owner, privately; nothing to anyone else", () => {
    expect(table(EPISODES["early access"])).toEqual({
      anonymous: "hidden hidden hidden hidden",
      free: "hidden hidden hidden hidden",
      basic: "viewer viewer viewer viewer",
      premium: "viewer viewer viewer viewer",
      owner: "viewer viewer viewer viewer",
    });
  });

  it("premium early access: its teaser to Basic, its content to Premium and the owner", () => {
    expect(table(EPISODES["premium early access"])).toEqual({
      anonymous: "hidden hidden hidden hidden",
      free: "hidden hidden hidden hidden",
      basic: "viewer viewer locked locked",
      premium: "viewer viewer viewer viewer",
      owner: "viewer viewer viewer viewer",
    });
  });

  it.each(["scheduled, early access not yet open", "draft", "unpublished", "without audio"])(
    "%s: listed for no one, its files only for the owner's preview",
    (name) => {
      expect(table(EPISODES[name])).toEqual({
        anonymous: "hidden hidden hidden hidden",
        free: "hidden hidden hidden hidden",
        basic: "hidden hidden hidden hidden",
        premium: "hidden hidden hidden hidden",
        owner: "hidden viewer viewer viewer",
      });
    },
  );

  it("opens a scheduled episode at its publish date and its early access at its time, to the millisecond", () => {
    const scheduled = { ...EPISODES["early access"], earlyAccessAt: NOW };
    expect(episodeAccess(VIEWERS.basic, scheduled, NOW).listing).toBe("viewer");
    expect(episodeAccess(VIEWERS.basic, scheduled, new Date(NOW.getTime() - 1)).listing).toBe("hidden");
    const atItsDate = { ...scheduled, publishDate: NOW };
    expect(episodeAccess(ANONYMOUS, atItsDate, NOW).part("audio")).toBe("everyone");
  });

  it("keeps every part that is not a teaser for those who may hear the episode", () => {
    for (const part of TEASER_PARTS)
      expect(episodeAccess(ANONYMOUS, EPISODES.premium, NOW).part(part)).toBe("everyone");
    expect(episodeAccess(ANONYMOUS, EPISODES.premium, NOW).part("transcript")).toBe("locked");
  });
});

describe("the viewer", () => {
  const user = { id: "u", email: null, firstName: null, lastName: null, profileImageUrl: null } as const;

  it("is the owner whenever the session has an owner's or editor's account, a member by tier, else anonymous", () => {
    const staff = (role: "owner" | "editor" | "support") => ({ id: 1, email: "s@example.com", role });
    expect(episodeViewerOf({ user: null, staff: null })).toEqual(ANONYMOUS);
    expect(episodeViewerOf({ user: { ...user, membershipTier: "basic" }, staff: null })).toEqual(VIEWERS.basic);
    expect(episodeViewerOf({ user: { ...user, membershipTier: "free" }, staff: staff("owner") })).toEqual(
      VIEWERS.owner,
    );
    expect(episodeViewerOf({ user: null, staff: staff("editor") })).toEqual(VIEWERS.owner);
    expect(episodeViewerOf({ user: { ...user, membershipTier: "basic" }, staff: staff("support") })).toEqual(
      VIEWERS.basic,
    );
  });

  it("is read only when a part is not for everyone", async () => {
    let reads = 0;
    const readViewer = async () => {
      reads += 1;
      return VIEWERS.premium;
    };
    expect(await grantOf(EPISODES.public, "audio", NOW, readViewer)).toBe("everyone");
    expect(reads).toBe(0);
    expect(await grantOf(EPISODES.premium, "audio", NOW, readViewer)).toBe("viewer");
    expect(reads).toBe(1);
  });
});
