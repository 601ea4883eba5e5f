/**
 * The browser side of docs/security.md:
 * - the strict Content-Security-Policy holds and the app works under it: no `securitypolicyviolation`
 *   event and no CSP console error across sign-in, dashboard, profile, lists, details and a form;
 * - user text never runs as code: script payloads stored (through the API) in every text field the
 *   app shows — profile name, master names, provider business and contact names, supervisor and
 *   user names — never fire a dialog, never set the marker they try to set, and never become
 *   elements in the DOM; they are shown as text.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from '../support/app-server';
import { signIn, waitForShell } from '../support/app';
import { browserSuite } from '../support/suite';
import { waitForQuiet } from '../support/browser';

const suite = browserSuite();

/** Each payload tries to set window.__xss and open a dialog. */
const PAYLOADS = [
  '<img src=x onerror="window.__xss=1;alert(1)">',
  '<script>window.__xss=2;alert(2)</script>',
  '"><svg onload="window.__xss=3;alert(3)">',
  "javascript:window.__xss=4;alert('4')",
  '<iframe srcdoc="<script>parent.__xss=5</script>">',
];
const named = (i: number, lang: 'en' | 'ar') =>
  `${lang === 'ar' ? 'اسم' : 'Name'} ${i} ${PAYLOADS[i % PAYLOADS.length]!}`.slice(0, 100);

