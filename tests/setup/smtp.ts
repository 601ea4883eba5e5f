/**
 * A real SMTP server on 127.0.0.1 (random port) that captures every mail, for tests that need to
 * read what the server sends (e.g. the 6-digit sign-up code). Small MIME decoding: headers with
 * encoded words, multipart bodies, base64 and quoted-printable parts.
 */
import type { Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
  receivedAt: Date;
}

export interface SmtpCapture {
  /** `smtp://127.0.0.1:<port>` for SMTP_URL. */
  url: string;
  port: number;
  messages: CapturedMail[];
  /** Resolves with the first captured mail (already there or arriving) that matches. */
  waitFor(predicate: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  /**
   * Makes the server faulty until set back to null: answer every message with this SMTP code (451,
   * 550…) after its data, `stall` (take the data and never answer) or `drop` (take the data and
   * close the connection without an answer).
   */
  fault: { code: number; message: string } | 'stall' | 'drop' | null;
  /** The 6-digit code of the latest mail to `email`, or null. */
  lastOtpFor(email: string): string | null;
  close(): Promise<void>;
}

/* ------------------------------------------------------------- MIME decoding */

const decodeQuotedPrintable = (s: string): Buffer => {
  const soft = s.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const ch = soft[i]!;
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(ch, 'utf8'));
  }
  return Buffer.from(bytes);
};

/** RFC 2047 encoded words (`=?UTF-8?B?...?=`, `=?UTF-8?Q?...?=`). */
const decodeWords = (value: string) =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
    );

const splitHead = (raw: string): { headers: Record<string, string>; body: string } => {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
};

const decodePart = (raw: string, out: { text: string; html: string }) => {
  const { headers, body } = splitHead(raw);
  const type = (headers['content-type'] ?? 'text/plain').toLowerCase();
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (type.startsWith('multipart/') && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      decodePart(part.replace(/^\r?\n/, ''), out);
    }
    return;
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const content =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body).toString('utf8')
        : body;
  if (type.startsWith('text/html')) out.html += content;
  else if (type.startsWith('text/')) out.text += content;
};

export const parseMail = (raw: string, envelope: { from: string; to: string[] }): CapturedMail => {
  const { headers } = splitHead(raw);
  const out = { text: '', html: '' };
  decodePart(raw, out);
  return {
    from: envelope.from,
    to: envelope.to,
    subject: decodeWords(headers.subject ?? ''),
    text: out.text,
    html: out.html,
    raw,
    receivedAt: new Date(),
  };
};

/* ------------------------------------------------------------------- server */

export const startSmtpCapture = async (): Promise<SmtpCapture> => {
  const messages: CapturedMail[] = [];
  const waiters = new Set<{ predicate: (m: CapturedMail) => boolean; resolve: (m: CapturedMail) => void }>();

  const server = new SMTPServer({
    // At the end of a test server, a connection still open (a mail sent as the test ended, a second
    // app's pool) is cut at once instead of after smtp-server's 30 s grace.
    closeTimeout: 100,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const fault = capture.fault;
        if (fault === 'stall') return;
        if (fault === 'drop') {
          // smtp-server keeps its connections by the session's id; this one ends unanswered.
          const connections = (server as unknown as { connections: Set<{ id: string; _socket: Socket }> })
            .connections;
          for (const c of connections) if (c.id === session.id) c._socket.destroy();
          return;
        }
        if (fault) return callback(Object.assign(new Error(fault.message), { responseCode: fault.code }));
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'), {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        });
        messages.push(mail);
        for (const w of [...waiters])
          if (w.predicate(mail)) {
            waiters.delete(w);
            w.resolve(mail);
          }
        callback();
      });
    },
  });

  const port = await new Promise<number>((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });

  const capture: SmtpCapture = {
    fault: null,
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitFor(predicate, timeoutMs = 10_000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          predicate,
          resolve: (m: CapturedMail) => {
            clearTimeout(timer);
            resolve(m);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`No matching mail within ${timeoutMs} ms (${messages.length} captured)`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    lastOtpFor(email) {
      const to = email.trim().toLowerCase();
      for (let i = messages.length - 1; i >= 0; i--) {
        const m = messages[i]!;
        if (!m.to.includes(to)) continue;
        const code = /(?<![0-9])([0-9]{6})(?![0-9])/.exec(`${m.subject}\n${m.text}`)?.[1];
        if (code) return code;
      }
      return null;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return capture;
};
