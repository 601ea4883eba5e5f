/**
 * Outgoing mail. `createSmtpMailer(SMTP_URL)` sends through nodemailer, loaded with the first mail
 * rather than when the server starts (docs/decisions/0092-rare-libraries-load-when-first-used.md);
 * in demo mode without SMTP_URL, `createConsoleMailer()` prints each mail with a clear notice instead.
 */
import type { Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (a queued mail's own, such as its id). */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Resolves with the SMTP server's answer once it accepted the message (the mail queue keeps it). */
  send(message: MailMessage): Promise<string | void>;
  close?(): Promise<void> | void;
}

/**
 * Sends through `smtpUrl` on a pool of kept connections (the mail queue sends many in turn,
 * docs/decisions/0067-the-mail-queue.md); a stalled server fails the send after `timeoutMs`
 * (SMTP_TIMEOUT_MS).
 */
export const createSmtpMailer = (smtpUrl: string, from: string, timeoutMs = 30_000): Mailer => {
  let transport: Promise<Transporter<SMTPPool.SentMessageInfo, SMTPPool.Options>> | null = null;
  const transportOf = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(
        {
          url: smtpUrl,
          pool: true,
          maxConnections: 4,
          connectionTimeout: timeoutMs,
          greetingTimeout: timeoutMs,
          socketTimeout: timeoutMs,
        },
        { from },
      ),
    ));
  return {
    async send(message) {
      const info = await (await transportOf()).sendMail({ from, ...message });
      return info.response;
    },
    async close() {
      // Nothing to close before the first mail, nor when nodemailer failed to load.
      (await transport?.catch(() => null))?.close();
    },
  };
};

export const createConsoleMailer = (print: (text: string) => void = (t) => console.info(t)): Mailer => ({
  async send({ to, subject, text }) {
    const rule = '-'.repeat(72);
    print(
      [
        rule,
        'DEMO MODE: no SMTP_URL is set, so this e-mail was NOT sent. It is printed here instead:',
        `To: ${to}`,
        `Subject: ${subject}`,
        '',
        text,
        rule,
      ].join('\n'),
    );
  },
});
