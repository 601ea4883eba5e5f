/**
 * A capped count in the list (docs/decisions/0027-capped-count-and-one-query-per-page.md): with
 * more than 1,000 matching bookings (made through the API in the setup) the list reads "1,000+ rows"
 * and "Page 1 of 100+"; Next goes on past the counted pages up to the last one, whose count is
 * exact; in Arabic the same with Arabic-Indic digits; screenshots at 1440 and 390 px in both.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from '../support/app-server';
import { chooseLanguage, htmlLangDir, listRows as rows, toArabic, waitForShell, visit } from '../support/app';
import { snap } from '../support/browser';
import { browserSuite } from '../support/suite';

const suite = browserSuite();
const WIDE = { width: 1440, height: 900 };
const NARROW = { width: 390, height: 844 };
const slow = { timeout: 30_000 };
/** Bookings made: more than the cap (1,000), and a last page of 10 past it. */
const MADE = 1_010;
const NAME = 'Capped Guest';

const { api } = suite;

beforeAll(async () => {
  const token = (await api('/api/login', null, { email: DEMO.admin, password: DEMO_PASSWORD })).body
    .token as string;
  const found = await api('/api/event?status=approved&pageSize=100&sort=startsAt&order=desc', token);
  const events = ((found.body.data as { items: { id: number; endsAt: string }[] }).items ?? [])
    .filter((e) => Date.parse(e.endsAt) > Date.now())
    .map((e) => e.id);
  expect(events.length).toBeGreaterThan(0);
  // One ticket each, over the bookable events (a full one answers 409 and is left).
  let made = 0;
  let sent = 0;
  let next = 0;
  const open = new Set(events);
  const worker = async () => {
    // At most MADE bookings: a request in flight counts until it is answered.
    while (made + sent < MADE && open.size > 0) {
      const i = next++;
      const eventId = [...open][i % open.size]!;
      sent++;
      const res = await api('/api/booking', token, {
        eventId,
        customerName: `${NAME} ${i}`,
        customerEmail: `capped${i}@example.com`,
        customerPhone: `+9665${String(10_000_000 + i)}`,
        tickets: 1,
      });
      sent--;
      if (res.status === 201) made++;
      else if (res.status === 409) open.delete(eventId);
      else throw new Error(`booking ${i}: ${res.status} ${JSON.stringify(res.body)}`);
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  expect(made).toBe(MADE);
}, 600_000);

describe('a capped count in the list', () => {
  it('reads "1,000+" and "Page 1 of 100+"; Next goes past the counted pages to an exact last page', async () => {
    const { page, errors } = await suite.signedIn(DEMO.admin, { viewport: WIDE });
    const search = `/admin/booking?q=${encodeURIComponent(NAME)}&sort=customerName&order=asc`;
    await visit(page, search);
    await expect.poll(() => rows(page).count(), slow).toBe(10);
    await expect.poll(() => page.getByTestId('list-range').innerText(), slow).toBe('1–10 of 1,000+ rows');
    expect(await page.getByTestId('page-of').innerText()).toBe('Page 1 of 100+');
    await snap(page, 'list-count-1440-en');

    // The last counted page: Next stays on.
    await visit(page, `${search}&page=100`);
    await expect.poll(() => page.getByTestId('page-of').innerText(), slow).toBe('Page 100 of 100+');
    expect(await page.getByTestId('list-range').innerText()).toBe('991–1,000 of 1,000+ rows');
    expect(await page.getByTestId('page-next').isDisabled()).toBe(false);
    await page.getByTestId('page-next').click();
    // Past the cap: the last page, counted exactly.
    await expect.poll(() => new URL(page.url()).searchParams.get('page'), slow).toBe('101');
    await expect.poll(() => page.getByTestId('page-of').innerText(), slow).toBe('Page 101 of 101');
    expect(await page.getByTestId('list-range').innerText()).toBe('1,001–1,010 of 1,010 rows');
    expect(await rows(page).count()).toBe(10);
    expect(await page.getByTestId('page-next').isDisabled()).toBe(true);

    // A page past the end goes back to the last counted one.
    await visit(page, `${search}&page=500`);
    await expect.poll(() => new URL(page.url()).searchParams.get('page'), slow).toBe('100');
    await expect.poll(() => page.getByTestId('page-of').innerText(), slow).toBe('Page 100 of 100+');

    // "Select all 1,000+ matching".
    await page.getByTestId('select-page').check();
    await expect
      .poll(() => page.getByTestId('select-all-matching').innerText(), slow)
      .toBe('Select all 1,000+ matching');
    await page.getByTestId('select-all-matching').click();
    expect(await page.getByTestId('bulk-count').innerText()).toBe('1,000+ rows selected');

    // Arabic: the same words with Arabic-Indic digits.
    await visit(page, search);
    await toArabic(page);
    await expect.poll(() => rows(page).count(), slow).toBe(10);
    await expect.poll(() => page.getByTestId('list-range').innerText(), slow).toBe('١–١٠ من ١٬٠٠٠+ صف');
    expect(await page.getByTestId('page-of').innerText()).toBe('الصفحة ١ من ١٠٠+');
    await snap(page, 'list-count-1440-ar');
    await page.setViewportSize(NARROW);
    await expect.poll(() => page.getByTestId('list-range').isVisible(), slow).toBe(true);
    await snap(page, 'list-count-390-ar');
    const reloaded = page.waitForEvent('load');
    await chooseLanguage(page, 'en');
    await reloaded;
    await waitForShell(page);
    await expect.poll(() => htmlLangDir(page)).toEqual({ lang: 'en', dir: 'ltr' });
    await expect.poll(() => page.getByTestId('list-range').innerText(), slow).toBe('1–10 of 1,000+ rows');
    await snap(page, 'list-count-390-en');
    expect(errors).toEqual([]);
  });
});
