/**
 * `npm run refresh-user-agents`: fetches the OPAWG user-agents-v2 list (MIT) into user-agents/ (the runtime files of
 * the bots, apps, libraries, browsers and devices, and the licence), which the download count then reads instead of
 * the site's own list from its next start (docs/analytics.md). The folder is not committed: the list is OPAWG's, kept
 * by them. It refuses a list whose patterns do not compile.
 */
import fs from "node:fs";
import path from "node:path";

const SOURCE = "https://raw.githubusercontent.com/opawg/user-agents-v2/master";
const LISTS = ["bots", "apps", "libraries", "browsers", "devices"];
const outDir = path.resolve("user-agents");

async function download(file: string): Promise<string> {
  const response = await fetch(`${SOURCE}/${file}`);
  if (!response.ok) throw new Error(`${file}: ${response.status} ${response.statusText}`);
  return response.text();
}

const files = new Map<string, string>();
for (const list of LISTS) {
  const text = await download(`build/${list}.runtime.json`);
  const parsed = JSON.parse(text) as { entries?: { name?: unknown; pattern?: unknown }[] };
  if (!Array.isArray(parsed.entries) || parsed.entries.length === 0) throw new Error(`${list}: no entries`);
  for (const entry of parsed.entries) {
    if (typeof entry.name !== "string" || typeof entry.pattern !== "string") throw new Error(`${list}: a bad entry`);
    new RegExp(entry.pattern);
  }
  files.set(`${list}.json`, text);
}
files.set("LICENSE", await download("LICENSE"));
fs.mkdirSync(outDir, { recursive: true });
for (const [name, text] of files) fs.writeFileSync(path.join(outDir, name), text);
console.log(`Wrote ${[...files.keys()].join(", ")} to ${path.relative(process.cwd(), outDir)}`);
