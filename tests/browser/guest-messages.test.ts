/**
 * Messages to an event's guests (docs/decisions/0071-messages-reminders-and-unsubscribe.md), in one
 * journey on the event's details: the reminder set, a message composed to an audience, previewed in
 * English and Arabic with the guests it reaches counted, sent while the mail server refuses it, its
 * failures read in the delivery log and retried until sent, and a message scheduled on the venue's
 * clock; then the same section in Arabic; at 1440 and 390 px.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO } from '../support/app-server';
import { pickDate, toArabic, visit, waitForShell } from '../support/app';
import { expectFitsWidth, snap } from '../support/browser';
import { browserSuite } from '../support/suite';
import { apiToken, approvedEventLike } from '../support/api-events';

const suite = browserSuite();

const token = (email: string) => apiToken(suite, email);

/** An approved event of the demo provider two days ahead, with a guest writing in each language. */
async function eventWithGuests(admin: string): Promise<number> {
  const provider = await token(DEMO.provider);
  const providerId = (await suite.api<{ data: { id: number } }>('/api/profile', provider)).body.data.id;
  const base = (
    await suite.api<{ data: { items: Record<string, unknown>[] } }>(
      '/api/event?status=approved&pageSize=10',
      admin,
    )
  ).body.data.items[0]!;
  const start = Date.now() + 2 * 24 * 3_600_000;
  const id = await approvedEventLike(suite, admin, base, {
    title: { en: 'Messages night', ar: 'ليلة الرسائل' },
    providerId,
    startsAt: start,
    endsAt: start + 3 * 3_600_000,
    capacity: 20,
  });
  for (const [name, language] of [
    ['Sara Ali', 'en'],
    ['ليلى حسن', 'ar'],
  ] as const) {
    const booking = await suite.api<{ data: { id: number } }>('/api/booking', admin, {
      eventId: id,
      customerName: name,
      customerEmail: `${language}.guest@mail.example.com`,
      customerPhone: '+966500000123',
      tickets: 1,
      language,
    });
    expect(booking.status).toBe(201);
    expect(
      (
        await suite.api('/api/booking/update-status', admin, {
          id: booking.body.data.id,
          status: 'confirmed',
        })
      ).status,
    ).toBe(200);
  }
  return id;
}

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1440, height: 900 };

/** The page at 390 px, nothing wider than the phone, then at 1440 px; the journey goes on at 390 px. */
const snapBoth = async (page: Page, name: string) => {
  await expectFitsWidth(page, name);
  await snap(page, `${name}-390`);
  await page.setViewportSize(WIDE);
  await snap(page, `${name}-1440`);
  await page.setViewportSize(PHONE);
};

/** The message's counts as the server has them (the queue sends in the background). */
const countsOf = async (admin: string, eventId: number) =>
  (
    await suite.api<{ data: { counts: { queued: number; sent: number; failed: number } }[] }>(
      `/api/event/${eventId}/messages`,
      admin,
    )
  ).body.data.map((m) => m.counts);

async function compose(page: Page, subject: string, text: string) {
  await page.getByTestId('message-write').click();
  const form = page.getByTestId('message-composer');
  await form.waitFor();
  await form.getByTestId('message-subject-en').fill(`${subject} {name}`);
  await form.getByTestId('message-subject-ar').fill(`رسالة إلى {name}`);
  await form.getByTestId('message-body-en').click();
  await page.keyboard.type(`${text} {start}. Your ticket: {ticket}`);
  await form.getByTestId('message-body-ar').click();
  await page.keyboard.type('نراكم في {start}.');
  return form;
}

describe('messages to guests', () => {
  it('composes, previews both languages, sends, retries the failed, schedules; in English and Arabic', async () => {
    const admin = await token(DEMO.admin);
    const eventId = await eventWithGuests(admin);
    const { page, errors } = await suite.signedIn(DEMO.admin, { viewport: PHONE });
    await visit(page, `/admin/event/details/${eventId}`);
    await waitForShell(page);
    const section = page.getByTestId('event-messages');
    await section.waitFor();

    // The reminder: 24 hours before the start.
    await section.getByTestId('reminder-hours').fill('24');
    await section.getByTestId('reminder-save').click();
    await expect.poll(() => section.getByTestId('reminder-state').innerText()).toContain('24 hours');

    // Compose and preview: both languages, each guest's own name, the audience counted.
    const form = await compose(page, 'Hello', 'Doors open an hour before');
    await form.getByTestId('message-preview-button').click();
    await expect.poll(() => form.getByTestId('message-recipients').innerText()).toBe('Goes to 2 guests now.');
    expect(await form.getByTestId('preview-en').innerText()).toContain('Hello Sara Ali');
    expect(await form.getByTestId('preview-ar').innerText()).toContain('رسالة إلى Sara Ali');
    const frame = form.getByTestId('preview-ar').locator('iframe');
    expect(await frame.contentFrame().locator('div[dir="rtl"]').innerText()).toMatch(/نراكم في .*\(بتوقيت/);
    await snapBoth(page, 'guest-message-preview-en');

    // Sent while the mail server refuses: the failures and the server's answer, then a retry.
    suite.server.smtp.fault = { code: 550, message: 'Mailbox unavailable' };
    await form.getByTestId('message-send').click();
    await section.getByTestId('event-message').first().waitFor();
    await expect
      .poll(() => countsOf(admin, eventId), { timeout: 20_000 })
      .toEqual([{ queued: 0, sent: 0, failed: 2 }]);
    suite.server.smtp.fault = null;
    await visit(page, `/admin/event/details/${eventId}`);
    const row = page.getByTestId('event-message').first();
    await expect
      .poll(() => row.getByTestId('message-counts').innerText())
      .toBe('2 guests: 0 sent, 0 queued, 2 failed');
    await row.getByTestId('message-open').click();
    await expect.poll(() => row.getByTestId('mail-answer').count()).toBe(2);
    expect(await row.getByTestId('mail-answer').first().innerText()).toContain('550');
    await snapBoth(page, 'guest-message-failures-en');
    await row.getByTestId('message-retry').click();
    await expect
      .poll(() => countsOf(admin, eventId), { timeout: 20_000 })
      .toEqual([{ queued: 0, sent: 2, failed: 0 }]);
    expect(suite.server.smtp.messages.filter((m) => m.subject === 'Hello Sara Ali')).toHaveLength(1);

    // Scheduled on the venue's clock, tomorrow at 10:00.
    await compose(page, 'Tomorrow', 'See you');
    await form.getByTestId('message-later').check();
    const tomorrow = new Date(Date.now() + 24 * 3_600_000).toISOString().slice(0, 10);
    await pickDate(page, 'message-send-at', `${tomorrow}T10:00`);
    await form.getByTestId('message-preview-button').click();
    await form.getByTestId('message-preview').waitFor();
    await form.getByTestId('message-send').click();
    await expect
      .poll(() => section.getByTestId('event-message').first().innerText())
      .toMatch(/^Tomorrow \{name\}[\s\S]*Scheduled for .*10:00/);

    // In Arabic: the section mirrored, its composer and preview.
    await toArabic(page);
    await section.waitFor();
    expect(await section.getByTestId('event-message').nth(1).getByTestId('message-counts').innerText()).toBe(
      '٢ ضيف: أُرسلت ٢، في الانتظار ٠، فشلت ٠',
    );
    const formAr = await compose(page, 'Hello', 'Doors open');
    await formAr.getByTestId('message-preview-button').click();
    await formAr.getByTestId('message-preview').waitFor();
    await snapBoth(page, 'guest-message-preview-ar');
    expect(errors).toEqual([]);
  });
});
