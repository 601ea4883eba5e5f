/**
 * Door sales (docs/decisions/0056-door-sales-without-an-e-mail.md), in Chromium against the real
 * server: three devices (three contexts, in English and Arabic, at 1440 and 390 px) take seat
 * leases and sell; one loses its connection, sells within its lease, is refused beyond it, and
 * sends its sales when the connection returns; the event is never oversold (asked of the API).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../support/app-server';
import { waitForShell } from '../support/app';
import { snap } from '../support/browser';
import { browserSuite } from '../support/suite';
import { apiToken, approvedEventLike } from '../support/api-events';

const suite = browserSuite();

const WIDE = { width: 1440, height: 900 };
const NARROW = { width: 390, height: 844 };
const CAPACITY = 12;

const WORDS = {
  en: {
    device: 'Device name',
    seats: 'Seats',
    take: 'Take seats',
    name: 'Name',
    phone: 'Phone',
    sell: /^Sell/,
    more: 'One ticket more',
  },
  ar: {
    device: 'اسم الجهاز',
    seats: 'المقاعد',
    take: 'خذ المقاعد',
    name: 'الاسم',
    phone: 'الهاتف',
    sell: /^بيع/,
    more: 'تذكرة أخرى',
  },
} as const;
type Lang = keyof typeof WORDS;

const token = (email: string) => apiToken(suite, email);

/** An approved event of the demo provider, on now for four hours, with CAPACITY seats. */
async function newEvent(admin: string): Promise<number> {
  const provider = await token(DEMO.provider);
  const providerId = (await suite.api<{ data: { id: number } }>('/api/profile', provider)).body.data.id;
  const list = await suite.api<{ data: { items: Record<string, unknown>[] } }>(
    `/api/event?status=approved&pageSize=10`,
    admin,
  );
  const base = list.body.data.items[0]!;
  const now = Date.now();
  const id = await approvedEventLike(suite, admin, base, {
    title: { en: 'Door sales night', ar: 'ليلة البيع عند البوابة' },
    providerId,
    startsAt: now + 60 * 60_000,
    endsAt: now + 5 * 60 * 60_000,
    capacity: CAPACITY,
  });
  return id;
}

/** A device at the event's sales screen, signed in as `email` in `lang`. */
async function device(email: string, lang: Lang, viewport: typeof WIDE, eventId: number) {
  const opened = await suite.signedIn(email, { language: lang, viewport });
  await opened.page.goto(`/admin/event/door-sales/${eventId}`);
  await waitForShell(opened.page);
  await opened.page.getByTestId('door-sales').waitFor();
  return { ...opened, w: WORDS[lang] };
}

async function takeSeats(page: Page, w: (typeof WORDS)[Lang], name: string, seats: number) {
  await page.getByLabel(w.device).fill(name);
  await page.getByLabel(w.seats, { exact: true }).fill(String(seats));
  await page.getByRole('button', { name: w.take, exact: true }).click();
  await expect.poll(() => page.getByTestId('lease-seats').textContent()).toMatch(/\S/);
}

async function sell(page: Page, w: (typeof WORDS)[Lang], name: string, tickets = 1) {
  // The sale before has finished: the form was cleared for the next buyer (it clears once the sale
  // is recorded, which may come after the counters move).
  await expect.poll(() => page.getByLabel(w.name, { exact: true }).inputValue()).toBe('');
  await page.getByLabel(w.name, { exact: true }).fill(name);
  await page.getByLabel(w.phone, { exact: true }).fill('+966 500 000 123');
  for (let i = 1; i < tickets; i++) await page.getByRole('button', { name: w.more }).click();
  await page.getByRole('button', { name: w.sell }).click();
}

const figure = (page: Page, id: string) => page.getByTestId(id).textContent();

/** Seats held by the event's bookings and the door sales the server has, asked of the API. */
async function serverSeats(admin: string, eventId: number) {
  const door = await suite.api<{ data: { expected: number; guests: { tickets: number }[] } }>(
    `/api/event/${eventId}/door`,
    admin,
  );
  const leases = await suite.api<{ data: { free: number } }>(`/api/event/${eventId}/leases`, admin);
  return { held: door.body.data.expected, free: leases.body.data.free };
}

