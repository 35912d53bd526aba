import { describe, expect, it } from "vitest";
import { redactSecretLinks, redactSecretPath } from "./redact-secret-path";

const TOKEN = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde";

describe("redactSecretPath", () => {
  it("hides a private feed's token and keeps the rest of the path", () => {
    expect(redactSecretPath(`/feeds/${TOKEN}.xml`)).toBe("/feeds/[token].xml");
    expect(redactSecretPath(`/feeds/${TOKEN}/audio/7?x=1`)).toBe("/feeds/[token]/audio/7?x=1");
    expect(redactSecretPath(`/unsubscribe/${TOKEN}.${TOKEN}`)).toBe("/unsubscribe/[token]");
    expect(redactSecretPath(`/subscribe/confirm/${TOKEN}`)).toBe("/subscribe/confirm/[token]");
  });

  it("hides a sign-in link's token, and any token, code or state parameter, keeping the others", () => {
    expect(redactSecretPath(`/sign-in/verify?token=${TOKEN}`)).toBe("/sign-in/verify?token=[redacted]");
    expect(redactSecretPath(`/api/callback?code=${TOKEN}&state=${TOKEN}&iss=https%3A%2F%2Fid.example`)).toBe(
      "/api/callback?code=[redacted]&state=[redacted]&iss=https%3A%2F%2Fid.example",
    );
    expect(redactSecretPath(`/unsubscribe?list=news&TOKEN=${TOKEN}#done`)).toBe(
      "/unsubscribe?list=news&TOKEN=[redacted]#done",
    );
    expect(redactSecretPath(`/feeds/${TOKEN}.xml?token=${TOKEN}`)).toBe("/feeds/[token].xml?token=[redacted]");
  });

  it("leaves every other path as it is", () => {
    expect(redactSecretPath("/podcast.xml")).toBe("/podcast.xml");
    expect(redactSecretPath(`/media/${TOKEN}`)).toBe(`/media/${TOKEN}`);
    expect(redactSecretPath("/insights?page=2&tokens=1&barcode=3")).toBe("/insights?page=2&tokens=1&barcode=3");
  });
});

describe("redactSecretLinks", () => {
  it("redacts the secrets of every link in a text and leaves the rest of it", () => {
    const mail = [
      "Open this link to sign in:",
      "",
      `http://localhost:5000/sign-in/verify?token=${TOKEN}`,
      `Your feed: https://podcast.example.com/feeds/${TOKEN}.xml (keep it private).`,
      `Unsubscribe: <https://podcast.example.com/unsubscribe?token=${TOKEN}>`,
      "Our site: https://podcast.example.com and https://podcast.example.com/about.",
    ].join("\n");
    expect(redactSecretLinks(mail)).toBe(
      [
        "Open this link to sign in:",
        "",
        "http://localhost:5000/sign-in/verify?token=[redacted]",
        "Your feed: https://podcast.example.com/feeds/[token].xml (keep it private).",
        "Unsubscribe: <https://podcast.example.com/unsubscribe?token=[redacted]>",
        "Our site: https://podcast.example.com and https://podcast.example.com/about.",
      ].join("\n"),
    );
    expect(redactSecretLinks(mail)).not.toContain(TOKEN);
  });
});
