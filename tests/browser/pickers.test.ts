/**
 * Every picker searches the server and pages (docs/product.md §2 lists): a country with 102 cities
 * gives the event form's City picker its first 100 by name and a search box saying so; typing
 * finds a city beyond them, which the picker keeps by name once chosen. At 1440 × 900 and
 * 390 × 844, English and Arabic; screenshots go to tests/.artifacts (gitignored).
 */
import { describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from '../support/app-server';
import { visit } from '../support/app';
import { snap } from '../support/browser';
import { browserSuite } from '../support/suite';

const suite = browserSuite();

const SIZES = [
  ['1440', { width: 1440, height: 900 }],
  ['390', { width: 390, height: 844 }],
] as const;

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

describe.each(['en', 'ar'] as const)('pickers over long lists (%s)', (language) => {
  it("the event form's City picker shows the first 100 and finds the others on the server", async () => {
    await manyCities();
    for (const [size, viewport] of SIZES) {
      const { page, errors } = await suite.signedIn(DEMO.admin, { viewport, language });
      await visit(page, '/admin/event/add');
      const country = page.getByTestId('field-countryId');
      await expect.poll(() => country.locator('option').count()).toBeGreaterThan(2);
      const value = await country
        .locator('option')
        .evaluateAll(
          (options) =>
            (options as HTMLOptionElement[]).find((o) => /Pickerland|بلاد المنتقي/.test(o.text))?.value,
        );
      await country.selectOption(value!);
      const city = page.getByTestId('field-cityId');
      // "Choose…" and the first 100 by name.
      await expect.poll(() => city.locator('option').count()).toBe(101);
      const search = page.getByTestId('picker-search-cityId');
      await search.waitFor();
      expect(await page.locator('main#main').innerText()).toContain(
        language === 'en'
          ? 'The first 100 are shown: type at least 2 letters to find others.'
          : 'تظهر أول ١٠٠ فقط: اكتب حرفين على الأقل للعثور على غيرها.',
      );
      expect(await city.locator('option', { hasText: 'Zephyr' }).count()).toBe(0);
      await snap(page, `picker-city-${size}-${language}`, { fullPage: false });
      await search.fill('Zephyr');
      await expect.poll(() => city.locator('option').count()).toBe(2);
      const zephyr = await city.locator('option').nth(1).getAttribute('value');
      await city.selectOption(zephyr!);
      // The search cleared, the chosen city keeps its name.
      await search.fill('');
      await expect.poll(() => city.locator('option').count()).toBe(102);
      expect(await city.locator('option:checked').innerText()).toMatch(/Zephyr Pickertown/);
      expect(errors).toEqual([]);
    }
  });
});
