/**
 * The control family (docs/decisions/0081-one-control-family.md) and every picker searching the
 * server (docs/product.md §2 lists). A select's trigger has the height, radius and white fill of a
 * text input of the same form; the lists are chosen by keyboard and open right to left in Arabic; a
 * time typed and a time picked both land in the value; required fields are marked. A country with
 * 102 cities gives the event form's City picker its first 100 by name and a search box saying so;
 * typing finds a city beyond them, which the picker keeps by name once chosen. At 1280 × 800,
 * 1440 × 900 and 390 × 844, English and Arabic; screenshots (1440, 390) go to tests/.artifacts.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from '../support/app-server';
import { choose, chosenValue, pickTime, visit } from '../support/app';
import { snap } from '../support/browser';
import { browserSuite } from '../support/suite';

const suite = browserSuite();

const SIZES = [
  ['1280', { width: 1280, height: 800 }],
  ['1440', { width: 1440, height: 900 }],
  ['390', { width: 390, height: 844 }],
] as const;

/** The box of an element as the eye sees it: height, corner radius, fill, border width. */
const look = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      height: Math.round(el.getBoundingClientRect().height),
      radius: style.borderTopLeftRadius,
      fill: style.backgroundColor,
      border: style.borderTopWidth,
    };
  });

const api = (path: string, token: string | null, body?: unknown) =>
  suite.api<{ data: Record<string, unknown>; token?: string }>(path, token, body);

/** A country of 102 cities (created once, in parallel): "Pickertown 001" … "101" and "Zephyr Pickertown". */
let many: Promise<{ country: string }> | null = null;
const manyCities = () =>
  (many ??= (async () => {
    const token = (await api('/api/login', null, { email: DEMO.admin, password: DEMO_PASSWORD })).body.token!;
    const country = await api('/api/master/addlist', token, {
      type: 'country',
      name: { en: 'Pickerland', ar: 'بلاد المنتقي' },
      isoCode: 'QP',
      dialCode: '+998',
    });
    expect(country.status).toBe(201);
    const countryId = country.body.data.id as number;
    const names = [
      ...Array.from({ length: 101 }, (_, i) => `Pickertown ${String(i + 1).padStart(3, '0')}`),
      'Zephyr Pickertown',
    ];
    const made = await Promise.all(
      names.map((en) =>
        api('/api/master/addlist', token, { type: 'city', name: { en, ar: `${en} ع` }, countryId }),
      ),
    );
    expect(made.map((m) => m.status)).toEqual(names.map(() => 201));
    return { country: 'Pickerland' };
  })());

