/** Markup that is already well-formed XML; plain strings given to `element` are escaped, markup is not. */
export type XmlMarkup = { readonly xml: string };

export type XmlAttributes = Record<string, string | number | boolean | null | undefined>;

export type XmlChild = XmlMarkup | string | number | null | undefined | false;

// XML 1.0 forbids these characters even when escaped; they can only come from pasted text, so they are dropped.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what must be dropped
const NOT_XML_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML_CHARACTERS, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** An element; attributes whose value is null or undefined are left out, and so are null, undefined and false children. */
export function element(name: string, attributes: XmlAttributes = {}, ...children: XmlChild[]): XmlMarkup {
  const attributeText = Object.entries(attributes)
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([key, value]) => ` ${key}="${escapeXml(String(value))}"`)
    .join("");
  const content = children
    .filter((child) => child !== null && child !== undefined && child !== false)
    .map((child) => (typeof child === "object" ? child.xml : escapeXml(String(child))))
    .join("");
  return { xml: content === "" ? `<${name}${attributeText}/>` : `<${name}${attributeText}>${content}</${name}>` };
}

/** A CDATA section; a "]]>" inside the text is split across two sections, the only way CDATA can hold it. */
export function cdata(text: string): XmlMarkup {
  return { xml: `<![CDATA[${text.replace(NOT_XML_CHARACTERS, "").replace(/]]>/g, "]]]]><![CDATA[>")}]]>` };
}

export function xmlDocument(root: XmlMarkup): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${root.xml}\n`;
}
