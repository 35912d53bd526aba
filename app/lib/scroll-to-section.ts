/** Spec section 9: scroll-to-section is offset by the page header's height, or 80 px without a header. */
export const HEADER_FALLBACK_OFFSET_PX = 80;
/** Spec section 9: the scroll starts 50 ms after the click, so a closing menu has let go of the page first. */
export const SCROLL_START_DELAY_MS = 50;

/** The home page's first section; going to it means going back to the page without a hash. */
export const HOME_SECTION_ID = "home";

/** Fired when the hash is changed by history.replaceState, which raises no hashchange event of its own. */
export const LOCATION_HASH_EVENT = "site:location-hash";

/** The fixed site header carries this attribute; its height is the offset that keeps a section's top visible. */
const SITE_HEADER_SELECTOR = "[data-site-header]";

/** Smoothly scrolls the section with this id to just below the fixed header. */
export function scrollToSection(id: string): void {
  setTimeout(() => {
    const section = document.getElementById(id);
    if (!section) {
      console.warn(`scrollToSection: no section with id "${id}" on this page`);
      return;
    }
    const header = document.querySelector(SITE_HEADER_SELECTOR);
    const offset = header ? header.getBoundingClientRect().height : HEADER_FALLBACK_OFFSET_PX;
    const top = section.getBoundingClientRect().top + window.scrollY - offset;
    window.scrollTo({ top: Math.max(0, top), behavior: "smooth" });
  }, SCROLL_START_DELAY_MS);
}

/**
 * Puts the section in the URL without a navigation. React Router's navigate() would also jump the page to the
 * hash's element at once, cutting the smooth scroll short; replaceState keeps the router's history entry as is.
 */
function setSectionHash(id: string): void {
  const { pathname, search } = window.location;
  const url = id === HOME_SECTION_ID ? `${pathname}${search}` : `${pathname}${search}#${id}`;
  window.history.replaceState(window.history.state, "", url);
  window.dispatchEvent(new Event(LOCATION_HASH_EVENT));
}

export function goToSection(id: string): void {
  setSectionHash(id);
  scrollToSection(id);
}
