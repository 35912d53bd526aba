import { randomUUID } from "node:crypto";
import addressparser from "nodemailer/lib/addressparser";
import { encodeWords } from "nodemailer/lib/mime-funcs";
import { encode as quotedPrintable, wrap as wrapQuotedPrintable } from "nodemailer/lib/qp";
import type { Mail } from "./mailer.server";

/** A header value on one line: a line break in owner text must not start a header of its own. */
const oneLine = (value: string) => value.replace(/[\r\n]+\s*/g, " ");

/** A header value as MIME encoded-words when it is not plain ASCII. */
const headerText = (value: string) => encodeWords(oneLine(value), "Q", 52);

/** A text part's body: CRLF line ends, quoted-printable in lines of at most 76 characters. */
const partBody = (content: string) => wrapQuotedPrintable(quotedPrintable(content.replace(/\r?\n/g, "\r\n")), 76);

const part = (type: "plain" | "html", content: string) =>
  `Content-Type: text/${type}; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n${partBody(content)}`;

/**
 * The sender as a header and as the SMTP envelope's address: `MAIL_FROM` is either an address or `Name <address>`,
 * whose name is encoded when it is not plain ASCII.
 */
export function mimeSender(mailFrom: string): { header: string; address: string } {
  const [first] = addressparser(mailFrom, { flatten: true });
  const address = first?.address || mailFrom;
  return { header: first?.name ? `${headerText(first.name)} <${address}>` : address, address };
}

/**
 * A whole message as one string, for the SMTP transport to send without composing it from streams: per mail the
 * transport's own composer builds a tree of streams that cost more than the SMTP exchange on loopback, and an
 * announcement to thousands of readers pays that once per reader. Text, and HTML as its alternative, in UTF-8 and
 * quoted-printable, as the composer wrote them.
 */
export function mimeMessage(sender: { header: string; address: string }, mail: Mail, date = new Date()): string {
  const domain = sender.address.split("@")[1] || "localhost";
  const headers = [
    `From: ${sender.header}`,
    `To: ${oneLine(mail.to)}`,
    `Subject: ${headerText(mail.subject)}`,
    `Message-ID: <${randomUUID()}@${domain}>`,
    `Date: ${date.toUTCString().replace("GMT", "+0000")}`,
    "MIME-Version: 1.0",
    ...Object.entries(mail.headers ?? {}).map(([name, value]) => `${name}: ${oneLine(value)}`),
  ];
  if (mail.html === undefined) return `${headers.join("\r\n")}\r\n${part("plain", mail.text)}\r\n`;
  const boundary = `--_alternative_${randomUUID()}`;
  return (
    `${headers.join("\r\n")}\r\nContent-Type: multipart/alternative; boundary="${boundary}"\r\n\r\n` +
    `--${boundary}\r\n${part("plain", mail.text)}\r\n` +
    `--${boundary}\r\n${part("html", mail.html)}\r\n` +
    `--${boundary}--\r\n`
  );
}