describe('door sales on three devices', () => {
  it('sells within leases online and offline, refuses beyond the lease, syncs, never oversells', async () => {
    const admin = await token(DEMO.admin);
    const eventId = await newEvent(admin);

    const a = await device(DEMO.admin, 'en', WIDE, eventId);
    await takeSeats(a.page, a.w, 'Gate A', 4);
    await sell(a.page, a.w, 'Amal Saeed');
    await expect.poll(() => a.page.getByTestId('last-sale').first().textContent()).toMatch(/BK-/);
    expect(await figure(a.page, 'lease-remaining')).toBe('3');
    await snap(a.page, 'door-sales-en-1440');

    const b = await device(DEMO.manager, 'ar', NARROW, eventId);
    await takeSeats(b.page, b.w, 'البوابة ب', 4);
    await sell(b.page, b.w, 'نورة علي', 2);
    await expect.poll(() => b.page.getByTestId('last-sale').first().textContent()).toMatch(/BK-/);
    expect(await figure(b.page, 'lease-sold')).toBe('٢');
    await snap(b.page, 'door-sales-ar-390');
    await b.page.setViewportSize(WIDE);
    await snap(b.page, 'door-sales-ar-1440');

    const c = await device(DEMO.provider, 'en', NARROW, eventId);
    await takeSeats(c.page, c.w, 'Gate C', 4);
    // Every seat is held now: none is free for a lease or a confirmation.
    expect(await serverSeats(admin, eventId)).toEqual({ held: 3, free: 0 });
    const refused = await suite.api<{ message: string }>(`/api/event/${eventId}/leases`, admin, {
      seats: 1,
      deviceId: 'test-device-01',
    });
    expect([refused.status, refused.body.message]).toEqual([409, 'Only 0 seats are free.']);

    // Device C loses its connection: it sells its four seats, and is refused a fifth on the device.
    await c.context.setOffline(true);
    await c.page.getByTestId('door-sales-offline').waitFor();
    await sell(c.page, c.w, 'Omar Offline', 2);
    await expect.poll(() => figure(c.page, 'lease-sold')).toBe('2');
    await sell(c.page, c.w, 'Huda Offline', 2);
    await expect.poll(() => figure(c.page, 'lease-remaining')).toBe('0');
    await expect.poll(() => figure(c.page, 'door-sales-waiting')).toMatch(/2$/);
    await sell(c.page, c.w, 'One Too Many');
    await c.page.getByText('This device can sell 0 more; take more seats when back online.').waitFor();
    await snap(c.page, 'door-sales-en-390-offline');
    expect((await serverSeats(admin, eventId)).held).toBe(3);

    // Meanwhile device A sells online; then C's connection returns and its sales arrive, once.
    await sell(a.page, a.w, 'Sami Online', 3);
    await expect.poll(() => figure(a.page, 'lease-remaining')).toBe('0');
    await c.context.setOffline(false);
    await expect.poll(async () => (await serverSeats(admin, eventId)).held, { timeout: 30_000 }).toBe(10);
    await expect.poll(() => c.page.getByTestId('door-sales-waiting').count()).toBe(0);
    expect(await figure(c.page, 'lease-sold')).toBe('4');
    await expect.poll(() => c.page.getByTestId('last-sale').first().textContent()).toMatch(/Sent$/);
    await snap(c.page, 'door-sales-en-390');

    // Never oversold: bookings hold 10 seats, B's lease the 2 left; nothing is free.
    expect(await serverSeats(admin, eventId)).toEqual({ held: 10, free: 0 });
    const bookings = await suite.api<{ data: { items: { tickets: number; status: string }[] } }>(
      `/api/booking?eventId=${eventId}&pageSize=50`,
      admin,
    );
    const sold = bookings.body.data.items.filter((b) => b.status === 'confirmed');
    expect(sold.reduce((sum, b) => sum + b.tickets, 0)).toBeLessThanOrEqual(CAPACITY);
    expect(sold).toHaveLength(5);
    for (const opened of [a, b, c]) expect(opened.errors).toEqual([]);
  });
});
