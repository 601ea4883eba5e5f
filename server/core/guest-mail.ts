/**
 * The mails guests get about their event (docs/product.md, "What guests are told"), rendered from a
 * queued mail's template key, its language and its parameters when it is sent
 * (docs/decisions/0067-the-mail-queue.md). Times are shown on the venue's clock with its zone
 * named, as the app shows them (docs/decisions/0026-venue-time-zones-and-date-pickers.md).
 */
import type { Language } from '../../src/contract/common';
import { FORMAT_LOCALE } from '../../src/contract/plain';
import { zoneCity } from '../../src/contract/zone-names';
import { escapeHtml } from './mail';
import type { MailMessage } from './mailer';

type L = { en: string; ar: string };

/** Where and when an event is, as a mail names it. */
export interface EventPlace {
  venue: L;
  city: L;
  timeZone: string;
  startsAt: string;
  endsAt: string;
}

/** What every guest of one change shares (the event as it was and as it is). */
export interface EventChangeParams {
  title: L;
  before: EventPlace;
  after: EventPlace;
  /** A cancellation's reason, as staff gave it. */
  reason?: string | null;
}

/** The guest's own part, added per recipient. */
export interface GuestParams {
  name: string;
  code: string;
}

export const GUEST_TEMPLATES = ['event.cancelled', 'event.changed', 'event.reinstated'] as const;
export type GuestTemplate = (typeof GUEST_TEMPLATES)[number];

export const LOCALE: Record<Language, string> = { en: 'en-GB', ar: FORMAT_LOCALE.ar };

/** "Saturday 5 December 2026, 19:00 GMT+3 (Riyadh time)" on the venue's clock. */
export const venueTime = (iso: string, timeZone: string, lang: Language) => {
  const when = new Intl.DateTimeFormat(LOCALE[lang], {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'shortOffset',
  }).format(new Date(iso));
  const city = zoneCity(timeZone, lang);
  return lang === 'ar' ? `${when} (بتوقيت ${city})` : `${when} (${city} time)`;
};

export const placeLines = (p: EventPlace, lang: Language) => {
  const w =
    lang === 'ar'
      ? { starts: 'يبدأ', ends: 'ينتهي', venue: 'المكان' }
      : { starts: 'Starts', ends: 'Ends', venue: 'Venue' };
  return [
    [w.starts, venueTime(p.startsAt, p.timeZone, lang)],
    [w.ends, venueTime(p.endsAt, p.timeZone, lang)],
    [w.venue, `${p.venue[lang] || p.venue.en}, ${p.city[lang] || p.city.en}`],
  ] as [string, string][];
};

/** What changed between two places: the times, the venue, or both. */
const changedOf = (c: EventChangeParams) => ({
  time: c.before.startsAt !== c.after.startsAt || c.before.endsAt !== c.after.endsAt,
  venue: c.before.venue.en !== c.after.venue.en || c.before.timeZone !== c.after.timeZone,
});

/** The subject, the same for every guest of one change in one language. */
export const guestSubject = (template: GuestTemplate, lang: Language, c: EventChangeParams) => {
  const title = c.title[lang] || c.title.en;
  if (template === 'event.cancelled')
    return lang === 'ar' ? `أُلغيت الفعالية: ${title}` : `Cancelled: ${title}`;
  if (template === 'event.reinstated')
    return lang === 'ar' ? `عادت الفعالية في موعدها: ${title}` : `Back on: ${title}`;
  const { time, venue } = changedOf(c);
  if (lang === 'ar')
    return time && venue ? `تغيّر موعد ومكان: ${title}` : time ? `تغيّر موعد: ${title}` : `تغيّر مكان: ${title}`;
  return time && venue ? `New time and venue: ${title}` : time ? `New time: ${title}` : `New venue: ${title}`;
};

const section = (heading: string, rows: [string, string][]) => ({ heading, rows });

/** The whole mail to one guest. */
export const renderGuestMail = (
  template: GuestTemplate,
  lang: Language,
  to: string,
  params: EventChangeParams & GuestParams,
): MailMessage => {
  const title = params.title[lang] || params.title.en;
  const ar = lang === 'ar';
  const greeting = ar ? `مرحبًا ${params.name}،` : `Dear ${params.name},`;
  const booking = ar ? `حجزك: ${params.code}` : `Your booking: ${params.code}`;
  let intro: string;
  let sections: ReturnType<typeof section>[];
  let outro: string;
  if (template === 'event.cancelled') {
    intro = ar
      ? `نأسف لإبلاغك بأن الفعالية «${title}» قد أُلغيت، وأُلغي حجزك معها.`
      : `We are sorry to tell you that "${title}" has been cancelled, and your booking with it.`;
    sections = [section(ar ? 'كانت الفعالية' : 'The event was', placeLines(params.before, lang))];
    if (params.reason)
      sections.push(section(ar ? 'السبب' : 'Reason', [[ar ? 'السبب' : 'Reason', params.reason]]));
    outro = ar
      ? 'إذا كنت قد دفعت، فسيتواصل معك المنظم بشأن الاسترداد.'
      : 'If you have paid, the organiser will contact you about a refund.';
  } else if (template === 'event.reinstated') {
    intro = ar
      ? `يسرّنا إبلاغك بأن إلغاء الفعالية «${title}» قد تراجع عنه المنظم: الفعالية قائمة كما كانت، وحجزك قائم معها.`
      : `Good news: the cancellation of "${title}" has been undone. The event is back on as it was, and your booking with it.`;
    sections = [section(ar ? 'الفعالية' : 'The event', placeLines(params.after, lang))];
    outro = ar
      ? 'نعتذر عن الإزعاج. إذا لم تعد تستطيع الحضور، فتواصل مع المنظم.'
      : 'We are sorry for the confusion. If you can no longer come, please contact the organiser.';
  } else {
    intro = ar
      ? `تغيّرت تفاصيل الفعالية «${title}». حجزك ما زال قائمًا.`
      : `The details of "${title}" have changed. Your booking still stands.`;
    sections = [
      section(ar ? 'الجديد' : 'Now', placeLines(params.after, lang)),
      section(ar ? 'كان' : 'Before', placeLines(params.before, lang)),
    ];
    outro = ar
      ? 'إذا لم يعد الموعد الجديد يناسبك، فتواصل مع المنظم.'
      : 'If the new details no longer suit you, please contact the organiser.';
  }
  const dir = ar ? 'rtl' : 'ltr';
  const textSections = sections
    .map((s) => `${s.heading}:\n${s.rows.map(([k, v]) => `    ${k}: ${v}`).join('\n')}`)
    .join('\n\n');
  return {
    to,
    subject: guestSubject(template, lang, params),
    text: `${greeting}\n\n${intro}\n\n${textSections}\n\n${booking}\n\n${outro}\n`,
    html:
      `<div dir="${dir}" lang="${lang}" style="font-family:sans-serif">` +
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p>` +
      sections
        .map(
          (s) =>
            `<h3>${escapeHtml(s.heading)}</h3><ul>` +
            s.rows.map(([k, v]) => `<li>${escapeHtml(k)}: <bdi>${escapeHtml(v)}</bdi></li>`).join('') +
            `</ul>`,
        )
        .join('') +
      `<p>${escapeHtml(booking)}</p><p>${escapeHtml(outro)}</p></div>`,
  };
};
