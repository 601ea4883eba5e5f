/**
 * The guests' own pages, reached from their mails' links (docs/decisions/0071-messages-reminders-and-unsubscribe.md):
 * a guest has no account, the link's token (minted by the server, unguessable, bound to one booking
 * and one address) is the only key. Outside `/api/` and the contract: small HTML pages in the
 * booking's language, and RFC 8058's one-click POST, whose body is a form
 * (`List-Unsubscribe=One-Click`), not JSON.
 *
 * - `GET /unsubscribe/{token}` asks to confirm (a GET alone never unsubscribes: link scanners open links);
 * - `POST /unsubscribe/{token}` unsubscribes that address of that booking from messages and reminders
 *   (changes and cancellations are always sent), answering the same for a repeat;
 * - `GET /ticket/{token}` shows the booking's ticket (its QR code) while it holds seats.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { encode } from 'uqr';
import type { Language } from '../../src/contract/common';
import { escapeHtml } from '../core/mail';
import { bookings, events, guestLinks } from '../db/schema';
import { ticketOf } from '../tickets/keys';
import type { App, AppEnv, Deps } from './types';

const TOKEN = /^[0-9a-f]{64}$/;

const T = {
  en: {
    title: 'Mails about your booking',
    ask: 'Stop messages and reminders about booking {code} to {address}? Changes to the event and its cancellation are always sent.',
    confirm: 'Unsubscribe',
    done: '{address} will no longer get messages or reminders about booking {code}. Changes to the event and its cancellation are still sent.',
    unknown: 'This link is not valid.',
    ticket: 'Your ticket',
    noTicket: 'This booking has no ticket now (it holds no seats).',
  },
  ar: {
    title: 'الرسائل الخاصة بحجزك',
    ask: 'هل تريد إيقاف الرسائل والتذكيرات الخاصة بالحجز {code} إلى {address}؟ تُرسل دائمًا تغييرات الفعالية وإلغاؤها.',
    confirm: 'إلغاء الاشتراك',
    done: 'لن يتلقى {address} بعد الآن رسائل أو تذكيرات بشأن الحجز {code}. ما زالت تغييرات الفعالية وإلغاؤها تُرسل.',
    unknown: 'هذا الرابط غير صالح.',
    ticket: 'تذكرتك',
    noTicket: 'لا تذكرة لهذا الحجز الآن (لا يحجز مقاعد).',
  },
} satisfies Record<Language, Record<string, string>>;

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => `<bdi>${escapeHtml(values[k] ?? '')}</bdi>`);

const page = (c: Context<AppEnv>, lang: Language, body: string, status: 200 | 404 = 200) => {
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  return c.html(
    `<!doctype html><html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8">` +
      `<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(T[lang].title)}</title>` +
      `<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;line-height:1.5}` +
      `button{font:inherit;padding:.5rem 1rem;border-radius:.375rem;border:0;background:#4338ca;color:#fff}svg{width:16rem;max-width:100%}</style>` +
      `</head><body><h1>${escapeHtml(T[lang].title)}</h1>${body}</body></html>`,
    status,
  );
};

/** The link, its booking and the event, if the token is one the server minted. */
const linkOf = async (deps: Deps, token: string) => {
  if (!TOKEN.test(token)) return null;
  const [row] = await deps.db
    .select({ link: guestLinks, booking: bookings, title: events.title })
    .from(guestLinks)
    .innerJoin(bookings, eq(bookings.id, guestLinks.bookingId))
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(eq(guestLinks.token, token));
  return row ?? null;
};

const langOf = (c: Context<AppEnv>, booking?: { language: string }): Language =>
  booking ? (booking.language === 'ar' ? 'ar' : 'en') : c.get('lang') === 'ar' ? 'ar' : 'en';

export const registerGuestPages = (app: App) => {
  app.get('/unsubscribe/:token', async (c) => {
    const found = await linkOf(c.get('deps'), c.req.param('token'));
    if (!found) return page(c, langOf(c), `<p>${escapeHtml(T[langOf(c)].unknown)}</p>`, 404);
    const lang = langOf(c, found.booking);
    const values = { code: found.booking.code, address: found.link.address };
    if (found.link.unsubscribedAt) return page(c, lang, `<p>${fill(T[lang].done, values)}</p>`);
    return page(
      c,
      lang,
      `<p>${fill(T[lang].ask, values)}</p><form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
        `<button type="submit">${escapeHtml(T[lang].confirm)}</button></form>`,
    );
  });

  // RFC 8058's one-click POST (and the page's own form): whatever the body, the token decides.
  app.post('/unsubscribe/:token', async (c) => {
    const deps = c.get('deps');
    const found = await linkOf(deps, c.req.param('token'));
    if (!found) return page(c, langOf(c), `<p>${escapeHtml(T[langOf(c)].unknown)}</p>`, 404);
    await deps.db
      .update(guestLinks)
      .set({ unsubscribedAt: deps.config.now() })
      .where(and(eq(guestLinks.token, found.link.token), isNull(guestLinks.unsubscribedAt)));
    const lang = langOf(c, found.booking);
    return page(
      c,
      lang,
      `<p>${fill(T[lang].done, { code: found.booking.code, address: found.link.address })}</p>`,
    );
  });

  app.get('/ticket/:token', async (c) => {
    const deps = c.get('deps');
    const found = await linkOf(deps, c.req.param('token'));
    if (!found) return page(c, langOf(c), `<p>${escapeHtml(T[langOf(c)].unknown)}</p>`, 404);
    const lang = langOf(c, found.booking);
    const ticket = await ticketOf(deps.db, deps.config.now(), found.booking);
    const title = found.title[lang] || found.title.en;
    if (!ticket) return page(c, lang, `<h2>${escapeHtml(title)}</h2><p>${escapeHtml(T[lang].noTicket)}</p>`);
    const qr = encode(ticket, { ecc: 'M', border: 4 });
    const path = qr.data
      .flatMap((row, y) => row.flatMap((on, x) => (on ? [`M${x} ${y}h1v1h-1z`] : [])))
      .join('');
    return page(
      c,
      lang,
      `<h2>${escapeHtml(title)}</h2><p>${escapeHtml(T[lang].ticket)}: <bdi>${escapeHtml(found.booking.code)}</bdi></p>` +
        `<svg role="img" aria-label="${escapeHtml(T[lang].ticket)}" viewBox="0 0 ${qr.size} ${qr.size}" shape-rendering="crispEdges">` +
        `<rect width="${qr.size}" height="${qr.size}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`,
    );
  });
};
