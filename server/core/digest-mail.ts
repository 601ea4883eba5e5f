/**
 * The staff member's morning digest (docs/decisions/0072-staff-digests.md), rendered from a queued
 * mail's parameters in its language when it is sent, as the guests' mails are
 * (server/core/guest-mail.ts): what waits for approval, tomorrow's events on their venues' clocks,
 * yesterday's sales. Arabic is written right to left.
 */
import { CURRENCY, MINOR_PER_MAJOR } from '../../src/contract/areas/values';
import type { Language } from '../../src/contract/common';
import { LOCALE, venueTime } from './guest-mail';
import { escapeHtml } from './mail';
import type { MailMessage } from './mailer';

type L = { en: string; ar: string };

export const DIGEST_TEMPLATE = 'staff.digest';

/** What one digest tells, gathered when it is queued (server/areas/digest.ts). */
export interface DigestParams {
  name: L;
  /** The staff member's day (`YYYY-MM-DD` on their clock) the digest is for. */
  day: string;
  waiting: { events: number; advertisements: number; providers: number | null };
  tomorrow: { count: number; events: { title: L; startsAt: string; timeZone: string }[] };
  yesterday: { bookings: number; tickets: number; revenue: number };
  /** The back office's address. */
  link: string;
}

const WORDS = {
  en: {
    subject: (day: string) => `Your morning digest: ${day}`,
    greeting: (name: string) => `Good morning ${name},`,
    intro: 'Here is what waits for you today.',
    waiting: 'Waiting for approval',
    events: 'Events',
    ads: 'Advertisements',
    providers: 'Service providers',
    tomorrow: 'Tomorrow’s events',
    none: 'None',
    more: (n: number) => `and ${n} more`,
    sales: 'Yesterday’s sales',
    bookings: 'Bookings',
    tickets: 'Tickets',
    revenue: 'Paid in',
    open: 'Open the back office',
    why: 'You get this mail because you switched the morning digest on in My Profile; switch it off there.',
  },
  ar: {
    subject: (day: string) => `ملخص صباحك: ${day}`,
    greeting: (name: string) => `صباح الخير ${name}،`,
    intro: 'إليك ما ينتظرك اليوم.',
    waiting: 'بانتظار الموافقة',
    events: 'الفعاليات',
    ads: 'الإعلانات',
    providers: 'مقدمو الخدمات',
    tomorrow: 'فعاليات الغد',
    none: 'لا شيء',
    more: (n: number) => `و${n} غيرها`,
    sales: 'مبيعات الأمس',
    bookings: 'الحجوزات',
    tickets: 'التذاكر',
    revenue: 'المدفوع',
    open: 'افتح لوحة الإدارة',
    why: 'تصلك هذه الرسالة لأنك فعّلت ملخص الصباح في ملفي الشخصي؛ يمكنك إيقافه من هناك.',
  },
} as const;

/** "Sunday 29 November 2026" (the day itself, whatever the zone). */
const dayName = (day: string, lang: Language) =>
  new Intl.DateTimeFormat(LOCALE[lang], {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(`${day}T12:00:00Z`));

const numberOf = (n: number, lang: Language) => new Intl.NumberFormat(LOCALE[lang]).format(n);
const moneyOf = (minor: number, lang: Language) =>
  new Intl.NumberFormat(LOCALE[lang], { style: 'currency', currency: CURRENCY }).format(
    minor / MINOR_PER_MAJOR,
  );

export const digestSubject = (lang: Language, day: string) => WORDS[lang].subject(dayName(day, lang));

/** The whole digest to one staff member. */
export const renderDigestMail = (lang: Language, to: string, p: DigestParams): MailMessage => {
  const w = WORDS[lang];
  const greeting = w.greeting(p.name[lang] || p.name.en);
  const waiting: [string, string][] = [
    [w.events, numberOf(p.waiting.events, lang)],
    [w.ads, numberOf(p.waiting.advertisements, lang)],
    ...(p.waiting.providers === null
      ? []
      : [[w.providers, numberOf(p.waiting.providers, lang)] as [string, string]]),
  ];
  const tomorrow: string[] = p.tomorrow.events.map(
    (e) => `${e.title[lang] || e.title.en}: ${venueTime(e.startsAt, e.timeZone, lang)}`,
  );
  if (p.tomorrow.count > p.tomorrow.events.length)
    tomorrow.push(w.more(p.tomorrow.count - p.tomorrow.events.length));
  if (!tomorrow.length) tomorrow.push(w.none);
  const sales: [string, string][] = [
    [w.bookings, numberOf(p.yesterday.bookings, lang)],
    [w.tickets, numberOf(p.yesterday.tickets, lang)],
    [w.revenue, moneyOf(p.yesterday.revenue, lang)],
  ];
  const pairs = (rows: [string, string][]) => rows.map(([k, v]) => `    ${k}: ${v}`).join('\n');
  const text =
    `${greeting}\n\n${w.intro}\n\n${w.waiting}:\n${pairs(waiting)}\n\n` +
    `${w.tomorrow}:\n${tomorrow.map((t) => `    ${t}`).join('\n')}\n\n${w.sales}:\n${pairs(sales)}\n\n` +
    `${w.open}: ${p.link}\n\n${w.why}\n`;
  const list = (items: string[]) =>
    `<ul>${items.map((item) => `<li><bdi>${escapeHtml(item)}</bdi></li>`).join('')}</ul>`;
  const kv = (rows: [string, string][]) => list(rows.map(([k, v]) => `${k}: ${v}`));
  const html =
    `<div dir="${lang === 'ar' ? 'rtl' : 'ltr'}" lang="${lang}" style="font-family:sans-serif">` +
    `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(w.intro)}</p>` +
    `<h3>${escapeHtml(w.waiting)}</h3>${kv(waiting)}` +
    `<h3>${escapeHtml(w.tomorrow)}</h3>${list(tomorrow)}` +
    `<h3>${escapeHtml(w.sales)}</h3>${kv(sales)}` +
    `<p><a href="${escapeHtml(p.link)}">${escapeHtml(w.open)}</a></p>` +
    `<p style="color:#555;font-size:small">${escapeHtml(w.why)}</p></div>`;
  return { to, subject: digestSubject(lang, p.day), text, html };
};
