import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { paintBeforeScripts, paintBeforeScriptsStream } from "./paint-before-scripts.server";

/** The shape React Router 7 and React 19 write: preloads hoisted into the head, the bootstrap module at the end. */
const SHELL = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
  '<link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>',
  '<link rel="modulepreload" href="/assets/entry.client.js" nonce="abc"/>',
  '<link rel="modulepreload" href="/assets/framework.js" nonce="abc"/>',
  '<link rel="modulepreload" href="/assets/root.js" nonce="abc"/>',
  '<link rel="modulepreload" href="/assets/home.js" nonce="abc"/>',
  "<title>Café ☕</title></head><body><main>Ünïcode ✓</main>",
  '<script nonce="abc">window.__reactRouterContext = {};</script>',
  '<script nonce="abc" type="module" async="">;\n',
  'import * as route0 from "/assets/root.js";\n',
  'import * as route1 from "/assets/home.js";\n',
  '  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\n',
  'import("/assets/entry.client.js");</script>',
].join("");
const STREAMED_REST =
  '<script nonce="abc">window.__reactRouterContext.streamController.close();</script></body></html>';

function bootstrapOf(html: string): string {
  const match = /<script nonce="abc" type="module" async="">([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error("no bootstrap script");
  return match[1];
}

describe("paintBeforeScripts", () => {
  it("takes the module preloads out of the head and leaves the stylesheet and the rest of the page as they were", () => {
    const html = paintBeforeScripts(SHELL);
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>');
    expect(html).toContain("<title>Café ☕</title></head><body><main>Ünïcode ✓</main>");
    expect(html).toContain('<script nonce="abc">window.__reactRouterContext = {};</script>');
  });

  it("waits for the first paint, then preloads the same modules and imports the route modules under the same names", () => {
    const script = bootstrapOf(paintBeforeScripts(SHELL));
    expect(script).not.toMatch(/^import \* as/m);
    const waitsForPaint = script.indexOf('observe({ type: "paint", buffered: true })');
    const preloads = script.indexOf('rel: "modulepreload"');
    const imports = script.indexOf(
      'const [route0, route1] = await Promise.all([import("/assets/root.js"), import("/assets/home.js")]);',
    );
    const entry = script.indexOf('import("/assets/entry.client.js");');
    expect(waitsForPaint).toBeGreaterThanOrEqual(0);
    expect(preloads).toBeGreaterThan(waitsForPaint);
    expect(imports).toBeGreaterThan(preloads);
    expect(entry).toBeGreaterThan(imports);
    expect(script).toContain(
      JSON.stringify(["/assets/entry.client.js", "/assets/framework.js", "/assets/root.js", "/assets/home.js"]),
    );
    expect(script).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};');
  });

  it("loads at once in a hidden tab, which paints no frame", () => {
    expect(bootstrapOf(paintBeforeScripts(SHELL))).toMatch(/^if \(document\.visibilityState !== "hidden"\) await/);
  });

  it("leaves a document without a bootstrap script alone", () => {
    const page = '<html><head><link rel="modulepreload" href="/a.js"/></head><body></body></html>';
    expect(paintBeforeScripts(page)).toBe(page);
  });
});

describe("paintBeforeScriptsStream", () => {
  const whole = paintBeforeScripts(SHELL) + STREAMED_REST;
  const bytes = Buffer.from(SHELL + STREAMED_REST);

  it.each([1, 7, 64, bytes.length])(
    "gives the same document however the stream is cut (%i-byte chunks)",
    async (size) => {
      const chunks: Buffer[] = [];
      for (let offset = 0; offset < bytes.length; offset += size) chunks.push(bytes.subarray(offset, offset + size));
      expect(await text(Readable.from(chunks).pipe(paintBeforeScriptsStream()))).toBe(whole);
    },
  );

  it("passes through a document that never writes a bootstrap script", async () => {
    const page = "<html><body>Not found</body></html>";
    expect(await text(Readable.from([Buffer.from(page)]).pipe(paintBeforeScriptsStream()))).toBe(page);
  });
});
