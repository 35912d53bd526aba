import { describe, expect, it } from "vitest";
import {
  base32Decode,
  base32Encode,
  generateRecoveryCodes,
  hotp,
  matchTotp,
  totpStep,
  totpUri,
} from "./two-factor.server";

// RFC 6238 appendix B: the SHA-1 seed is "12345678901234567890"; the RFC's 8-digit values end in these 6 digits.
const RFC_SECRET = base32Encode(Buffer.from("12345678901234567890"));

describe("TOTP (RFC 6238)", () => {
  it("computes the RFC's test values", () => {
    const key = base32Decode(RFC_SECRET);
    expect(hotp(key, totpStep(59_000), 8)).toBe("94287082");
    expect(hotp(key, totpStep(1_111_111_109_000), 8)).toBe("07081804");
    expect(hotp(key, totpStep(1_234_567_890_000), 8)).toBe("89005924");
    expect(hotp(key, totpStep(20_000_000_000_000), 8)).toBe("65353130");
    expect(hotp(key, totpStep(59_000))).toBe("287082");
  });

  it("round-trips base32 and names the secret in the authenticator's address", () => {
    expect(base32Encode(Buffer.from("12345678901234567890"))).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    expect(base32Decode("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ").toString()).toBe("12345678901234567890");
    expect(totpUri(RFC_SECRET, "ann@example.com", "The Show")).toBe(
      `otpauth://totp/The%20Show%3Aann%40example.com?secret=${RFC_SECRET}&issuer=The+Show&algorithm=SHA1&digits=6&period=30`,
    );
  });

  it("accepts the current step and its neighbours once, and nothing older than the last used step", () => {
    const now = 1_234_567_890_000;
    const key = base32Decode(RFC_SECRET);
    const step = totpStep(now);
    expect(matchTotp(RFC_SECRET, hotp(key, step), now, null)).toBe(step);
    expect(matchTotp(RFC_SECRET, hotp(key, step - 1), now, null)).toBe(step - 1);
    expect(matchTotp(RFC_SECRET, hotp(key, step + 1), now, null)).toBe(step + 1);
    expect(matchTotp(RFC_SECRET, hotp(key, step - 2), now, null)).toBeNull();
    expect(matchTotp(RFC_SECRET, hotp(key, step), now, step)).toBeNull();
    expect(matchTotp(RFC_SECRET, "12345", now, null)).toBeNull();
  });

  it("makes ten different recovery codes", () => {
    const codes = generateRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
  });
});