describe.each(['en', 'ar'] as const)('choice controls and pickers over long lists (%s)', (language) => {
  it("look like the form's text inputs, choose by keyboard and search the City picker's cities on the server", async () => {
    await manyCities();
    const { page, errors } = await suite.signedIn(DEMO.admin, { viewport: SIZES[1][1], language });
    for (const [size, viewport] of SIZES) {
      await page.setViewportSize(viewport);
      await visit(page, '/admin/event/add');
      await page.getByTestId('field-countryId').waitFor();
      // The same box as the title's text input: height, radius, white fill, border (the date box too).
      const input = await look(page, 'field-title.en');
      for (const control of ['field-countryId', 'field-startsAt-day'])
        expect(await look(page, control), `${control} at ${size} (${language})`).toEqual(input);
      expect(input.fill).toBe('rgb(255, 255, 255)');
      // Required fields are marked on their label before Save; screen readers hear "required" from a
      // text input's own state, from the label's word for a choice.
      const titleLabel = page.locator('label', { has: page.getByTestId('required-mark') }).first();
      expect(await titleLabel.innerText()).toContain('*');
      expect(
        await page.getByTestId('field-title.en').evaluate((el) => (el as HTMLInputElement).required),
      ).toBe(true);
      const category = page.getByRole('combobox', {
        name: language === 'en' ? /Category.*required/ : /مطلوب/,
      });
      expect(await category.count()).toBeGreaterThan(0);
      if (size === '1280') continue;

      await choose(page, 'field-countryId', { label: /Pickerland|بلاد المنتقي/ });
      const city = page.getByTestId('field-cityId');
      await city.click();
      const options = page.getByTestId('field-cityId-options');
      // "Choose…" and the first 100 by name.
      await expect.poll(() => options.locator('[data-choice]').count()).toBe(101);
      expect(await options.innerText()).toContain(
        language === 'en'
          ? 'The first 100 are shown: type at least 2 letters to find others.'
          : 'تظهر أول ١٠٠ فقط: اكتب حرفين على الأقل للعثور على غيرها.',
      );
      expect(await options.locator('[data-choice]', { hasText: 'Zephyr' }).count()).toBe(0);
      // The popover opens under the trigger, from its start: the right edge in Arabic.
      const [trigger, popover] = [(await city.boundingBox())!, (await options.boundingBox())!];
      expect(await options.evaluate((el) => getComputedStyle(el).direction)).toBe(
        language === 'ar' ? 'rtl' : 'ltr',
      );
      if (language === 'ar')
        expect(Math.abs(trigger.x + trigger.width - (popover.x + popover.width))).toBeLessThan(2);
      else expect(Math.abs(trigger.x - popover.x)).toBeLessThan(2);
      await snap(page, `picker-city-${size}-${language}`, { fullPage: false });
      await page.getByTestId('picker-search-cityId').fill('Zephyr');
      await expect.poll(() => options.locator('[data-choice]').count()).toBe(2);
      // By keyboard: down to the city found, Enter chooses it and closes the list.
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await options.waitFor({ state: 'hidden' });
      await expect.poll(() => city.innerText()).toMatch(/Zephyr Pickertown/);
      // The search cleared, the chosen city keeps its name among the first 100.
      await city.click();
      await expect.poll(() => options.locator('[data-choice]').count()).toBe(102);
      await page.keyboard.press('Escape');
      await options.waitFor({ state: 'hidden' });

      // The date and the time: a quarter hour picked from the list, another time typed.
      await page.getByTestId('field-startsAt-day').click();
      await page.getByTestId('field-startsAt-calendar').waitFor();
      await snap(page, `control-date-open-${size}-${language}`, { fullPage: false });
      await choose(page, 'field-startsAt-year', '2027');
      await choose(page, 'field-startsAt-month', '2');
      await page.getByTestId('field-startsAt-calendar').locator('[data-day="2027-03-10"] button').click();
      await choose(page, 'field-startsAt-time', '18:15');
      expect(await page.getByTestId('field-startsAt').inputValue()).toBe('2027-03-10T18:15');
      // With a day, the time control is enabled, and as white as the text input.
      expect(await look(page, 'field-startsAt-time')).toEqual(input);
      await page.getByTestId('field-startsAt-time').click();
      await snap(page, `control-time-open-${size}-${language}`, { fullPage: false });
      await page.keyboard.press('Escape');
      await pickTime(page, 'field-startsAt-time', '09:07');
      expect(await page.getByTestId('field-startsAt').inputValue()).toBe('2027-03-10T09:07');
      expect(await page.getByTestId('field-startsAt-time').innerText()).toBe(
        language === 'en' ? '09:07' : '٠٩:٠٧',
      );
    }

    // A short list (Radix Select) by keyboard: Enter opens, arrows move, Enter chooses, Escape closes.
    await page.setViewportSize(SIZES[1][1]);
    await visit(page, '/admin/event');
    const status = page.getByTestId('filter-status');
    await status.focus();
    await page.keyboard.press('Enter');
    const list = page.getByTestId('filter-status-options');
    await list.waitFor();
    expect(await list.evaluate((el) => getComputedStyle(el).direction)).toBe(
      language === 'ar' ? 'rtl' : 'ltr',
    );
    await snap(page, `control-select-open-1440-${language}`, { fullPage: false });
    // The chosen one ("All") has the focus once the list is placed; the next one is a status.
    await list.locator('[data-highlighted][data-choice=""]').waitFor();
    await page.keyboard.press('ArrowDown');
    await list.locator('[data-highlighted]:not([data-choice=""])').waitFor();
    await page.keyboard.press('Enter');
    await list.waitFor({ state: 'hidden' });
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBeTruthy();
    const chosen = await chosenValue(page, 'filter-status');
    await status.focus();
    await page.keyboard.press('ArrowDown');
    await list.waitFor();
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'hidden' });
    expect(await chosenValue(page, 'filter-status')).toBe(chosen);
    await page.setViewportSize(SIZES[2][1]);
    expect(errors).toEqual([]);
  });
});
