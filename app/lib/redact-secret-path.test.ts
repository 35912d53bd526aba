import { describe, expect, it } from "vitest";
import { redactSecretPath } from "./redact-secret-path";

const TOKEN = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde";

describe("redactSecretPath", () => {
  it("hides a private feed's token and keeps the rest of the path", () => {
    expect(redactSecretPath(`/feeds/${TOKEN}.xml`)).toBe("/feeds/[token].xml");
    expect(redactSecretPath(`/feeds/${TOKEN}/audio/7?x=1`)).toBe("/feeds/[token]/audio/7?x=1");
  });

  it("leaves every other path as it is", () => {
    expect(redactSecretPath("/podcast.xml")).toBe("/podcast.xml");
    expect(redactSecretPath(`/media/${TOKEN}`)).toBe(`/media/${TOKEN}`);
  });
});
