import MarkdownIt from "markdown-it";
import { sanitizeRichHtml } from "./sanitize-html.server";

/** Raw HTML in the Markdown is allowed through to the sanitiser, which keeps only its allow-list. */
const markdown = new MarkdownIt({ html: true, linkify: true });

/** Markdown as the pages draw it (show notes, insight articles): rendered, then allow-list-sanitised. */
export function renderMarkdown(source: string): string {
  return sanitizeRichHtml(markdown.render(source));
}
