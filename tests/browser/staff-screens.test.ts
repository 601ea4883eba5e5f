/**
 * The right things for each role and the small things (docs/product.md §2, ADR 0023), at 1440 × 900
 * and 390 × 844, in English and Arabic: a provider's "My business" in the menu (the drawer on a
 * phone), a provider's profile without the admins' notification settings, a manager's dashboard
 * without an approval queue it cannot act on, and the language saved on the server applied after
 * sign-in on a new device. Screenshots go to tests/.artifacts (gitignored).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from '../support/app-server';
import { chooseLanguage, htmlLangDir, sidebarToggle, waitForShell, visit, choose } from '../support/app';
import { snap } from '../support/browser';
import { browserSuite } from '../support/suite';

const suite = browserSuite();

const WIDE = { width: 1440, height: 900 } as const;
const PHONE = { width: 390, height: 844 } as const;
const SIZES = [
  ['1440', WIDE],
  ['390', PHONE],
] as const;

const { api } = suite;
const tokenOf = async (email: string) =>
  (await api('/api/login', null, { email, password: DEMO_PASSWORD })).body.token as string;

/** Signs in by the fields' kinds, whatever the screen's language. */
async function login(page: Page, email: string) {
  await page.locator('input[autocomplete="username"]').fill(email);
  await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
}

/** The sidebar's links, on a phone from the drawer. */
async function sidebarLinks(page: Page, phone: boolean): Promise<string[]> {
  if (phone) await sidebarToggle(page).click();
  const sidebar = page.getByTestId('sidebar').last();
  await sidebar.locator('a[href]').first().waitFor();
  const groups = sidebar.locator('button[aria-expanded="false"]');
  while ((await groups.count()) > 0) await groups.first().click();
  return sidebar
    .locator('a[href]')
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

describe.each(['en', 'ar'] as const)('the right things for each role (%s)', (language) => {
  it('a provider has "My business" in its menu: its profile with documents, and its supervisors', async () => {
    const { page, errors } = await suite.signedIn(DEMO.provider, { viewport: WIDE, language });
    for (const [size, viewport] of SIZES) {
      await page.setViewportSize(viewport);
      await visit(page, '/admin/');
      await waitForShell(page);
      const links = await sidebarLinks(page, size === '390');
      // Right after the dashboard, and no group holds a single link.
      expect(links.slice(0, 3)).toEqual(['/admin/', '/admin/serviceprovider', '/admin/supervisor']);
      const business = page.getByTestId('sidebar').last().locator('button[aria-expanded]').first();
      expect(await business.innerText()).toBe(language === 'en' ? 'My business' : 'نشاطي التجاري');
      expect(await page.getByTestId('sidebar').last().locator('button[aria-expanded]').count()).toBe(2);
      await snap(page, `role-provider-menu-${size}-${language}`, { fullPage: false });
      await page.getByTestId('sidebar').last().locator('a[href="/admin/serviceprovider"]').click();
      // Its own record, which it may open (no "No access").
      await page.getByTestId('list-row').first().waitFor();
      expect(await page.getByTestId('list-row').count()).toBe(1);
      expect(await page.getByTestId('no-access').count()).toBe(0);
    }
    expect(errors).toEqual([]);
  });

  it('a provider sees only its own notification settings; a manager, who gets none, no section', async () => {
    const provider = await suite.signedIn(DEMO.provider, { viewport: WIDE, language });
    for (const [size, viewport] of SIZES) {
      await provider.page.setViewportSize(viewport);
      await visit(provider.page, '/admin/profile');
      await provider.page.getByTestId('notify-event_decided').waitFor();
      for (const kind of ['event_decided', 'ad_decided', 'booking_cancelled'])
        expect(await provider.page.getByTestId(`notify-${kind}`).count()).toBe(1);
      for (const kind of ['provider_registered', 'event_submitted', 'ad_submitted'])
        expect(await provider.page.getByTestId(`notify-${kind}`).count()).toBe(0);
      await provider.page.getByTestId('notification-settings').scrollIntoViewIfNeeded();
      await snap(provider.page, `role-provider-profile-${size}-${language}`, { fullPage: false });
    }

    const manager = await suite.signedIn(DEMO.manager, { viewport: WIDE, language });
    await visit(manager.page, '/admin/profile');
    await manager.page.getByTestId('profile-page-email').waitFor();
    expect(await manager.page.getByTestId('notification-settings').count()).toBe(0);
  });

  it('a manager’s dashboard has no approval queue; its links open', async () => {
    const { page, errors } = await suite.signedIn(DEMO.manager, { viewport: WIDE, language });
    for (const [size, viewport] of SIZES) {
      await page.setViewportSize(viewport);
      await visit(page, '/admin/');
      await page.getByTestId('stat-month').waitFor();
      await page.getByTestId('latest-bookings').waitFor();
      expect(await page.locator('[data-testid^="waiting-"]').count()).toBe(0);
      await snap(page, `role-manager-dashboard-${size}-${language}`, { fullPage: false });
    }
    // Every link on it leads somewhere the manager may open.
    const hrefs = await page
      .getByTestId('admin-dashboard')
      .locator('a[href]')
      .evaluateAll((links) => [...new Set(links.map((a) => (a as HTMLAnchorElement).pathname))]);
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) {
      await visit(page, href);
      await waitForShell(page);
      expect(await page.getByTestId('no-access').count(), href).toBe(0);
    }
    expect(errors).toEqual([]);
  });

  it('on a new device the language saved on the server is applied after sign-in', async () => {
    const other = language === 'en' ? 'ar' : 'en';
    const token = await tokenOf(DEMO.admin);
    expect((await api('/api/set-language', token, { language })).status).toBe(200);
    for (const [size, viewport] of SIZES) {
      // A device that shows the other language signed out (chosen in another tab, earlier).
      const { context, page: earlier } = await suite.open({ viewport });
      await earlier.goto('/admin/login');
      if (other === 'ar') await chooseLanguage(earlier, 'ar');
      await expect.poll(() => htmlLangDir(earlier)).toMatchObject({ lang: other });
      await earlier.close();
      const page = await context.newPage();
      await page.goto('/admin/login');
      await expect.poll(() => htmlLangDir(page)).toMatchObject({ lang: other });
      await login(page, DEMO.admin);
      await waitForShell(page);
      await expect
        .poll(() => htmlLangDir(page))
        .toEqual({ lang: language, dir: language === 'ar' ? 'rtl' : 'ltr' });
      expect(await page.locator('main h1').first().innerText()).toBe(
        language === 'en' ? 'Admin dashboard' : 'لوحة تحكم الإدارة',
      );
      await snap(page, `language-restored-${size}-${language}`, { fullPage: false });
    }
    // Back to English for the other tests of this file.
    expect((await api('/api/set-language', token, { language: 'en' })).status).toBe(200);
  });
});

