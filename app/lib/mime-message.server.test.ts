import { describe, expect, it } from "vitest";
import { mimeMessage, mimeSender } from "./mime-message.server";

/** The message's text with quoted-printable reversed, as a mail reader shows it. */
const decoded = (message: string) =>
  Buffer.from(
    message
      .replace(/=\r\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");

describe("mimeMessage", () => {
  const sender = mimeSender("Café Confessional <no-reply@example.com>");

  it("encodes a name and a subject that are not plain ASCII, and keeps owner text off other header lines", () => {
    const message = mimeMessage(sender, {
      to: "ann@example.com",
      subject: "Grüße\r\nBcc: eve@example.com",
      text: "Hello",
    });
    expect(sender.address).toBe("no-reply@example.com");
    expect(message).toMatch(/^From: =\?UTF-8\?Q\?Caf=C3=A9\?= Confessional <no-reply@example\.com>\r$/m);
    expect(message).toMatch(/^Subject: =\?UTF-8\?Q\?Gr=C3=BC=C3=9Fe\?= Bcc: eve@example\.com\r$/m);
    expect(message).not.toMatch(/^Bcc:/m);
    expect(message).toMatch(/^Message-ID: <[0-9a-f-]{36}@example\.com>\r$/m);
    expect(message).toMatch(/^Date: \w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000\r$/m);
  });

  it("sends the text, and the HTML as its alternative, in lines of at most 76 characters with CRLF ends", () => {
    const text = `Long line: ${"ä".repeat(100)}\nSecond line\n`;
    const message = mimeMessage(sender, {
      to: "ann@example.com",
      subject: "News",
      text,
      html: "<p>Grüße</p>",
      headers: { "List-Unsubscribe": "<https://example.com/unsubscribe/token>" },
    });
    expect(message).toMatch(/^List-Unsubscribe: <https:\/\/example\.com\/unsubscribe\/token>\r$/m);
    const boundary = /boundary="([^"]+)"/.exec(message)?.[1];
    const parts = message.split(`--${boundary}`);
    expect(parts).toHaveLength(4);
    expect(parts[1]).toContain("Content-Type: text/plain; charset=utf-8");
    expect(parts[2]).toContain("Content-Type: text/html; charset=utf-8");
    expect(parts[3]).toBe("--\r\n");
    for (const line of message.split("\r\n")) expect(line.length).toBeLessThanOrEqual(998);
    for (const line of parts[1].split("\r\n").slice(3)) expect(line.length).toBeLessThanOrEqual(76);
    expect(message.replace(/\r\n/g, "")).not.toContain("\n");
    expect(decoded(parts[1])).toContain(text.replace(/\n/g, "\r\n"));
    expect(decoded(parts[2])).toContain("<p>Grüße</p>");
  });

  it("sends a text-only mail as one plain part", () => {
    const message = mimeMessage(mimeSender("no-reply@example.com"), {
      to: "ann@example.com",
      subject: "Hi",
      text: "Hello",
    });
    expect(message).toMatch(/^From: no-reply@example\.com\r$/m);
    expect(message).not.toContain("multipart");
    expect(message).toMatch(/Content-Transfer-Encoding: quoted-printable\r\n\r\nHello\r\n$/);
  });
});
