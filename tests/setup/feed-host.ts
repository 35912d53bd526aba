import { once } from "node:events";
import { readFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import sharp from "sharp";

/**
 * A podcast host on loopback for import tests: the fixture feeds of tests/fixtures/feeds (their `{{BASE}}` replaced by
 * its own address) and the media fixtures, enclosures that redirect (`/anchor/play/…` to `/media/…`), a feed that moved
 * (`/moved/{name}.xml`), a square artwork, a generated feed of many items (`/huge.xml?items=N`, with `&missing-audio` whose enclosures are all gone), and 404s.
 */
export type FeedHost = {
  base: string;
  /** How many times each path was asked for. */
  requests: Map<string, number>;
  /** From now on, requests for this path and query are read and never answered, until `release`. */
  hold(pathAndQuery: string): void;
  /** How many held requests are waiting. */
  heldCount(): number;
  /** Drops the held requests' connections and answers that address normally again. */
  release(): void;
  close(): Promise<void>;
};

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures");

function hugeFeed(base: string, items: number, audioPath: string): string {
  const entries = Array.from({ length: items }, (_, index) => {
    const number = items - index;
    const date = new Date(Date.UTC(2010, 0, 1) + number * 86_400_000).toUTCString();
    return `<item><title>Episode ${number}</title><guid isPermaLink="false">huge-${number}</guid><pubDate>${date}</pubDate><description><![CDATA[<p>Episode <b>${number}</b> of many.</p>]]></description><enclosure url="${base}${audioPath}?episode=${number}" length="3816" type="audio/mpeg"/><itunes:episode>${number}</itunes:episode></item>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>A Thousand Episodes</title><description>Daily since 2010.</description>${entries.join("")}</channel></rss>`;
}

export async function startFeedHost(): Promise<FeedHost> {
  const requests = new Map<string, number>();
  let held: string | null = null;
  const waiting: http.ServerResponse[] = [];
  const artwork = await sharp({ create: { width: 1400, height: 1400, channels: 3, background: "#3355aa" } })
    .jpeg()
    .toBuffer();
  let base = "";
  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", base);
    requests.set(url.pathname, (requests.get(url.pathname) ?? 0) + 1);
    if (held === url.pathname + url.search) {
      waiting.push(response);
      return;
    }
    const send = (status: number, body: string | Buffer, type = "application/octet-stream") => {
      response.writeHead(status, { "content-type": type, "content-length": Buffer.byteLength(body) });
      response.end(body);
    };
    try {
      const moved = /^\/moved\/([a-z]+\.xml)$/.exec(url.pathname);
      const redirected = /^\/anchor\/play\/([a-z-]+\.mp3)$/.exec(url.pathname);
      if (moved || redirected) {
        response.writeHead(moved ? 301 : 302, { location: moved ? `/${moved[1]}` : `/media/${redirected?.[1]}` });
        return response.end();
      }
      if (url.pathname === "/huge.xml")
        return send(
          200,
          hugeFeed(
            base,
            Number(url.searchParams.get("items") ?? 1000),
            url.searchParams.has("missing-audio") ? "/missing/episode.mp3" : "/media/tone-vbr.mp3",
          ),
          "application/rss+xml",
        );
      if (url.pathname === "/art/square.jpg") return send(200, artwork, "image/jpeg");
      if (url.pathname === "/buzz/transcript.html") return send(200, "<p>Welcome to the show.</p>", "text/html");
      const feed = /^\/([a-z]+)\.xml$/.exec(url.pathname);
      if (feed) {
        const text = await readFile(path.join(FIXTURES, "feeds", `${feed[1]}.xml`), "utf8");
        return send(200, text.replaceAll("{{BASE}}", base), "application/rss+xml; charset=utf-8");
      }
      const media = /^\/media\/([a-z-]+\.[a-z0-9]+)$/.exec(url.pathname);
      if (media) return send(200, await readFile(path.join(FIXTURES, "media", media[1])));
      send(404, "Not found", "text/plain");
    } catch {
      send(404, "Not found", "text/plain");
    }
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    requests,
    hold(pathAndQuery) {
      held = pathAndQuery;
    },
    heldCount: () => waiting.length,
    release() {
      held = null;
      for (const response of waiting.splice(0)) response.destroy();
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
