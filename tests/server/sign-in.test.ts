import { chromium, expect as expectInBrowser } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumArgs, chromiumExecutable } from "../setup/chromium";
import { type SmtpInbox, startSmtpInbox } from "../setup/smtp-inbox";
import { type ServerWithDataDir, startServerWithDataDir } from "./helpers";

const SIGN_IN_LINK = /http:\/\/localhost\/sign-in\/verify\?token=([A-Za-z0-9_-]{43})/;

/**
 * The production build as it is deployed: no mock sign-in anywhere, and a member signs in with the link mailed over
 * SMTP. (Without SMTP_URL a production server logs the mail with the link's token redacted: tests/server/log-redaction.)
 */
describe("signing in on the production server", () => {
  let server: ServerWithDataDir;
  let inbox: SmtpInbox;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    server = await startServerWithDataDir({ NODE_ENV: "production", SMTP_URL: inbox.url });
  });
  afterAll(async () => {
    await server?.close();
    await inbox?.close();
  });

  it("answers 404 to the mock sign-in and renders no Mock Auth Controls", async () => {
    const mockLogin = await fetch(`${server.url}/api/auth/mock-login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ membershipTier: "premium" }),
    });
    expect(mockLogin.status).toBe(404);
    expect(mockLogin.headers.get("set-cookie")).toBeNull();

    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain("Skip to content");
    expect(html).not.toContain("Mock Auth Controls");
  });

  it("signs in with the mailed link: open it, confirm with the button, get a session", async () => {
    const email = "fresh.clone@example.com";
    const requested = await fetch(`${server.url}/api/auth/email-link`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, returnTo: "/members/profile" }),
    });
    expect(requested.status).toBe(200);

    const { message } = await inbox.mailTo(email);
    expect(message).toMatch(/^Subject: Your sign-in link for /m);
    const token = SIGN_IN_LINK.exec(message)?.[1] ?? "";
    expect(token).toHaveLength(43);
    const linkOnThisServer = `${server.url}/sign-in/verify?token=${token}`;

    const opened = await fetch(linkOnThisServer);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("cache-control")).toBe("no-store");
    expect(opened.headers.get("referrer-policy")).toBe("same-origin");
    expect(await opened.text()).toContain("Finish Signing In");

    const confirm = () =>
      fetch(linkOnThisServer, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
        body: new URLSearchParams({ token }),
      });
    const confirmed = await confirm();
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe("/members/profile");
    const setCookie = confirmed.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^sid=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/);

    const me = await fetch(`${server.url}/api/auth/user`, { headers: { cookie: setCookie.split(";")[0] } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email, membershipTier: "free" });

    const again = await confirm();
    expect(again.status).toBe(400);
    expect(again.headers.get("set-cookie")).toBeNull();
    expect(await again.text()).toContain("Link Not Valid");
    // The access log wrote each request of the link without its token.
    await server.waitForOutput(/POST \/sign-in\/verify\?token=\[redacted\] .* 400 /);
    expect(server.stdout() + server.stderr()).not.toContain(token);
  });

  it("signs a person in through the pages in a browser", async () => {
    const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: chromiumArgs });
    try {
      const page = await browser.newPage();
      await page.goto(`${server.url}/api/login?returnTo=/about`);
      await expectInBrowser(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      // The sign-up dialog in every page has an Email Address field too; this is the sign-in page's own.
      await page.getByRole("main").getByLabel("Email Address").fill("browser.member@example.com");
      await page.getByRole("button", { name: "Email Me a Sign-In Link" }).click();
      await expectInBrowser(page.getByRole("status")).toContainText("Check your email");

      const token = SIGN_IN_LINK.exec((await inbox.mailTo("browser.member@example.com")).message)?.[1];
      expect(token).toBeDefined();

      await page.goto(`${server.url}/sign-in/verify?token=${token}`);
      await expectInBrowser(page.locator("html")).toHaveAttribute("data-hydrated", "true");
      await page.getByRole("button", { name: "Sign In" }).click();
      await expectInBrowser(page).toHaveURL(`${server.url}/about`);
      await page.getByRole("button", { name: "Account menu" }).click();
      await expectInBrowser(page.getByRole("menu")).toContainText("browser.member@example.com");
    } finally {
      await browser.close();
    }
  });
});
