import nodemailer from "nodemailer";
import type { Database } from "~/db/client.server";
import { mailOutbox } from "~/db/schema";
import type { Env } from "~/lib/env.server";
import { mimeMessage, mimeSender } from "~/lib/mime-message.server";
import { redactSecretLinks } from "~/lib/redact-secret-path";

/** `html`, when given, is an alternative to `text` (mail readers show one); the outbox and the log keep the text. */
export type Mail = { to: string; subject: string; text: string; html?: string; headers?: Record<string, string> };

export type Mailer = { send(mail: Mail): Promise<void> };

/**
 * SMTP when `SMTP_URL` is set; otherwise mail is written to the server log and the `mail_outbox` table. The table
 * keeps each mail whole; in production the log shows its links with their secrets redacted (a sign-in link is a
 * credential, and logs travel further than the database), while development and tests print it whole, since a
 * developer signs in by copying the link from the log and tests read it there.
 */
/** SMTP connections the audience queue's transport keeps open; the queue sends this many mails at once. */
export const POOLED_SMTP_CONNECTIONS = 6;

export function createMailer(env: Env, db: Database, options: { pool?: boolean } = {}): Mailer {
  if (env.SMTP_URL) {
    // The audience queue keeps a few connections open between mails; a single notice opens one and closes it.
    const transport = options.pool
      ? nodemailer.createTransport(
          `${env.SMTP_URL}${env.SMTP_URL.includes("?") ? "&" : "?"}pool=true&maxConnections=${POOLED_SMTP_CONNECTIONS}`,
        )
      : nodemailer.createTransport(env.SMTP_URL);
    const sender = mimeSender(env.MAIL_FROM);
    return {
      async send(mail) {
        await transport.sendMail({
          envelope: { from: sender.address, to: [mail.to] },
          raw: mimeMessage(sender, mail),
        });
      },
    };
  }
  return {
    async send(mail) {
      await db.insert(mailOutbox).values({ to: mail.to, subject: mail.subject, text: mail.text });
      const text = env.NODE_ENV === "production" ? redactSecretLinks(mail.text) : mail.text;
      const headers = Object.entries(mail.headers ?? {}).map(([name, value]) => `${name}: ${value}\n`);
      console.log(`[mail] to ${mail.to}: ${mail.subject}\n${headers.join("")}${text}\n[/mail]`);
    },
  };
}

/**
 * Tells the owner (`OWNER_EMAIL`) about something that arrived. Never throws: the visitor's request has already
 * been stored and must not fail because mail did.
 */
export async function notifyOwner(mailer: Mailer, env: Env, mail: Omit<Mail, "to">): Promise<void> {
  if (!env.OWNER_EMAIL) {
    console.warn(`[mail] OWNER_EMAIL is not set; not sending "${mail.subject}"`);
    return;
  }
  try {
    await mailer.send({ ...mail, to: env.OWNER_EMAIL });
  } catch (error) {
    console.error(`[mail] could not notify the owner about "${mail.subject}":`, error);
  }
}
