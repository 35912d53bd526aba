import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  goToSection,
  HEADER_FALLBACK_OFFSET_PX,
  LOCATION_HASH_EVENT,
  SCROLL_START_DELAY_MS,
  scrollToSection,
} from "./scroll-to-section";

type FakePage = { sections: Record<string, number>; headerHeight?: number; scrollY: number };

/** A page in numbers: section tops relative to the viewport, a header height, a scroll position. */
function installFakePage(page: FakePage) {
  const scrollTo = vi.fn();
  const replaceState = vi.fn();
  const dispatchEvent = vi.fn();
  const rect = (top: number, height = 0) => ({ top, height }) as DOMRect;
  vi.stubGlobal("document", {
    getElementById: (id: string) =>
      id in page.sections ? { getBoundingClientRect: () => rect(page.sections[id]) } : null,
    querySelector: () =>
      page.headerHeight === undefined ? null : { getBoundingClientRect: () => rect(0, page.headerHeight) },
  });
  vi.stubGlobal("window", {
    scrollY: page.scrollY,
    scrollTo,
    dispatchEvent,
    location: { pathname: "/", search: "?ref=x", hash: "" },
    history: { state: { idx: 3 }, replaceState },
  });
  return { scrollTo, replaceState, dispatchEvent };
}

describe("scrollToSection", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("starts after the delay and lands the section just below the header, smoothly", () => {
    const { scrollTo } = installFakePage({ sections: { podcast: 900 }, headerHeight: 64, scrollY: 100 });
    scrollToSection("podcast");
    vi.advanceTimersByTime(SCROLL_START_DELAY_MS - 1);
    expect(scrollTo).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(scrollTo).toHaveBeenCalledWith({ top: 900 + 100 - 64, behavior: "smooth" });
  });

  it("offsets by 80 px when the page has no header", () => {
    const { scrollTo } = installFakePage({ sections: { contact: 500 }, scrollY: 0 });
    scrollToSection("contact");
    vi.advanceTimersByTime(SCROLL_START_DELAY_MS);
    expect(scrollTo).toHaveBeenCalledWith({ top: 500 - HEADER_FALLBACK_OFFSET_PX, behavior: "smooth" });
  });

  it("never asks for a position above the top of the page", () => {
    const { scrollTo } = installFakePage({ sections: { home: 0 }, headerHeight: 64, scrollY: 0 });
    scrollToSection("home");
    vi.advanceTimersByTime(SCROLL_START_DELAY_MS);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: "smooth" });
  });

  it("only warns when the section is missing", () => {
    const { scrollTo } = installFakePage({ sections: {}, headerHeight: 64, scrollY: 0 });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    scrollToSection("nowhere");
    expect(() => vi.advanceTimersByTime(SCROLL_START_DELAY_MS)).not.toThrow();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"nowhere"'));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});

describe("goToSection", () => {
  // goToSection also starts the delayed scroll; fake timers keep it from firing after the fake page is gone.
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("sets the hash in place, keeping the router's history state, and announces it", () => {
    const { replaceState, dispatchEvent } = installFakePage({ sections: { podcast: 10 }, scrollY: 0 });
    goToSection("podcast");
    expect(replaceState).toHaveBeenCalledWith({ idx: 3 }, "", "/?ref=x#podcast");
    expect(dispatchEvent).toHaveBeenCalledWith(expect.objectContaining({ type: LOCATION_HASH_EVENT }));
  });

  it("drops the hash for the home section", () => {
    const { replaceState } = installFakePage({ sections: { home: 0 }, scrollY: 0 });
    goToSection("home");
    expect(replaceState).toHaveBeenCalledWith({ idx: 3 }, "", "/?ref=x");
  });
});
