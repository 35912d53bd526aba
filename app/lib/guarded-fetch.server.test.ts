import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FetchRefused, guardedFetch, guardedFetchText, isBlockedAddress } from "./guarded-fetch.server";

let server: http.Server;
let port: number;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://x");
    if (url.pathname === "/to-private") {
      response.writeHead(302, { location: `http://127.0.0.2:${port}/secret` });
      return response.end();
    }
    if (url.pathname === "/to-file") {
      response.writeHead(301, { location: "file:///etc/passwd" });
      return response.end();
    }
    if (url.pathname === "/to-self") {
      response.writeHead(307, { location: `http://127.0.0.1:${port}/secret` });
      return response.end();
    }
    if (url.pathname === "/loop") {
      response.writeHead(302, { location: "/loop" });
      return response.end();
    }
    if (url.pathname === "/big") {
      response.writeHead(200);
      response.write(Buffer.alloc(4096));
      return response.end(Buffer.alloc(4096));
    }
    if (url.pathname === "/slow") {
      response.writeHead(200);
      response.write("start");
      // Never ends: the time bound must end it.
      return;
    }
    if (url.pathname === "/missing") {
      response.writeHead(404);
      return response.end();
    }
    response.writeHead(200, { "content-type": "text/plain" });
    response.end("the secret");
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const bounds = { timeoutMs: 5000, maxBytes: 1024 * 1024 };
/** The loopback server stands for a public host: every other blocked address stays blocked. */
const onlyTheTestServerIsPublic = (address: string) => address !== "127.0.0.1" && isBlockedAddress(address);

describe("the addresses an import may not reach", () => {
  it.each([
    "127.0.0.1",
    "127.255.0.9",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::",
    "::1",
    "::ffff:127.0.0.1",
    "::ffff:a9fe:a9fe",
    "64:ff9b::a00:1",
    "fe80::1",
    "fc00::1",
    "fd12:3456::1",
    "ff02::1",
    "not an address",
  ])("refuses %s", (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(["8.8.8.8", "1.1.1.1", "172.32.0.1", "192.169.0.1", "2606:4700:4700::1111", "2a00:1450:4001::200e"])(
    "allows %s",
    (address) => {
      expect(isBlockedAddress(address)).toBe(false);
    },
  );
});

describe("guardedFetch", () => {
  it("refuses a loopback address, by number or by name, and an IPv6 one", async () => {
    for (const address of [
      `http://127.0.0.1:${port}/`,
      `http://localhost:${port}/`,
      `http://[::1]:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
    ]) {
      await expect(guardedFetch(address, { allowPrivate: false, ...bounds }), address).rejects.toThrow(
        /not a public address/,
      );
    }
  });

  it("refuses what is not http(s), and addresses with a password", async () => {
    await expect(guardedFetch("file:///etc/passwd", { allowPrivate: true, ...bounds })).rejects.toThrow(
      "file:///etc/passwd is not an http(s) address",
    );
    await expect(guardedFetch("gopher://example.com/", { allowPrivate: true, ...bounds })).rejects.toThrow(
      FetchRefused,
    );
    await expect(guardedFetch(`http://user:pw@127.0.0.1:${port}/`, { allowPrivate: true, ...bounds })).rejects.toThrow(
      /user name or password/,
    );
  });

  it("checks every redirect: to a private address, or to another scheme", async () => {
    const options = { allowPrivate: false, blockedAddress: onlyTheTestServerIsPublic, ...bounds };
    expect((await guardedFetchText(`http://127.0.0.1:${port}/`, options)).text).toBe("the secret");
    await expect(guardedFetch(`http://127.0.0.1:${port}/to-private`, options)).rejects.toThrow(
      /127\.0\.0\.2.*not a public address/,
    );
    await expect(guardedFetch(`http://127.0.0.1:${port}/to-file`, options)).rejects.toThrow(/not an http\(s\) address/);
    await expect(guardedFetch(`http://127.0.0.1:${port}/loop`, options)).rejects.toThrow(/redirects too many times/);
  });

  it("with ALLOW_PRIVATE_FETCH follows redirects to loopback", async () => {
    const { text, url } = await guardedFetchText(`http://127.0.0.1:${port}/to-self`, {
      allowPrivate: true,
      ...bounds,
    });
    expect(text).toBe("the secret");
    expect(url).toBe(`http://127.0.0.1:${port}/secret`);
  });

  it("bounds the size and the time, and refuses an error status", async () => {
    await expect(
      guardedFetchText(`http://127.0.0.1:${port}/big`, { allowPrivate: true, timeoutMs: 5000, maxBytes: 5000 }),
    ).rejects.toThrow(/larger than 5000 bytes/);
    await expect(
      guardedFetchText(`http://127.0.0.1:${port}/slow`, { allowPrivate: true, timeoutMs: 300, maxBytes: 5000 }),
    ).rejects.toThrow(/took longer than/);
    await expect(guardedFetch(`http://127.0.0.1:${port}/missing`, { allowPrivate: true, ...bounds })).rejects.toThrow(
      /answered HTTP 404/,
    );
  });
});
