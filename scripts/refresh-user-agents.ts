/**
 * `npm run refresh-user-agents`: fetches the OPAWG user-agents-v2 list (MIT) into the copy the site bundles,
 * `app/features/analytics/opawg-user-agents/` (the runtime files of the bots, apps, libraries, browsers and devices,
 * and the licence), and its examples into the test fixtures, which the tests then check the copy against. The next
 * build counts with it (docs/analytics.md). It refuses a list whose patterns do not compile.
 */
import fs from "node:fs";
import path from "node:path";

const SOURCE = "https://raw.githubusercontent.com/opawg/user-agents-v2/master";
const LISTS = ["bots", "apps", "libraries", "browsers", "devices"];
const outDir = path.resolve("app/features/analytics/opawg-user-agents");
const examplesDir = path.resolve("tests/fixtures/opawg-user-agents");

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
const examples = new Map<string, string>();
// OPAWG checks the deterministic match of every list's examples but the devices'; the tests check the same here.
for (const list of LISTS.filter((name) => name !== "devices"))
  examples.set(`${list}.examples.json`, await download(`build/${list}.examples.json`));
for (const [dir, written] of [
  [outDir, files],
  [examplesDir, examples],
] as const) {
  fs.mkdirSync(dir, { recursive: true });
  for (const [name, text] of written) fs.writeFileSync(path.join(dir, name), text);
  console.log(`Wrote ${[...written.keys()].join(", ")} to ${path.relative(process.cwd(), dir)}`);
}
