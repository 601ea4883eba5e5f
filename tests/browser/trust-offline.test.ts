/**
 * Offline decisions, an unreachable server and one history
 * (docs/decisions/0076-offline-decisions-an-unreachable-server-and-one-history.md), in Chromium
 * against the real server behind a test-only proxy on 127.0.0.1 that can answer 503 for the API
 * (the network up, the server not answering), in English and in Arabic, at 1440 and 390 px:
 * - offline, an event's Approve (English) or Reject (Arabic) asks first, is kept on the device
 *   ("Saved on this device") and reaches the server once when the network returns; a provider's
 *   Approve, which needs the server, is disabled with its reason written under it;
 * - with the API answering 503, an edit's save is kept on the device with the same words, and is
 *   sent when the server answers again;
 * - the event's Status history card and its History tab list the same moves.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from '../support/app-server';
import { signIn, toArabic, visit, waitForServiceWorkerControl } from '../support/app';
import { snap } from '../support/browser';
import { browserSuite } from '../support/suite';

const suite = browserSuite({}, { serviceWorkers: 'allow' });

const SIZES = [
  ['1440', { width: 1440, height: 900 }],
  ['390', { width: 390, height: 844 }],
] as const;

type Rec = Record<string, unknown> & { id: number; version: number };

/** A proxy to the app's server; while `down`, every API request is answered 503 as by a gateway. */
async function startProxy(target: number) {
  const state = { down: false };
  const server: Server = createServer((req, res) => {
    if (state.down && req.url?.startsWith('/api/')) {
      res.writeHead(503, { 'Content-Type': 'text/plain' }).end('Service Unavailable');
      return;
    }
    const upstream = request(
      { host: '127.0.0.1', port: target, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { state, origin: `http://127.0.0.1:${port}`, close: () => server.close() };
}

const tokenOf = async (email: string) =>
  (await suite.api<{ token: string }>('/api/login', null, { email, password: DEMO_PASSWORD })).body.token;

/** A new event of the demo provider, submitted for approval. */
async function pendingEvent(provider: string, n: number): Promise<number> {
  const me = (await suite.api<{ data: { id: number } }>('/api/profile', provider)).body.data.id;
  const base = (
    await suite.api<{ data: { items: Rec[] } }>(
      `/api/event?providerId=${me}&status=approved&pageSize=10`,
      provider,
    )
  ).body.data.items[0]!;
  const start = Date.now() + (30 + n) * 86_400_000;
  const created = await suite.api<{ data: Rec }>('/api/event', provider, {
    ...Object.fromEntries(
      ['description', 'categoryId', 'countryId', 'cityId', 'locationId'].map((k) => [k, base[k]]),
    ),
    providerId: me,
    title: { en: `Trust check ${n}`, ar: `فحص الثقة ${n}` },
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(start + 3_600_000).toISOString(),
    price: 1000,
    capacity: 20,
  });
  expect(created.status).toBe(201);
  const id = created.body.data.id;
  expect((await suite.api('/api/event/update-status', provider, { id, status: 'pending' })).status).toBe(200);
  return id;
}

const shots = async (page: Page, name: string, language: string) => {
  for (const [size, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    await snap(page, `trust-${name}-${size}-${language}`, { fullPage: false });
  }
  await page.setViewportSize(SIZES[0][1]);
};

const keptNotice = (page: Page) => page.locator('[data-testid="notice"][data-kind="kept"]').last();

describe('offline decisions, an unreachable server, one history', () => {
  it('keeps decisions and saves without a server, sends them once, and shows one history', async () => {
    const admin = await tokenOf(DEMO.admin);
    const proxy = await startProxy(suite.server.port);
    try {
      const { page, context, errors } = await suite.open({ baseURL: proxy.origin });
      await signIn(page, DEMO.admin, DEMO_PASSWORD);
      await waitForServiceWorkerControl(page);
      const providers = await suite.api<{ data: { items: Rec[] } }>(
        '/api/serviceprovider?status=0&pageSize=10',
        admin,
      );
      const provider = await tokenOf(DEMO.provider);
      const providerId = providers.body.data.items[0]!.id;
      const countries = (
        await suite.api<{ data: { items: Rec[] } }>(
          '/api/master/listwithpagination?type=country&pageSize=10',
          admin,
        )
      ).body.data.items;

      for (const [n, language] of (['en', 'ar'] as const).entries()) {
        if (language === 'ar') await toArabic(page);
        // A country of its own per language: a kept save made on an older version would be a conflict.
        const country = countries.at(-1 - n)!;
        const eventId = await pendingEvent(provider, n);

        // 1. Offline: the event's decision waits on the device; the provider's needs the server.
        await visit(page, `/admin/serviceprovider-details/${providerId}`);
        await page.getByTestId('action-approve').waitFor();
        await visit(page, `/admin/event/details/${eventId}`);
        // Reject is under "More" (a destructive action is never a red button beside the others).
        if (language === 'ar') await page.getByTestId('record-more').click();
        const decide = page.getByTestId(
          language === 'en' ? 'action-status-approved' : 'action-status-rejected',
        );
        await decide.waitFor();
        await context.setOffline(true);
        expect(await decide.isEnabled()).toBe(true);
        await decide.click();
        if (language === 'en') await page.getByTestId('confirm-dialog').locator('button').last().click();
        else {
          await page.getByTestId('reason-dialog').locator('textarea').fill('تفاصيل المكان ناقصة');
          await page.getByTestId('reason-dialog').locator('button[type="submit"]').click();
        }
        await keptNotice(page).waitFor();
        expect(await keptNotice(page).innerText()).toContain(
          language === 'en' ? 'Saved on this device' : 'حُفظ على هذا الجهاز',
        );
        await shots(page, 'event-decided-offline', language);

        await visit(page, `/admin/serviceprovider-details/${providerId}`);
        await page.getByTestId('actions-need-server').waitFor();
        expect(await page.getByTestId('action-approve').isDisabled()).toBe(true);
        await shots(page, 'provider-needs-server', language);

        await context.setOffline(false);
        const decided = language === 'en' ? 'approved' : 'rejected';
        await expect
          .poll(
            async () => (await suite.api<{ data: Rec }>(`/api/event/${eventId}`, admin)).body.data.status,
            {
              timeout: 20_000,
            },
          )
          .toBe(decided);
        const trail = await suite.api<{ data: { items: { fields: string[]; after: Rec | null }[] } }>(
          `/api/audit?resource=event&recordId=${eventId}&pageSize=100`,
          admin,
        );
        expect(trail.body.data.items.filter((e) => e.after?.status === decided)).toHaveLength(1);

        // 3. One history: the card and the History tab list the same moves.
        await visit(page, `/admin/event/details/${eventId}`);
        const card = page.getByTestId('event-history').locator(':scope > li');
        await expect.poll(() => card.count(), { timeout: 10_000 }).toBe(3);
        await page.getByTestId('event-history').scrollIntoViewIfNeeded();
        await shots(page, 'event-status-history', language);
        const cardText = await page.getByTestId('event-history').innerText();
        await page.getByTestId('tab-history').click();
        const moves = page.locator('[data-testid^="audit-entry-"]:has([data-field="status"])');
        await expect.poll(() => moves.count(), { timeout: 10_000 }).toBe(2);
        // The tab says a status in the card's words, not its code.
        const word = await moves
          .first()
          .locator('[data-field="status"]')
          .getByTestId('audit-after')
          .innerText();
        expect(word).not.toBe(decided);
        expect(cardText).toContain(word);
        await shots(page, 'event-history-tab', language);

        // 2. The network up, the server answering 503: the save is kept, then sent when it answers.
        await visit(page, `/admin/country/add/${country.id}`);
        const nameEn = page.locator('input[name="name.en"]');
        await expect.poll(() => nameEn.inputValue(), { timeout: 10_000 }).not.toBe('');
        const renamed = `${(country.name as { en: string }).en.split(' ·')[0]} · ${language} ${Date.now() % 10_000}`;
        await nameEn.fill(renamed);
        proxy.state.down = true;
        await page.getByTestId('form-submit').click();
        await keptNotice(page).waitFor();
        expect(await page.locator('[data-testid="notice"][data-kind="error"]').count()).toBe(0);
        await shots(page, 'save-server-down', language);
        const nameNow = async () =>
          (
            (
              await suite.api<{ data: { items: Rec[] } }>(
                '/api/master/listwithpagination?type=country&pageSize=100',
                admin,
              )
            ).body.data.items.find((c) => c.id === country.id)!.name as { en: string }
          ).en;
        expect(await nameNow()).not.toBe(renamed);
        proxy.state.down = false;
        // The next screen's data comes: the server answers again and the kept save goes.
        await visit(page, '/admin/category');
        await expect.poll(nameNow, { timeout: 30_000 }).toBe(renamed);
      }
      expect(errors).toEqual([]);
    } finally {
      proxy.close();
    }
  });
});
