/**
 * The account mails (a code, a reset, a new device, an invitation…), each in the user's language
 * and its direction; they are sent through a `Mailer` (./mailer.ts).
 */
import type { Language } from '../../src/contract/common';
import type { MailMessage } from './mailer';

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

/** A mail of two paragraphs (what happened, what to do), written in `lang`'s direction. */
const twoParagraphs = (
  to: string,
  lang: Language,
  t: { subject: string; intro: string; next: string; dir: string },
): MailMessage => ({
  to,
  subject: t.subject,
  text: `${t.intro}\n\n${t.next}\n`,
  html:
    `<div dir="${t.dir}" lang="${lang}" style="font-family:sans-serif">` +
    `<p>${escapeHtml(t.intro)}</p><p>${escapeHtml(t.next)}</p></div>`,
});

/** "What happened, when, from where" lines of an account's mail (`rows`), as text and as HTML. */
const facts = (rows: [string, string][]) => ({
  text: rows.map(([k, v]) => `    ${k}: ${v}`).join('\n'),
  html: `<ul>${rows.map(([k, v]) => `<li>${escapeHtml(k)}: <bdi>${escapeHtml(v)}</bdi></li>`).join('')}</ul>`,
});

const utc = (at: Date) => at.toISOString().slice(0, 16).replace('T', ' ') + ' UTC';

/** The sign-up code mail, in the language of the request. */
export const otpMail = (to: string, code: string, lang: Language): MailMessage => {
  const t =
    lang === 'ar'
      ? {
          subject: `رمز التحقق الخاص بك: ${code}`,
          intro: 'استخدم هذا الرمز لتأكيد بريدك الإلكتروني في لوحة إدارة الفعاليات:',
          validity: 'الرمز صالح لمدة ١٠ دقائق ويمكن استخدامه مرة واحدة فقط.',
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
  return twoParagraphs(to, lang, t);
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
    [t.time, utc(what.at)],
  ];
  const list = facts(rows);
  return {
    to,
    subject: t.subject,
    text: `${t.intro}\n\n${list.text}\n\n${t.next}\n`,
    html:
      `<div dir="${t.dir}" lang="${lang}" style="font-family:sans-serif">` +
      `<p>${escapeHtml(t.intro)}</p>${list.html}<p>${escapeHtml(t.next)}</p></div>`,
  };
};

/**
 * A forgotten password's code and link (docs/decisions/0062-forgotten-password.md), in the
 * account's language: the link opens the reset screen with the address and the code filled in.
 */
export const passwordResetMail = (
  to: string,
  lang: Language,
  what: { code: string; link: string },
): MailMessage => {
  const t =
    lang === 'ar'
      ? {
          subject: 'إعادة تعيين كلمة المرور',
          intro:
            'طُلبت إعادة تعيين كلمة مرور حسابك في لوحة إدارة الفعاليات. أدخل هذا الرمز في شاشة إعادة التعيين:',
          link: 'أو افتح هذا الرابط لتعيين كلمة مرور جديدة:',
          button: 'تعيين كلمة مرور جديدة',
          validity: 'الرمز والرابط صالحان لمدة ٣٠ دقيقة ويمكن استخدامهما مرة واحدة فقط.',
          ignore: 'إذا لم تطلب ذلك، فتجاهل هذه الرسالة: كلمة المرور الحالية لم تتغير.',
          dir: 'rtl',
        }
      : {
          subject: 'Reset your password',
          intro:
            'Someone asked to reset the password of your Events Back Office account. Enter this code on the reset screen:',
          link: 'Or open this link to set a new password:',
          button: 'Set a new password',
          validity: 'The code and the link are valid for 30 minutes and work only once.',
          ignore: 'If you did not ask for this, you can ignore this email: your password has not changed.',
          dir: 'ltr',
        };
  return {
    to,
    subject: t.subject,
    text: `${t.intro}\n\n    ${what.code}\n\n${t.link}\n\n    ${what.link}\n\n${t.validity}\n${t.ignore}\n`,
    html:
      `<div dir="${t.dir}" lang="${lang}" style="font-family:sans-serif">` +
      `<p>${escapeHtml(t.intro)}</p>` +
      `<p style="font-size:28px;letter-spacing:6px;font-weight:bold">${what.code}</p>` +
      `<p>${escapeHtml(t.link)}</p>` +
      `<p><a href="${escapeHtml(what.link)}">${escapeHtml(t.button)}</a></p>` +
      `<p dir="ltr">${escapeHtml(what.link)}</p>` +
      `<p>${escapeHtml(t.validity)}</p><p>${escapeHtml(t.ignore)}</p></div>`,
  };
};