const api = async (path: string, init: { method?: string; token?: string; body?: unknown } = {}) => {
  const res = await fetch(`${suite.server.origin}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'Content-Type': 'application/json',
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = (await res.json()) as { data?: Record<string, unknown>; token?: string; message?: string };
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
};

/** Stores the payloads in every text field the app shows; returns where to look for them. */
const plant = async () => {
  const admin = (
    await api('/api/login', {
      method: 'POST',
      body: { email: DEMO.admin, password: DEMO_PASSWORD },
    })
  ).token!;
  const profile = (await api('/api/profile', { token: admin })).data!;
  await api('/api/profile', {
    method: 'PUT',
    token: admin,
    body: {
      name: { en: named(0, 'en'), ar: named(0, 'ar') },
      phone: profile.phone,
      version: profile.version,
    },
  });
  const country = (
    await api('/api/master/addlist', {
      method: 'POST',
      token: admin,
      body: {
        type: 'country',
        name: { en: named(1, 'en'), ar: named(1, 'ar') },
        isoCode: 'XQ',
        dialCode: '+999',
      },
    })
  ).data!;
  const city = (
    await api('/api/master/addlist', {
      method: 'POST',
      token: admin,
      body: { type: 'city', name: { en: named(2, 'en'), ar: named(2, 'ar') }, countryId: country.id },
    })
  ).data!;
  await api('/api/master/addlist', {
    method: 'POST',
    token: admin,
    body: {
      type: 'location',
      name: { en: named(3, 'en'), ar: named(3, 'ar') },
      countryId: country.id,
      cityId: city.id,
      address: named(4, 'en'),
      latitude: 24.7,
      longitude: 46.6,
    },
  });
  await api('/api/master/addlist', {
    method: 'POST',
    token: admin,
    body: { type: 'category', name: { en: named(5, 'en'), ar: named(5, 'ar') }, sortOrder: 0 },
  });
  const providers = (await api('/api/serviceprovider?q=provider%40example.com', { token: admin })).data!
    .items as Record<string, unknown>[];
  const provider = providers.find((p) => p.email === DEMO.provider)!;
  await api(`/api/serviceprovider/${provider.id as number}`, {
    method: 'PUT',
    token: admin,
    body: {
      name: { en: named(6, 'en'), ar: named(6, 'ar') },
      email: provider.email,
      phone: provider.phone,
      businessName: { en: named(7, 'en'), ar: named(7, 'ar') },
      description: { en: named(8, 'en'), ar: named(8, 'ar') },
      categoryId: provider.categoryId,
      cityId: provider.cityId,
      contactPhone: provider.contactPhone,
      version: provider.version,
    },
  });
  await api('/api/event-manager/add', {
    method: 'POST',
    token: admin,
    body: {
      name: { en: named(9, 'en'), ar: named(9, 'ar') },
      email: 'xss.supervisor@test.example.com',
      phone: null,
      providerId: provider.id,
    },
  });
  const user = (
    await api('/api/users', {
      method: 'POST',
      token: admin,
      body: {
        name: { en: named(10, 'en'), ar: named(10, 'ar') },
        email: 'xss.user@test.example.com',
        phone: null,
        role: 'manager',
      },
    })
  ).data!;
  return { countryId: country.id as number, providerId: provider.id as number, userId: user.id as number };
};

/** Records CSP violations (before any page script runs), dialogs and CSP console errors. */
const watch = async (page: Page) => {
  const dialogs: string[] = [];
  const consoleCsp: string[] = [];
  await page.context().addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('console', (m) => {
    if (/Content[- ]Security[- ]Policy|Refused to (execute|load|apply|connect|frame)/i.test(m.text()))
      consoleCsp.push(m.text());
  });
  const check = async (where: string) => {
    const state = await page.evaluate(() => {
      const w = window as unknown as { __csp?: string[]; __xss?: unknown };
      const injected = [
        ...document.querySelectorAll('img[src="x"], svg[onload], iframe[srcdoc], [onerror], [onload]'),
        ...[...document.querySelectorAll('script')].filter((s) => (s.textContent ?? '').includes('__xss')),
        ...[...document.querySelectorAll('a[href^="javascript:" i]')],
      ].map((el) => el.outerHTML.slice(0, 120));
      return { csp: w.__csp ?? [], xss: w.__xss ?? null, injected };
    });
    expect(state.csp, `CSP violations on ${where}`).toEqual([]);
    expect(state.xss, `payload ran on ${where}`).toBeNull();
    expect(state.injected, `injected elements on ${where}`).toEqual([]);
    expect(dialogs, `dialogs on ${where}`).toEqual([]);
    expect(consoleCsp, `CSP console errors on ${where}`).toEqual([]);
  };
  return { check };
};

describe('security in the browser', () => {
  it('strict CSP: the document is served with it and the main flows cause no violation', async () => {
    const res = await fetch(`${suite.server.origin}/admin/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|$)/);
    expect(csp).not.toMatch(/(?<!wasm-)unsafe-eval|script-src[^;]*unsafe-inline/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).toMatch(/object-src 'none'/);
    expect(csp).not.toMatch(/https?:\/\//); // no third-party origins
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');

    const { page, errors } = await suite.open();
    const { check } = await watch(page);
    await page.goto('/admin/login');
    await page.getByLabel('Email Id').waitFor();
    await check('login');
    await signIn(page, DEMO.admin, DEMO_PASSWORD);
    await waitForShell(page);
    await check('dashboard');
    for (const path of ['/admin/profile', '/admin/country', '/admin/serviceprovider', '/admin/country/add']) {
      await page.goto(path);
      await waitForShell(page);
      await waitForQuiet(page);
      await check(path);
    }
    expect(errors).toEqual([]);
  });

  it('script payloads in every shown text field stay text', async () => {
    const ids = await plant();
    const { page, errors } = await suite.open();
    const { check } = await watch(page);
    await signIn(page, DEMO.admin, DEMO_PASSWORD);
    await waitForShell(page);
    // the header's profile menu shows the (payload) name
    await page.getByTestId('profile-menu').click();
    await page.getByText(named(0, 'en').slice(0, 30), { exact: false }).first().waitFor();
    await check('profile menu');
    await page.keyboard.press('Escape');

    const visits: [string, string][] = [
      ['/admin/profile', ''],
      ['/admin/country?q=Name', named(1, 'en')],
      ['/admin/city?q=Name', named(2, 'en')],
      ['/admin/location?q=Name', named(3, 'en')],
      ['/admin/category?q=Name', named(5, 'en')],
      ['/admin/serviceprovider?q=provider', named(7, 'en')],
      [`/admin/serviceprovider-details/${ids.providerId}`, named(7, 'en')],
      ['/admin/supervisor?q=xss', named(9, 'en')],
      ['/admin/users?q=xss', named(10, 'en')],
      [`/admin/country/add/${ids.countryId}`, ''],
      [`/admin/user/update/${ids.userId}`, ''],
    ];
    for (const [path, text] of visits) {
      await page.goto(path);
      await waitForShell(page);
      await waitForQuiet(page);
      if (text)
        await page.getByText(text.slice(0, 40), { exact: false }).first().waitFor({ timeout: 15_000 });
      await check(path);
    }
    expect(errors).toEqual([]);
  });
});
