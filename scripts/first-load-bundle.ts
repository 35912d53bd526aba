import { gzipSync } from "node:zlib";

export type FirstLoadBundle = {
  jsGzipBytes: number;
  /** The JavaScript beyond the framework chunk (React, React DOM, React Router) that every hydrating page shares. */
  pageCodeGzipBytes: number;
  cssGzipBytes: number;
  files: { url: string; gzipBytes: number }[];
};

/**
 * Stylesheets, scripts, module preloads, and the modules the bootstrap script preloads (a JSON list, see
 * app/lib/paint-before-scripts.server.ts) and imports once the page has painted.
 */
const ASSET_REFERENCE =
  /<link[^>]+rel="(?:modulepreload|stylesheet)"[^>]*href="([^"]+)"|<script[^>]+src="([^"]+)"|import\(?\s*"([^"]+\.js)"|for \(const href of (\[[^\]]*\])\)/g;

/** The chunk vite.config.ts names "framework". */
const FRAMEWORK_CHUNK = /\/assets\/framework-[\w-]+\.js$/;

/** The JavaScript and CSS a first visit to the page loads, as listed by its HTML, each gzip-compressed (level 9). */
export async function measureFirstLoadBundle(pageUrl: string): Promise<FirstLoadBundle> {
  const html = await (await fetch(pageUrl)).text();
  const urls = new Set<string>();
  for (const match of html.matchAll(ASSET_REFERENCE)) {
    const references: string[] = match[4] ? JSON.parse(match[4]) : [match[1] ?? match[2] ?? match[3]];
    for (const reference of references) {
      const url = new URL(reference, pageUrl);
      if (url.origin === new URL(pageUrl).origin) urls.add(url.href);
    }
  }
  const files = await Promise.all(
    [...urls].map(async (url) => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return { url, gzipBytes: gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length };
    }),
  );
  const sum = (extension: string) =>
    files.filter((file) => new URL(file.url).pathname.endsWith(extension)).reduce((total, f) => total + f.gzipBytes, 0);
  const framework = files.find((file) => FRAMEWORK_CHUNK.test(new URL(file.url).pathname));
  const jsGzipBytes = sum(".js");
  return {
    jsGzipBytes,
    pageCodeGzipBytes: jsGzipBytes - (framework?.gzipBytes ?? 0),
    cssGzipBytes: sum(".css"),
    files,
  };
}
