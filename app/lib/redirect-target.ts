const MAX_TARGET_LENGTH = 2000;
/** How many rounds of percent-decoding a target is checked through (`%25252F` is three). */
const DECODING_ROUNDS = 4;

/** A path a browser reads as a path on the same host: one slash first, not two, and not a slash and a backslash. */
const SAME_HOST_PATH = /^\/(?![/\\])/;
/** No link of the site's own has them; a browser would drop some and keep others, so a value with any is refused. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/** A path and what it reads as once, twice... percent-decoded, until it no longer changes or cannot be decoded. */
function decodings(value: string): string[] {
  const forms = [value];
  for (let round = 0; round < DECODING_ROUNDS; round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(forms[forms.length - 1]);
    } catch {
      break;
    }
    if (decoded === forms[forms.length - 1]) break;
    forms.push(decoded);
  }
  return forms;
}

/** The value resolved against the site as a browser resolves a Location, as a same-host path; null if it leaves. */
function resolveOnSite(value: string, siteUrl: URL): string | null {
  let url: URL;
  try {
    url = new URL(value, siteUrl);
  } catch {
    return null;
  }
  if (url.origin !== siteUrl.origin) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return SAME_HOST_PATH.test(path) ? path : null;
}

/**
 * Where a redirect built from request input (a `returnTo`) may go, decided by URL parsing: the value is resolved with
 * `new URL(value, SITE_URL)`, as a browser resolves a Location header (backslashes read as slashes, dot segments and
 * `%2e` removed), and kept only when it lands on the site's origin with a path no browser can read as another host
 * (`//host`, `/\host`, as `/.//evil.example` and `/%2e//evil.example` become). The same must hold for the result as
 * it reads once, twice... percent-decoded, so that a target decoded once more on its way cannot leave either.
 * Returns the path, query and fragment as the URL parser writes them (no spaces or control characters); null when the
 * value is missing, too long, holds a control character, or would leave the site.
 */
export function siteRedirectTarget(value: string | null | undefined, siteUrl: string): string | null {
  if (!value || value.length > MAX_TARGET_LENGTH || CONTROL_CHARACTER.test(value)) return null;
  const site = new URL(siteUrl);
  const target = resolveOnSite(value, site);
  if (target === null) return null;
  return decodings(target).every((form) => resolveOnSite(form, site) !== null) ? target : null;
}

/** siteRedirectTarget, or the home page when the value would leave the site. */
export function safeRedirectTarget(value: string | null | undefined, siteUrl: string): string {
  return siteRedirectTarget(value, siteUrl) ?? "/";
}
