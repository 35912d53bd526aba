import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** The project's documents: the README, the guides and decision records, and the kept benchmark figures. */
function documents(): string[] {
  const found = ["README.md", "bench-results/README.md"];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith(".md")) found.push(file);
    }
  };
  walk("docs");
  return found;
}

/** Markdown outside fenced code blocks, where a `#` starts a heading rather than a shell comment. */
function withoutFences(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, "");
}

/** Markdown outside code blocks and inline code, where a bracket is text rather than a link. */
function prose(markdown: string): string {
  return withoutFences(markdown).replace(/`[^`\n]*`/g, "");
}

/** Inline links `[text](target)` and reference definitions `[label]: target`, with their targets as written. */
function linkTargets(markdown: string): string[] {
  const text = prose(markdown);
  const inline = [...text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]);
  const references = [...text.matchAll(/^\s*\[[^\]]+\]:\s+(\S+)/gm)].map((match) => match[1]);
  return [...inline, ...references];
}

/** The anchors GitHub gives a document's headings: lower case, punctuation dropped, spaces as hyphens. */
function headingAnchors(markdown: string): Set<string> {
  const headings = [...withoutFences(markdown).matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => match[1]);
  return new Set(
    headings.map((heading) =>
      heading
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, "")
        .replace(/\s/g, "-"),
    ),
  );
}

function brokenLinks(document: string): string[] {
  const broken: string[] = [];
  for (const target of linkTargets(fs.readFileSync(document, "utf8"))) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    const [file, anchor] = target.split("#");
    const resolved = file ? path.join(path.dirname(document), decodeURIComponent(file)) : document;
    if (!fs.existsSync(resolved)) {
      broken.push(`${target}: no such file`);
      continue;
    }
    if (anchor && resolved.endsWith(".md") && !headingAnchors(fs.readFileSync(resolved, "utf8")).has(anchor))
      broken.push(`${target}: no heading with that anchor`);
  }
  return broken;
}

describe("links between the project's documents", () => {
  it("finds the README, the guides and the decision records", () => {
    const found = documents();
    expect(found).toEqual(expect.arrayContaining(["README.md", "docs/settings.md", "docs/decisions/README.md"]));
  });

  it.each(documents())("%s links only to files and headings that exist", (document) => {
    expect(brokenLinks(document)).toEqual([]);
  });
});