describe('the language chosen on the sign-in screen', () => {
  it('wins over the saved one and is saved on the server', async () => {
    const token = await tokenOf(DEMO.manager);
    expect((await api('/api/set-language', token, { language: 'en' })).status).toBe(200);
    const { page } = await suite.open({ viewport: PHONE });
    await page.goto('/admin/login');
    await chooseLanguage(page, 'ar');
    await expect.poll(() => htmlLangDir(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/set-language');
    await login(page, DEMO.manager);
    expect((await saved).request().postDataJSON()).toEqual({ language: 'ar' });
    await waitForShell(page);
    expect(await htmlLangDir(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    const profile = await api('/api/profile', token);
    expect((profile.body.data as { language: string }).language).toBe('ar');
    expect((await api('/api/set-language', token, { language: 'en' })).status).toBe(200);
  });
});

/** An instant on Muscat's clock, as the app's English and Arabic formats write it. */
const muscat = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Muscat',
  }).format(new Date(iso));

/** A new event at a venue in Muscat, 18:00 to 21:00 on its clock (created by an admin through the API). */
async function muscatEvent(token: string) {
  const venues = await api('/api/master/list?type=location&q=Muscat', token);
  const venue = (venues.body.data as { id: number; timeZone: string }[]).find(
    (v) => v.timeZone === 'Asia/Muscat',
  )!;
  const full = (await api(`/api/master/listSingledata?type=location&id=${venue.id}`, token)).body.data as {
    countryId: number;
    cityId: number;
  };
  const template = (await api('/api/event?pageSize=10', token)).body.data as {
    items: { categoryId: number; providerId: number }[];
  };
  const created = await api('/api/event', token, {
    title: { en: `Muscat evening ${Date.now()}`, ar: `أمسية مسقط ${Date.now()}` },
    description: { en: 'On the venue clock.', ar: 'بتوقيت المكان.' },
    categoryId: template.items[0]!.categoryId,
    providerId: template.items[0]!.providerId,
    countryId: full.countryId,
    cityId: full.cityId,
    locationId: venue.id,
    startsAt: '2028-01-15T18:00:00+04:00',
    endsAt: '2028-01-15T21:00:00+04:00',
    price: 5000,
    capacity: 40,
  });
  expect(created.status).toBe(201);
  return created.body.data as { id: number; startsAt: string; title: { en: string } };
}

describe.each(['en', 'ar'] as const)('one time zone rule (%s)', (language) => {
  it("a device in India sees an event at a Muscat venue on the venue's clock, named, in list, details and form; bookings on its own clock, labelled", async () => {
    const token = await tokenOf(DEMO.admin);
    const event = await muscatEvent(token);
    const bookings = await api('/api/booking?pageSize=10', token);
    const booking = (bookings.body.data as { items: { id: number }[] }).items[0]!;
    const locale = language === 'en' ? 'en' : 'ar-SA-u-ca-gregory';
    const zone = language === 'en' ? 'Muscat (GMT+4)' : 'مسقط (غرينتش+٤)';
    const expected = `${muscat(event.startsAt, locale)} ${zone}`;
    // 18:00 on the venue's clock, whatever the device's (GMT+5:30).
    expect(muscat(event.startsAt, 'en')).toMatch(/6:00\sPM/);
    for (const [size, viewport] of SIZES) {
      const { page, errors } = await suite.signedIn(DEMO.admin, {
        viewport,
        timezoneId: 'Asia/Kolkata',
        language,
      });
      await visit(page, `/admin/event?sort=startsAt&order=desc&q=${encodeURIComponent(event.title.en)}`);
      await page.getByTestId('list-row').first().waitFor();
      expect(await page.getByTestId('list-row').first().innerText()).toContain(expected);
      await snap(page, `timezone-event-list-${size}-${language}`, { fullPage: false });
      await visit(page, `/admin/event/details/${event.id}`);
      await page.getByTestId('details-event').waitFor();
      expect(await page.getByTestId('details-event').innerText()).toContain(expected);
      await snap(page, `timezone-event-details-${size}-${language}`, { fullPage: false });
      await visit(page, `/admin/event/add/${event.id}`);
      const input = page
        .getByTestId('field-startsAt')
        .locator('input')
        .or(page.locator('input[data-testid="field-startsAt"]'))
        .first();
      await expect.poll(() => input.inputValue()).not.toBe('');
      expect(await input.inputValue()).toBe('2028-01-15T18:00');
      // The form names the venue's clock at the field.
      await expect
        .poll(() => page.locator('main#main').innerText())
        .toContain(language === 'en' ? `Venue time: ${zone}.` : `بتوقيت مكان الفعالية: ${zone}.`);
      await snap(page, `timezone-event-form-${size}-${language}`, { fullPage: false });
      // A new location takes its country's zone, named; any zone can be typed.
      await visit(page, '/admin/location/add');
      const countryPicker = page.getByTestId('field-countryId');
      // The countries come from the server after the form shows: the option is waited for in the open list.
      await choose(page, countryPicker, { label: language === 'en' ? 'Oman' : 'عُمان' });
      await expect
        .poll(() => page.getByTestId('field-timeZone').inputValue(), { timeout: 15_000 })
        .toBe('Asia/Muscat');
      expect(await page.locator('main#main').innerText()).toContain(
        language === 'en'
          ? 'Events here are shown in Muscat (GMT+4).'
          : 'تظهر أوقات الفعاليات هنا بتوقيت مسقط (غرينتش+٤).',
      );
      await snap(page, `timezone-location-form-${size}-${language}`, { fullPage: false });
      // A booking's time is a moment: the device's clock, labelled (India is GMT+5:30).
      await visit(page, `/admin/booking-details?id=${booking.id}`);
      await page.getByTestId('booking-event').waitFor();
      // The event inside the booking keeps its venue's clock, named.
      expect(await page.getByTestId('booking-event').innerText()).toMatch(
        language === 'en' ? /[A-Za-z ]+ \(GMT\+\d\)/ : /\(غرينتش\+[٠-٩]\)/,
      );
      expect(await page.locator('main#main').innerText()).toMatch(
        language === 'en' ? /GMT\+5:30/ : /غرينتش\+٥:٣٠|GMT\+5:30/,
      );
      expect(errors).toEqual([]);
    }
  });
});
