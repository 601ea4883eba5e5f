/**
 * The list's filter bar stays on one line on a desktop (docs/product.md §2 lists): the events list
 * (eight filters) at 1280, 1440 and 1920 px, in English and Arabic, shows the search, the filters
 * that fit and "More filters (n)" for the others, without wrapping or scrolling sideways; the
 * filters behind it work and are counted. Screenshots go to tests/.artifacts (gitignored).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../support/app-server';
import { visit, choose } from '../support/app';
import { snap } from '../support/browser';
import { browserSuite } from '../support/suite';

const suite = browserSuite();

/** The tops and bottoms of the bar's children, and whether the bar is wider than its box. */
const barLayout = (page: Page) =>
  page.getByTestId('list-controls').evaluate((bar) => ({
    tops: [...bar.children].map((c) => Math.round(c.getBoundingClientRect().bottom)),
    overflow: bar.scrollWidth > bar.clientWidth + 1,
    pageOverflow: document.documentElement.scrollWidth > window.innerWidth + 1,
  }));

describe.each(['en', 'ar'] as const)('the events filter bar (%s)', (language) => {
  it('is one line at 1280, 1440 and 1920 px; the filters that do not fit wait behind "More filters (n)"', async () => {
    const { page, errors } = await suite.signedIn(DEMO.admin, {
      viewport: { width: 1280, height: 800 },
      language,
    });
    for (const width of [1280, 1440, 1920]) {
      await page.setViewportSize({ width, height: 800 });
      await visit(page, '/admin/event');
      await page.getByTestId('list-row').first().waitFor();
      const layout = await barLayout(page);
      // Every child ends on the same line (bottom-aligned), nothing overflows.
      expect(new Set(layout.tops).size, JSON.stringify(layout)).toBe(1);
      expect(layout.overflow).toBe(false);
      expect(layout.pageOverflow).toBe(false);
      await snap(page, `events-toolbar-${width}-${language}`, { fullPage: false });
    }

    // At 1280 px some filters wait behind "More filters"; they filter, and are counted.
    await page.setViewportSize({ width: 1280, height: 800 });
    await visit(page, '/admin/event');
    await page.getByTestId('list-row').first().waitFor();
    const more = page.getByTestId('filters-more');
    expect(await more.innerText()).toBe(language === 'en' ? 'More filters' : 'عوامل تصفية أخرى');
    expect(await page.getByTestId('filter-status').count()).toBe(1);
    expect(await page.getByTestId('filter-featured').count()).toBe(0);
    await more.click();
    await choose(page, 'filter-featured', 'true');
    await expect.poll(() => new URL(page.url()).searchParams.get('featured')).toBe('true');
    await snap(page, `events-more-filters-1280-${language}`, { fullPage: false });
    await page.getByTestId('filters-done').click();
    expect(await more.innerText()).toBe(language === 'en' ? 'More filters (1)' : 'عوامل تصفية أخرى (١)');
    expect(errors).toEqual([]);
  });
});
