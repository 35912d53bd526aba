import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { killAllServers, rawGet, type ServerWithDataDir, startServerWithDataDir } from "./helpers";

afterAll(killAllServers);

/** A public page paints with its HTML and stylesheet alone; its modules load once it has painted. */
describe("the first paint of the built pages", () => {
  let server: ServerWithDataDir;
  beforeAll(async () => {
    server = await startServerWithDataDir();
  });
  afterAll(() => server?.close());

  // A miss is rendered per request, a hit is the stored copy; both must have the shape.
  it.each(["/", "/about", "/insights", "/contact", "/sign-in"])("%s", async (page) => {
    for (const _ of ["render or miss", "hit"]) {
      const html = (await rawGet(`${server.url}${page}`)).body.toString();
      const head = html.slice(0, html.indexOf("</head>"));
      const stylesheet = head.search(/<link rel="stylesheet" href="\/assets\/[^"]+\.css"/);
      expect(stylesheet).toBeGreaterThan(0);
      // Only the preload of the page's largest image may come first, as React writes it.
      const beforeStylesheet = head.slice(0, stylesheet).replace(/<link rel="preload" as="image"[^>]*\/>/g, "");
      expect(beforeStylesheet).not.toMatch(/<link|<script/);
      expect(html).not.toContain('rel="modulepreload"');

      const bootstrap = /<script[^>]* type="module" async="">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
      expect(bootstrap).toMatch(/^if \(document\.visibilityState !== "hidden"\) await new Promise/);
      expect(bootstrap).toContain('observe({ type: "paint", buffered: true })');
      expect(bootstrap).not.toMatch(/^import /m);
      expect(bootstrap).toMatch(/rel: "modulepreload"/);
      expect(bootstrap).toMatch(/import\("\/assets\/entry\.client-[^"]+\.js"\);\s*$/);
    }
  });
});
