/**
 * The mails of messages written by staff and of reminders (docs/product.md, "Messages to guests";
 * docs/decisions/0071-messages-reminders-and-unsubscribe.md): each guest's own values put in the
 * placeholders, an HTML part from the sanitised rich text and a plain-text part derived from it, and
 * the one-click unsubscribe link (RFC 8058) that only these mails carry.
 */
import type { Language } from '../../src/contract/common';
import type { MessagePlaceholder } from '../../src/contract/areas/event-messages';
import { escapeHtml } from './mail';
import type { MailMessage } from './mailer';
import { placeLines, venueTime, type EventPlace } from './guest-mail';

type L = { en: string; ar: string };

/** A guest's values of the placeholders (the ticket's is its address). */
export type PlaceholderValues = Record<MessagePlaceholder, string>;

/** The guest's links, built from PUBLIC_URL (never a request's Host: docs/decisions/0062-forgotten-password.md). */
export const unsubscribeUrl = (publicUrl: string, token: string) => `${publicUrl}/unsubscribe/${token}`;
export const ticketUrl = (publicUrl: string, token: string) => `${publicUrl}/ticket/${token}`;

/** RFC 8058: a mail client may unsubscribe with one POST to the link, without opening it. */
const unsubscribeHeaders = (url: string) => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

const PLACEHOLDER = /\{(name|event|start|ticket)\}/g;

/** A subject (plain text) with the guest's values. */
const fillText = (text: string, values: PlaceholderValues) =>
  text.replace(PLACEHOLDER, (_, key: MessagePlaceholder) => values[key]);

/** Sanitised HTML with the guest's values, escaped; the ticket becomes its link. */
const fillHtml = (html: string, values: PlaceholderValues) =>
  html.replace(PLACEHOLDER, (_, key: MessagePlaceholder) =>
    key === 'ticket'
      ? `<a href="${escapeHtml(values.ticket)}">${escapeHtml(values.ticket)}</a>`
      : escapeHtml(values[key]),
  );

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/**
 * The plain-text part of sanitised HTML (the allow-list's tags only: paragraphs, headings, lists,
 * quotes, line breaks, links): blocks on their own lines, list items with a dash, a link's address
 * after its text.
 */
const htmlToText = (html: string) =>
  html
    .replace(/<a [^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gis, (_, href: string, text: string) =>
      text.replace(/<[^>]+>/g, '') === href ? href : `${text} (${href})`,
    )
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<\/(p|h[1-6]|li|blockquote|ul|ol)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e]!)
    .replace(/\n{3,}/g, '\n\n')
    .trim();

const footer = (lang: Language, url: string) =>
  lang === 'ar'
    ? { text: 'لإيقاف الرسائل والتذكيرات الخاصة بهذا الحجز:', link: 'إلغاء الاشتراك', url }
    : { text: 'To stop messages and reminders about this booking:', link: 'unsubscribe', url };

const wrap = (lang: Language, inner: string, unsubscribe: string) => {
  const f = footer(lang, unsubscribe);
  return (
    `<div dir="${lang === 'ar' ? 'rtl' : 'ltr'}" lang="${lang}" style="font-family:sans-serif">${inner}` +
    `<hr><p style="font-size:12px;color:#555">${escapeHtml(f.text)} <a href="${escapeHtml(f.url)}">${escapeHtml(f.link)}</a></p></div>`
  );
};
const textFooter = (lang: Language, unsubscribe: string) => {
  const f = footer(lang, unsubscribe);
  return `\n\n--\n${f.text} ${f.url}\n`;
};

/** The parameters a queued message's mail keeps (its texts are the message's, read when sent). */
export interface MessageMailParams {
  name: string;
  code: string;
  token: string;
  event: string;
  start: string;
}

export const valuesOf = (publicUrl: string, p: MessageMailParams): PlaceholderValues => ({
  name: p.name,
  event: p.event,
  start: p.start,
  ticket: ticketUrl(publicUrl, p.token),
});

/** One guest's mail of a message: the subject and sanitised HTML of the guest's language, filled. */
export const renderMessageMail = (
  lang: Language,
  to: string,
  texts: { subject: string; html: string },
  values: PlaceholderValues,
  unsubscribe: string,
): MailMessage => {
  const html = fillHtml(texts.html, values);
  return {
    to,
    subject: fillText(texts.subject, values),
    html: wrap(lang, html, unsubscribe),
    text: htmlToText(html) + textFooter(lang, unsubscribe),
    headers: unsubscribeHeaders(unsubscribe),
  };
};

/** What a reminder's mail keeps: the event as it is when the reminder is queued, and the guest. */
export interface ReminderParams {
  title: L;
  place: EventPlace;
  name: string;
  code: string;
  token: string;
}

export const reminderSubject = (lang: Language, title: L, place: EventPlace) => {
  const when = venueTime(place.startsAt, place.timeZone, lang);
  const t = title[lang] || title.en;
  return lang === 'ar' ? `تذكير: ${t} — ${when}` : `Reminder: ${t}, ${when}`;
};

/** A guest's reminder, in the booking's language. */
export const renderReminderMail = (
  lang: Language,
  to: string,
  p: ReminderParams,
  publicUrl: string,
): MailMessage => {
  const ar = lang === 'ar';
  const title = p.title[lang] || p.title.en;
  const unsubscribe = unsubscribeUrl(publicUrl, p.token);
  const ticket = ticketUrl(publicUrl, p.token);
  const greeting = ar ? `مرحبًا ${p.name}،` : `Dear ${p.name},`;
  const intro = ar ? `نذكّرك بالفعالية «${title}».` : `A reminder of "${title}".`;
  const rows = placeLines(p.place, lang);
  const booking = ar ? `حجزك: ${p.code}` : `Your booking: ${p.code}`;
  const ticketLine = ar ? 'تذكرتك:' : 'Your ticket:';
  return {
    to,
    subject: reminderSubject(lang, p.title, p.place),
    text:
      `${greeting}\n\n${intro}\n\n${rows.map(([k, v]) => `    ${k}: ${v}`).join('\n')}\n\n${booking}\n${ticketLine} ${ticket}` +
      textFooter(lang, unsubscribe),
    html: wrap(
      lang,
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><ul>` +
        rows.map(([k, v]) => `<li>${escapeHtml(k)}: <bdi>${escapeHtml(v)}</bdi></li>`).join('') +
        `</ul><p>${escapeHtml(booking)}</p><p>${escapeHtml(ticketLine)} <a href="${escapeHtml(ticket)}">${escapeHtml(ticket)}</a></p>`,
      unsubscribe,
    ),
    headers: unsubscribeHeaders(unsubscribe),
  };
};
