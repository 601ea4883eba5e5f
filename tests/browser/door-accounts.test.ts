/**
 * A door account (docs/decisions/0055-the-door.md): it signs in and lands on its doors (/door),
 * sees the one event it is assigned to and nothing else in the sidebar, is refused the bookings,
 * and opens the event's printable door list; in English and Arabic, at 1440 and 390 px.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO } from '../support/app-server';
import { snap } from '../support/browser';
import { browserSuite } from '../support/suite';
import { visit } from '../support/app';

const suite = browserSuite();

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Both widths of the page as it is now. */
const snapBoth = async (page: Page, name: string) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await snap(page, `${name}-1440`);
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, `${name}-390`);
  await page.setViewportSize({ width: 1440, height: 900 });
};

describe('a door account', () => {
  it.each(['en', 'ar'] as const)('lands on its doors and opens the door list (%s)', async (language) => {
    const { page, errors } = await suite.signedIn(DEMO.door, {
      language,
      viewport: { width: 1440, height: 900 },
    });
    if (pathOf(page) !== '/admin/door') await visit(page, '/admin/');
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toBe('/admin/door');
    const cards = page.getByTestId('door-event');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(1);
    // The sidebar holds the door alone.
    const links = await page
      .getByTestId('sidebar')
      .locator('a[href]')
      .evaluateAll((els) => els.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(links).toEqual(['/admin/door']);
    const doorLink = cards.first().locator('a[href*="/event/door/"]');
    expect(await doorLink.getAttribute('href')).toMatch(/^\/admin\/event\/door\/\d+$/);
    await snapBoth(page, `door-events-${language}`);

    // The door list: every guest by name, with the event and when it was printed.
    await cards.first().locator('a[href*="/event/door-list/"]').click();
    await expect.poll(() => pathOf(page), { timeout: 15_000 }).toMatch(/^\/admin\/event\/door-list\/\d+$/);
    const table = page.getByTestId('door-list');
    await table.waitFor();
    const names = await table.locator('tbody tr td:first-child').allInnerTexts();
    expect(names.length).toBeGreaterThan(0);
    const collator = new Intl.Collator(language, { sensitivity: 'base' });
    expect(names).toEqual([...names].sort((a, b) => collator.compare(a, b)));
    expect(await page.getByTestId('printed-at').innerText()).not.toBe('');
    await snapBoth(page, `door-list-${language}`);
    // In print the shell is gone and the table stays.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('sidebar').isVisible()).toBe(false);
    expect(await table.isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    // Everything else is refused.
    await visit(page, '/admin/booking');
    await page.getByTestId('no-access').waitFor();
    expect(errors).toEqual([]);
  });
});
