/**
 * Outgoing mail. `createSmtpMailer(SMTP_URL)` sends through nodemailer; in demo mode without
 * SMTP_URL, `createConsoleMailer()` prints each mail with a clear notice instead.
 */
import nodemailer from 'nodemailer';
import type { Language } from '../../src/contract/common';

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
  const transport = nodemailer.createTransport(
    {
      url: smtpUrl,
      pool: true,
      maxConnections: 4,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    },
    { from },
  );
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      return info.response;
    },
    close: () => transport.close(),
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

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

/** The sign-up code mail, in the language of the request. */
export const otpMail = (to: string, code: string, lang: Language): MailMessage => {
  const t =
    lang === 'ar'
      ? {
          subject: `رمز التحقق الخاص بك: ${code}`,
          intro: 'استخدم هذا الرمز لتأكيد بريدك الإلكتروني في لوحة إدارة الفعاليات:',
          validity: 'الرمز صالح لمدة 10 دقائق ويمكن استخدامه مرة واحدة فقط.',
          ignore: 'إذا لم تطلب هذا الرمز، فتجاهل هذه الرسالة.',
          dir: 'rtl',
        }
      : {
          subject: `Your verification code: ${code}`,
          intro: 'Use this code to confirm your email address in the Events Back Office:',
          validity: 'The code is valid for 10 minutes and can be used only once.',
          ignore: 'If you did not ask for this code, you can ignore this email.',
          dir: 'ltr',
        };
  return {
    to,
    subject: t.subject,
    text: `${t.intro}\n\n    ${code}\n\n${t.validity}\n${t.ignore}\n`,
    html:
      `<div dir="${t.dir}" lang="${lang}" style="font-family:sans-serif">` +
      `<p>${escapeHtml(t.intro)}</p>` +
      `<p style="font-size:28px;letter-spacing:6px;font-weight:bold">${code}</p>` +
      `<p>${escapeHtml(t.validity)}</p><p>${escapeHtml(t.ignore)}</p></div>`,
  };
};

/**
 * Sent instead of a code when someone asks for a code for an address that already has an account:
 * the answer to the request is the same as for a new address (no account enumeration,
 * docs/security.md), and only the mailbox's owner learns that the account exists.
 */
export const accountExistsMail = (to: string, lang: Language): MailMessage => {
  const t =
    lang === 'ar'
      ? {
          subject: 'لديك حساب بالفعل',
          intro: 'طلب أحدهم رمز تسجيل لهذا البريد الإلكتروني، لكن لديك حساب بالفعل في لوحة إدارة الفعاليات.',
          next: 'سجّل الدخول بكلمة المرور الخاصة بك. إذا لم تطلب ذلك، فتجاهل هذه الرسالة.',
          dir: 'rtl',
        }
      : {
          subject: 'You already have an account',
          intro:
            'Someone asked for a sign-up code for this email address, but you already have an account in the Events Back Office.',
          next: 'Sign in with your password. If you did not ask for this, you can ignore this email.',
          dir: 'ltr',
        };
  return {
    to,
    subject: t.subject,
    text: `${t.intro}\n\n${t.next}\n`,
    html:
      `<div dir="${t.dir}" lang="${lang}" style="font-family:sans-serif">` +
      `<p>${escapeHtml(t.intro)}</p><p>${escapeHtml(t.next)}</p></div>`,
  };
};

/**
 * Sent when an account signs in from a device its earlier sessions never used (docs/security.md,
 * "Sessions and devices"), in the account's language.
 */
export const newDeviceMail = (
  to: string,
  lang: Language,
  what: { device: string | null; browser: string | null; ip: string; at: Date },
): MailMessage => {
  const when = what.at.toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
  const t =
    lang === 'ar'
      ? {
          subject: 'تسجيل دخول جديد إلى حسابك',
          intro: 'تم تسجيل الدخول إلى حسابك في لوحة إدارة الفعاليات من جهاز لم يُستخدم من قبل:',
          device: 'الجهاز',
          browser: 'المتصفح',
          ip: 'عنوان IP',
          time: 'الوقت',
          unknown: 'غير معروف',
          next: 'إذا كنت أنت، فلا حاجة لأي إجراء. وإلا فغيّر كلمة المرور فورًا، ثم سجّل الخروج من الأجهزة الأخرى في ملفك الشخصي.',
          dir: 'rtl',
        }
      : {
          subject: 'New sign-in to your account',
          intro: 'Your Events Back Office account was signed in to from a device it has not used before:',
          device: 'Device',
          browser: 'Browser',
          ip: 'IP address',
          time: 'Time',
          unknown: 'unknown',
          next: 'If this was you, there is nothing to do. If not, change your password now, then sign out the other devices in your profile.',
          dir: 'ltr',
        };
  const rows: [string, string][] = [
    [t.device, what.device ?? t.unknown],
    [t.browser, what.browser ?? t.unknown],
    [t.ip, what.ip],
    [t.time, when],
  ];
  return {
    to,
    subject: t.subject,
    text: `${t.intro}\n\n${rows.map(([k, v]) => `    ${k}: ${v}`).join('\n')}\n\n${t.next}\n`,
    html:
      `<div dir="${t.dir}" lang="${lang}" style="font-family:sans-serif">` +
      `<p>${escapeHtml(t.intro)}</p><ul>` +
      rows.map(([k, v]) => `<li>${escapeHtml(k)}: <bdi>${escapeHtml(v)}</bdi></li>`).join('') +
      `</ul><p>${escapeHtml(t.next)}</p></div>`,
  };
};
