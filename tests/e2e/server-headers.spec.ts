import { expect, test } from "@playwright/test";

test("hashed build assets are cached immutable for a year", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const asset = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
  expect(asset).toBeDefined();
  const response = await request.get(asset as string);
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
});

test("other static files are cached briefly", async ({ request }) => {
  const response = await request.get("/favicon.svg");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("public, max-age=600");
});

test("pages are compressed for clients that accept it", async ({ request }) => {
  const response = await request.get("/", { headers: { "Accept-Encoding": "gzip" } });
  expect(response.headers()["content-encoding"]).toBe("gzip");
});

test("responses carry the security headers and no framework banner", async ({ request }) => {
  const headers = (await request.get("/")).headers();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("same-origin");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["strict-transport-security"]).toContain("max-age=");
  expect(headers["x-powered-by"]).toBeUndefined();
});

test("unknown API paths answer JSON 404", async ({ request }) => {
  const response = await request.get("/api/no-such-call");
  expect(response.status()).toBe(404);
  expect(await response.json()).toEqual({ success: false, message: "Not found" });
});

test("a write from another site is refused with 403 before it reaches the route", async ({ request }) => {
  const response = await request.post("/api/subscribe", {
    headers: { Origin: "https://evil.example" },
    data: { email: "cross-site@example.com" },
  });
  expect(response.status()).toBe(403);
  expect(await response.json()).toEqual({ success: false, message: "Cross-site requests are not allowed" });
});

test("every response names its request with an X-Request-Id", async ({ request }) => {
  const first = (await request.get("/")).headers()["x-request-id"];
  const second = (await request.get("/favicon.svg")).headers()["x-request-id"];
  expect(first).toMatch(/^[0-9a-f-]{36}$/);
  expect(second).toMatch(/^[0-9a-f-]{36}$/);
  expect(second).not.toBe(first);
});
