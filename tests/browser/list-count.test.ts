/**
 * A capped count in the list (docs/decisions/0027-capped-count-and-one-query-per-page.md): with
 * more than 1,000 matching bookings (written before the file's server starts) the list reads "1,000+ rows"
 * and "Page 1 of 100+"; Next goes on past the counted pages up to the last one, whose count is
 * exact; in Arabic the same with Arabic-Indic digits; screenshots at 1440 and 390 px in both.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO, writeDataDir } from '../support/app-server';
import { chooseLanguage, htmlLangDir, listRows as rows, toArabic, waitForShell, visit } from '../support/app';
import { snap } from '../support/browser';
import { browserSuite } from '../support/suite';

/** Bookings made: more than the cap (1,000), and a last page of 10 past it. */
const MADE = 1_010;
const NAME = 'Capped Guest';

/**
 * The bookings are written into the file's database before its server starts, in one statement as
 * a new booking is stored (pending, one ticket, its first history entry, by the admin) over the
 * bookable events: making them through the API, a request each, was 18 s of the file's 32 s.
 * Booking through the API is the bookings suites' (tests/server/bookings.test.ts).
 */
const suite = browserSuite(
  {},
  {
    prepare: (dataDir) =>
      writeDataDir(dataDir, async (db) => {
        const made = (await db.execute(sql`
          with admin as (select id from users where email = ${DEMO.admin}),
               e as (select id, provider_id, price, row_number() over (order by id) - 1 as rn
                     from events where status = 'approved' and ends_at > now()),
               ne as (select count(*) as n from e),
               b as (
                 insert into bookings (code, event_id, provider_id, customer_name, customer_email, customer_phone,
                                       tickets, unit_price, total, payment_status, status, created_at, updated_at)
                 select 'BK-Z' || translate(lpad(i::text, 5, '0'), '0123456789', '23456789AB'), e.id, e.provider_id,
                        ${NAME} || ' ' || i, 'capped' || i || '@example.com', '+9665' || (10000000 + i), 1,
                        e.price, e.price, 'pending', 'pending', now(), now()
                 from generate_series(0, ${MADE - 1}) as i, ne join e on true where e.rn = i % ne.n
                 returning id)
          insert into booking_history (booking_id, field, to_value, by_user_id, at)
          select b.id, 'status', 'pending', admin.id, now() from b, admin`)) as unknown as {
          rowCount?: number;
          affectedRows?: number;
        };
        expect(made.rowCount ?? made.affectedRows).toBe(MADE);
      }),
  },
);
const WIDE = { width: 1440, height: 900 };
const NARROW = { width: 390, height: 844 };
const slow = { timeout: 30_000 };

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