/** After a password reset (docs/decisions/0062-forgotten-password.md), in the account's language. */
export const passwordChangedMail = (
  to: string,
  lang: Language,
  what: { ip: string; at: Date },
): MailMessage => {
  const t =
    lang === 'ar'
      ? {
          subject: 'تم تغيير كلمة المرور',
          intro:
            'تم تغيير كلمة مرور حسابك في لوحة إدارة الفعاليات برمز أُرسل إلى هذا البريد، وتم تسجيل الخروج من كل جلساته:',
          ip: 'عنوان IP',
          time: 'الوقت',
          next: 'إذا لم تكن أنت، فاطلب رمزًا جديدًا من شاشة «نسيت كلمة المرور؟» فورًا وتواصل مع المسؤول.',
          dir: 'rtl',
        }
      : {
          subject: 'Your password was changed',
          intro:
            'The password of your Events Back Office account was changed with a code sent to this address, and every session of the account was signed out:',
          ip: 'IP address',
          time: 'Time',
          next: 'If this was not you, ask for a new code on the "Forgot password?" screen at once and contact an administrator.',
          dir: 'ltr',
        };
  const list = facts([
    [t.ip, what.ip],
    [t.time, utc(what.at)],
  ]);
  return {
    to,
    subject: t.subject,
    text: `${t.intro}\n\n${list.text}\n\n${t.next}\n`,
    html:
      `<div dir="${t.dir}" lang="${lang}" style="font-family:sans-serif">` +
      `<p>${escapeHtml(t.intro)}</p>${list.html}<p>${escapeHtml(t.next)}</p></div>`,
  };
};

/**
 * Sent to an account whose second factor an administrator removed (docs/security.md, "Two-factor
 * sign-in"), in the account's language.
 */
export const twoFactorResetMail = (to: string, lang: Language, at: Date): MailMessage => {
  const when = at.toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
  const t =
    lang === 'ar'
      ? {
          subject: 'تمت إزالة التحقق بخطوتين من حسابك',
          intro: `أزال أحد المسؤولين عامل التحقق الثاني ورموز الاسترداد من حسابك في لوحة إدارة الفعاليات (${when}).`,
          next: 'في تسجيل الدخول التالي تستخدم كلمة المرور وحدها، أو تضبط عاملًا ثانيًا جديدًا إذا كان دورك يتطلبه؛ ويمكنك تفعيل التحقق بخطوتين من جديد في ملفك الشخصي. إذا لم تطلب ذلك، فاتصل بالمسؤول وغيّر كلمة المرور.',
          dir: 'rtl',
        }
      : {
          subject: 'Two-factor sign-in was removed from your account',
          intro: `An administrator removed the second factor and the recovery codes of your Events Back Office account (${when}).`,
          next: 'At your next sign-in you use your password alone, or set up a new second factor if your role requires one; you can turn two-factor sign-in on again in your profile. If you did not ask for this, contact your administrator and change your password.',
          dir: 'ltr',
        };
  return twoParagraphs(to, lang, t);
};

/**
 * The invitation to an account staff added without a password (docs/decisions/0063-invitations.md),
 * in the invitee's language: the link where they set their own password, and until when it works.
 */
export const invitationMail = (
  to: string,
  lang: Language,
  what: { name: string; link: string; expiresAt: Date },
): MailMessage => {
  const until = utc(what.expiresAt);
  const t =
    lang === 'ar'
      ? {
          subject: 'دعوة إلى لوحة إدارة الفعاليات',
          hello: `مرحبًا ${what.name}،`,
          intro: 'أُنشئ لك حساب في لوحة إدارة الفعاليات. افتح هذا الرابط لتعيين كلمة المرور الخاصة بك:',
          validity: `الرابط صالح حتى ${until} ويمكن استخدامه مرة واحدة فقط. بعد ذلك اطلب دعوة جديدة ممن دعاك.`,
          ignore: 'إذا لم تكن تتوقع هذه الدعوة، فتجاهل هذه الرسالة.',
          button: 'تعيين كلمة المرور',
          dir: 'rtl',
        }
      : {
          subject: 'Your invitation to the Events Back Office',
          hello: `Hello ${what.name},`,
          intro:
            'An account was made for you in the Events Back Office. Open this link to set your own password:',
          validity: `The link works until ${until} and only once. After that, ask whoever invited you for a new invitation.`,
          ignore: 'If you did not expect this invitation, you can ignore this email.',
          button: 'Set my password',
          dir: 'ltr',
        };
  return {
    to,
    subject: t.subject,
    text: `${t.hello}\n\n${t.intro}\n\n    ${what.link}\n\n${t.validity}\n${t.ignore}\n`,
    html:
      `<div dir="${t.dir}" lang="${lang}" style="font-family:sans-serif">` +
      `<p>${escapeHtml(t.hello)}</p><p>${escapeHtml(t.intro)}</p>` +
      `<p><a href="${escapeHtml(what.link)}">${escapeHtml(t.button)}</a></p>` +
      `<p dir="ltr">${escapeHtml(what.link)}</p>` +
      `<p>${escapeHtml(t.validity)}</p><p>${escapeHtml(t.ignore)}</p></div>`,
  };
};
