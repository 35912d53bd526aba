import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

/**
 * React Router's document starts fetching every module of the page as soon as the HTML arrives: React hoists its
 * `<link rel="modulepreload">` tags to the top of the head, and its bootstrap `<script type="module">` imports the
 * route modules statically. On a slow phone connection those ~170 KB of JavaScript share the line with the stylesheet
 * and the first paint waits behind them. This rewrites the shell so that the page paints first and loads its modules
 * right after: the preloads leave the head, and the bootstrap script waits for the first paint, then adds the same
 * preloads and imports the same modules dynamically (docs/decisions/029-first-load.md). Nothing else changes:
 * hydration, the route modules and the streamed data are React Router's own.
 */

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const BOOTSTRAP_SCRIPT = /(<script[^>]* type="module" async="">)([\s\S]*?)(<\/script>)/;
const SCRIPT_END = "</script>";
const STATIC_IMPORT = /^import \* as (\w+) from ("[^"]+");$/gm;
/** The route-manifest import React Router adds when lazy route discovery is off. */
const BARE_IMPORT = /^import ("[^"]+");$/gm;

/**
 * Waits for the browser's first paint, as the Paint Timing API reports it (an animation frame runs before the paint
 * it belongs to, so it would need a timer after it to stand for the paint), or for the load event where that API is
 * missing. A hidden tab paints no frame, so there the modules load at once.
 */
const AFTER_FIRST_PAINT =
  'if (document.visibilityState !== "hidden") await new Promise((resolve) => { new PerformanceObserver(resolve).observe({ type: "paint", buffered: true }); addEventListener("load", resolve, { once: true }); });';

/** Returns the document with the module loading deferred, or unchanged when it has no bootstrap script. */
export function paintBeforeScripts(shell: string): string {
  const bootstrap = BOOTSTRAP_SCRIPT.exec(shell);
  if (!bootstrap) return shell;
  const [, open, body, close] = bootstrap;
  const preloads = [...shell.matchAll(MODULE_PRELOAD)].map((match) => match[1]);

  const imports: { name: string | null; specifier: string }[] = [];
  const rest = body
    .replace(STATIC_IMPORT, (_, name: string, specifier: string) => {
      imports.push({ name, specifier });
      return "";
    })
    .replace(BARE_IMPORT, (_, specifier: string) => {
      imports.push({ name: null, specifier });
      return "";
    });
  const names = imports.map((entry, index) => entry.name ?? `_${index}`);
  const deferred = [
    AFTER_FIRST_PAINT,
    `for (const href of ${JSON.stringify(preloads)}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));`,
    `const [${names.join(", ")}] = await Promise.all([${imports.map((entry) => `import(${entry.specifier})`).join(", ")}]);`,
    rest,
  ].join("\n");

  const withoutPreloads = shell.slice(0, bootstrap.index).replace(MODULE_PRELOAD, "");
  return `${withoutPreloads}${open}${deferred}${close}${shell.slice(bootstrap.index + bootstrap[0].length)}`;
}

/**
 * The same rewrite on a streamed document: holds the HTML back until the bootstrap script has been written (it ends
 * the shell React writes at once), rewrites that part, then passes the streamed rest through as it comes.
 */
export function paintBeforeScriptsStream(): Transform {
  const decoder = new StringDecoder("utf8");
  // The held text in pieces, joined only once a script has ended in new text: a large page arrives in many chunks,
  // and joining and searching the whole held text again for each made the rewrite's cost grow with its size squared.
  const held: string[] = [];
  let tail = "";
  let rewritten = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (rewritten) return callback(null, chunk);
      const text = decoder.write(chunk);
      held.push(text);
      const scriptEnded = `${tail}${text}`.includes(SCRIPT_END);
      tail = `${tail}${text}`.slice(-(SCRIPT_END.length - 1));
      if (!scriptEnded) return callback();
      const shell = held.join("");
      held.length = 0;
      held.push(shell);
      if (!BOOTSTRAP_SCRIPT.test(shell)) return callback();
      rewritten = true;
      held.length = 0;
      callback(null, paintBeforeScripts(shell));
    },
    flush(callback) {
      const rest = held.join("") + decoder.end();
      callback(null, rest ? paintBeforeScripts(rest) : undefined);
    },
  });
}
