import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

type ReceivedMail = {
  to: string[];
  /** The message as sent, headers and body, with its quoted-printable transfer encoding reversed. */
  message: string;
};

export type SmtpInbox = {
  /** The SMTP_URL that delivers here. */
  url: string;
  received: ReceivedMail[];
  /**
   * From now on, mail is read but never answered: the sender is left waiting in the middle of its SMTP exchange, and
   * the mail is not counted as received. `release` accepts mail again (the held ones stay unanswered).
   */
  hold(): void;
  release(): void;
  /** How many mails have been held unanswered. */
  heldCount(): number;
  /** Resolves with the first mail to `address`, received already or when it arrives. */
  mailTo(address: string): Promise<ReceivedMail>;
  close(): Promise<void>;
};

/** Reverses quoted-printable, the transfer encoding nodemailer picks for long text lines. */
const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** An SMTP answer refusing a recipient, e.g. 451 (try again later) or 550 (no such mailbox). */
type Refusal = { code: number; message: string };

/**
 * A real SMTP server on a free loopback port (no TLS, no authentication) that keeps every mail it receives.
 * `refuse` may answer a recipient with an error instead of accepting it.
 */
export async function startSmtpInbox(
  options: { refuse?: (address: string) => Refusal | null } = {},
): Promise<SmtpInbox> {
  const received: ReceivedMail[] = [];
  const waiting = new Set<{ address: string; resolve: (mail: ReceivedMail) => void }>();
  let holding = false;
  let held = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = options.refuse?.(address.address);
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (holding) {
          held++;
          return;
        }
        const mail = {
          to: session.envelope.rcptTo.map(({ address }) => address),
          message: decodeQuotedPrintable(Buffer.concat(chunks).toString("utf8")),
        };
        received.push(mail);
        for (const waiter of waiting) {
          if (mail.to.includes(waiter.address)) {
            waiting.delete(waiter);
            waiter.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  smtp.listen(0, "127.0.0.1");
  await once(smtp.server, "listening");
  const { port } = smtp.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    hold() {
      holding = true;
    },
    release() {
      holding = false;
    },
    heldCount: () => held,
    mailTo(address) {
      const earlier = received.find((mail) => mail.to.includes(address));
      if (earlier) return Promise.resolve(earlier);
      return new Promise((resolve) => waiting.add({ address, resolve }));
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
