import sanitizeHtml from "sanitize-html";

/**
 * The allow-list for the HTML the site renders as HTML (insight articles, episode show notes). Anything not listed is
 * dropped: scripts, styles, frames, forms, event handlers, classes and inline styles; links and images keep only
 * http(s) addresses (links also mailto:), so javascript: and data: URLs cannot get through.
 */
const RICH_HTML_RULES: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "hr",
    "h2",
    "h3",
    "h4",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "blockquote",
    "ul",
    "ol",
    "li",
    "a",
    "code",
    "pre",
    "figure",
    "figcaption",
    "img",
  ],
  allowedAttributes: {
    // rel and target are always the ones transformTags writes; they are listed so that the filter keeps them.
    a: ["href", "title", "rel", "target"],
    img: ["src", "alt", "width", "height"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    // Whatever rel came in is replaced: a linked page must never get a handle on this window. A new tab is the
    // only other target allowed, so that a link cannot replace a frame or the top window.
    a: (tagName, { target, rel: _rel, ...attribs }) => ({
      tagName,
      attribs: { ...attribs, rel: "noopener noreferrer", ...(target === "_blank" ? { target } : {}) },
    }),
  },
};

export function sanitizeRichHtml(html: string): string {
  return sanitizeHtml(html, RICH_HTML_RULES);
}

/** HTML (or text) as plain text: tags dropped, paragraphs and line breaks kept as line breaks, entities decoded. */
export function htmlToText(html: string): string {
  const withBreaks = html.replace(/<br\s*\/?>/gi, "\n").replace(/<\/(p|div|li|h[1-6]|blockquote)>/gi, "\n\n");
  const text = sanitizeHtml(withBreaks, {
    allowedTags: [],
    allowedAttributes: {},
    disallowedTagsMode: "discard",
  });
  // sanitize-html escapes & < > " again; the text is escaped wherever it is shown, so it is kept decoded.
  return decodeEntities(text)
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}
