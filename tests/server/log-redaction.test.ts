import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { killAllServers, type ServerWithDataDir, startServerWithDataDir } from "./helpers";

afterAll(killAllServers);

const TOKEN = "Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0Pp_Oo-NnMmLlK";

/** The production server without SMTP_URL, as a fresh clone runs it: mail goes to the log and the outbox table. */
describe("the built server's logs and the secrets in addresses", () => {
  let server: ServerWithDataDir;
  beforeAll(async () => {
    server = await startServerWithDataDir({ NODE_ENV: "production" });
  });
  afterAll(() => server?.close());

  it("logs a feed or enclosure request by its route, never with the token", async () => {
    expect((await fetch(`${server.url}/feeds/${TOKEN}.xml`)).status).toBe(404);
    expect((await fetch(`${server.url}/feeds/${TOKEN}/audio/1`, { headers: { Range: "bytes=0-1" } })).status).toBe(404);
    await server.waitForOutput(/GET \/feeds\/\[token\]\/audio\/1 /);
    expect(server.stdout()).toMatch(/GET \/feeds\/\[token\]\.xml /);
    expect(server.stdout() + server.stderr()).not.toContain(TOKEN);
  });

  it("logs a sign-in link's request and an OpenID callback without their token, code or state", async () => {
    expect((await fetch(`${server.url}/sign-in/verify?token=${TOKEN}`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/callback?code=${TOKEN}&state=${TOKEN}&iss=x`)).status).toBe(404);
    // A line is written when its response has been sent, which for a streamed page may be after the next one's.
    await server.waitForOutput(/GET \/api\/callback\?code=\[redacted\]&state=\[redacted\]&iss=x /);
    await server.waitForOutput(/GET \/sign-in\/verify\?token=\[redacted\] HTTP\/1\.1 200 /);
    expect(server.stdout() + server.stderr()).not.toContain(TOKEN);
  });

  it("prints a mailed sign-in link with its token redacted", async () => {
    const requested = await fetch(`${server.url}/api/auth/email-link`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "logged.member@example.com" }),
    });
    expect(requested.status).toBe(200);
    // The whole mail is printed in one write, so its link is in the output once its first line is.
    await server.waitForOutput(/^\[mail\] to logged\.member@example\.com: Your sign-in link/);
    const mail = server.stdout().split("[mail] to logged.member@example.com:")[1].split("[/mail]")[0];
    expect(mail).toContain("http://localhost/sign-in/verify?token=[redacted]\n");
    expect(mail).not.toMatch(/token=[A-Za-z0-9_-]{43}/);
  });

  it("leaves the health probes that answer 200 out of the request log", async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    expect((await fetch(`${server.url}/after-the-probes`)).status).toBe(404);
    await server.waitForOutput(/GET \/after-the-probes /);
    expect(server.stdout()).not.toMatch(/GET \/(healthz|readyz) /);
  });
});
