/**
 * Advertisements and static pages through the UI (docs/product.md §2): an admin adds an ad leading to a web
 * address (an http address is refused on its field), switches its target, approves it and reads it;
 * a provider's ad waits for approval; the privacy policy is edited in the rich-text editor and
 * served formatted; the social links page refuses an http link and keeps https ones; Arabic + axe.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { gradientPng } from '../../server/seed/demo-events';
import { DEMO } from '../support/app-server';
import { listRows as rows, pickDate, toArabic, waitForShell, visit, choose } from '../support/app';
import { formatViolations, runAxe } from '../support/axe';
import { expectFitsWidth, PHONE, snap } from '../support/browser';
import { browserSuite } from '../support/suite';

const suite = browserSuite();

const url = (page: Page) => new URL(page.url());
const banner = {
  name: 'banner.png',
  mimeType: 'image/png',
  buffer: Buffer.from(gradientPng([20, 120, 90], [240, 200, 60], 300, 100)),
};
const answerOf = (page: Page, method: string, path: RegExp) =>
  page.waitForResponse((r) => r.request().method() === method && path.test(new URL(r.url()).pathname));

describe('advertisements', () => {
  it('an admin adds an ad to a web address, approves it and reads it', async () => {
    const { page, errors } = await suite.signedIn(DEMO.admin);
    await visit(page, '/admin/advertisement');
    await waitForShell(page);
    await page.getByTestId('add-record').click();
    await page.getByTestId('form-advertisement').waitFor();
    await expect.poll(() => url(page).pathname).toBe('/admin/advertisement/add');

    const title = `Winter Nights ${Date.now()}`;
    await page.getByTestId('field-title.en').fill(title);
    await page.getByTestId('field-title.ar').fill('ليالي الشتاء');
    await page.getByTestId('field-image').setInputFiles(banner);
    await page.getByTestId('preview-image').waitFor();
    await choose(page, 'field-placement', 'home_banner');
    await pickDate(page, 'field-startsOn', '2027-01-05');
    await pickDate(page, 'field-endsOn', '2027-01-25');

    // The target decides which input shows: an event picker, or a web address.
    await page.getByTestId('field-eventId').waitFor();
    expect(await page.getByTestId('field-url').count()).toBe(0);
    await choose(page, 'field-targetType', 'url');
    expect(await page.getByTestId('field-eventId').count()).toBe(0);
    await page.getByTestId('field-url').fill('http://example.com/winter');
    let posted = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/advertisement') posted++;
    });
    await page.getByTestId('form-submit').click();
    await expect.poll(() => page.getByTestId('field-url').getAttribute('aria-invalid')).toBe('true');
    expect(posted).toBe(0);

    await page.getByTestId('field-url').fill('https://example.com/winter');
    const created = answerOf(page, 'POST', /^\/api\/advertisement$/);
    await page.getByTestId('form-submit').click();
    const saved = await created;
    const body = (await saved.json()) as {
      data: { id: number; status: string; eventId: number | null; url: string; providerId: number | null };
    };
    expect(saved.status(), JSON.stringify(body)).toBe(201);
    expect(body.data).toMatchObject({
      status: 'pending',
      eventId: null,
      url: 'https://example.com/winter',
      providerId: null,
    });
    await expect.poll(() => url(page).pathname).toBe('/admin/advertisement');

    // Pending in the list; approve it from the row's menu.
    const searched = page.waitForResponse((r) => new URL(r.url()).searchParams.get('q') === title);
    await page.getByTestId('list-search').fill(title);
    await searched;
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().getByTestId('ad-status').getAttribute('data-status')).toBe('pending');
    await rows(page).first().getByTestId('row-actions').click();
    await page.getByRole('menuitem', { name: 'Approve' }).click();
    const approved = answerOf(page, 'POST', /^\/api\/adsApprove$/);
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Approve' }).click();
    expect((await approved).status()).toBe(200);
    await expect
      .poll(() => rows(page).first().getByTestId('ad-status').getAttribute('data-status'))
      .toBe('approved');

    // Details: the address it leads to, the platform as its owner.
    await rows(page).first().getByTestId('row-actions').click();
    await page.getByRole('menuitem', { name: 'View' }).click();
    await expect.poll(() => url(page).pathname).toBe(`/admin/advertisement/details/${body.data.id}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const details = page.getByTestId('details-advertisement');
    await expect.poll(() => details.innerText()).toContain('https://example.com/winter');
    expect(await details.innerText()).toContain('Platform');

    // The edit form opens at /advertisement/update/{id} with the web address shown.
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect.poll(() => url(page).pathname).toBe(`/admin/advertisement/update/${body.data.id}`);
    await expect.poll(() => page.getByTestId('field-url').inputValue()).toBe('https://example.com/winter');
    expect(await page.getByTestId('field-startsOn').inputValue()).toBe('2027-01-05');
    expect(errors).toEqual([]);
  });

  it('a provider’s ad for one of its events waits for approval; it cannot approve it', async () => {
    const { page, errors } = await suite.signedIn(DEMO.provider);
    await visit(page, '/admin/advertisement/add');
    await waitForShell(page);
    await page.getByTestId('form-advertisement').waitFor();
    expect(await page.getByTestId('field-providerId').count()).toBe(0);
    await page.getByTestId('field-title.en').fill('Our spring show');
    await page.getByTestId('field-title.ar').fill('عرض الربيع');
    await page.getByTestId('field-image').setInputFiles(banner);
    await page.getByTestId('preview-image').waitFor();
    await choose(page, 'field-placement', 'event_list');
    await pickDate(page, 'field-startsOn', '2027-04-01');
    await pickDate(page, 'field-endsOn', '2027-04-10');
    await choose(page, 'field-eventId', { index: 1 });
    const created = answerOf(page, 'POST', /^\/api\/advertisement$/);
    await page.getByTestId('form-submit').click();
    const saved = await created;
    const body = (await saved.json()) as { data: { id: number; status: string; targetType: string } };
    expect(saved.status(), JSON.stringify(body)).toBe(201);
    expect(body.data).toMatchObject({ status: 'pending', targetType: 'event' });
    await visit(page, `/admin/advertisement/details/${body.data.id}`);
    await page.getByTestId('details-advertisement').waitFor();
    expect(await page.getByTestId('action-approve').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('static pages', () => {
  it('the privacy policy is edited in the rich-text editor and served formatted', async () => {
    const { page, errors } = await suite.signedIn(DEMO.admin);
    await visit(page, '/admin/pages');
    await waitForShell(page);
    await expect.poll(() => rows(page).count()).toBeGreaterThan(1);
    const privacy = rows(page).filter({ hasText: 'privacy-policy' });
    expect(await privacy.innerText()).toContain('Required');
    await privacy.getByTestId('row-actions').click();
    // A required page cannot be deleted.
    expect(await page.getByRole('menuitem', { name: 'Delete' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect.poll(() => url(page).pathname).toMatch(/^\/admin\/pages\/privacypolicy\/\d+$/);
    expect(await page.getByTestId('field-slug').getAttribute('readonly')).not.toBeNull();

    const editor = page.getByTestId('field-content.en');
    await editor.waitFor();
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.getByRole('button', { name: 'Heading', exact: true }).first().click();
    await page.keyboard.type('Your data');
    await page.keyboard.press('Enter');
    await page.keyboard.type('We keep ');
    await page.getByRole('button', { name: 'Bold', exact: true }).first().click();
    await page.keyboard.type('only what we need');
    await page.getByRole('button', { name: 'Bold', exact: true }).first().click();
    await page.keyboard.type('.');
    await choose(page, 'field-status', 'published');
    const saved = answerOf(page, 'PUT', /^\/api\/pages\/\d+$/);
    await page.getByTestId('form-submit').click();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => url(page).pathname).toBe('/admin/pages');

    const served = await page.evaluate(async () => {
      const answer = await fetch('/api/master/pages?slug=privacy-policy');
      return ((await answer.json()) as { data: { content: { en: string } }[] }).data[0]!.content.en;
    });
    expect(served).toBe('<h2>Your data</h2><p>We keep <strong>only what we need</strong>.</p>');

    // Its name in the list leads to its read view: the content as served, read-only, and its History.
    await rows(page).filter({ hasText: 'privacy-policy' }).getByRole('link').first().click();
    await expect.poll(() => url(page).pathname).toMatch(/^\/admin\/pages\/details\/\d+$/);
    const content = page.getByTestId('page-content');
    await expect.poll(() => content.innerHTML()).toContain('<strong>only what we need</strong>');
    expect(await content.getAttribute('contenteditable')).toBe('false');
    expect(await content.getByRole('heading', { level: 2, name: 'Your data' }).count()).toBe(1);
    const read = await runAxe(page);
    expect(read, `page read view:\n${formatViolations(read)}`).toEqual([]);
    await snap(page, 'page-details-en-1440');
    await page.getByTestId('tab-history').click();
    await page.getByTestId('record-history').waitFor();

    // /pages/privacypolicy without an id opens the same page.
    await visit(page, '/admin/pages/privacypolicy');
    await expect
      .poll(() => page.getByTestId('field-content.en').innerHTML())
      .toContain('<strong>only what we need</strong>');
    expect(errors).toEqual([]);
  });

  it('the social links page refuses an http link and keeps https ones in order', async () => {
    const { page, errors } = await suite.signedIn(DEMO.admin);
    await visit(page, '/admin/pages/social');
    await waitForShell(page);
    await page.getByTestId('form-page').waitFor();
    const before = await page.getByTestId('link-row').count();
    await page.getByTestId('add-link').click();
    const row = page.getByTestId('link-row').nth(before);
    await row.getByLabel('Name (English)').fill('Mastodon');
    await row.getByLabel('Name (Arabic)').fill('ماستودون');
    await row.getByLabel('Address (https://…)').fill('http://mastodon.example/@events');
    await page.getByTestId('form-submit').click();
    await expect.poll(() => row.getByLabel('Address (https://…)').getAttribute('aria-invalid')).toBe('true');
    await row.getByLabel('Address (https://…)').fill('https://mastodon.example/@events');
    // Move it to the top.
    for (let i = before; i > 0; i--)
      await page.getByRole('button', { name: `Move link ${i + 1} up` }).click();
    const saved = answerOf(page, 'PUT', /^\/api\/pages\/\d+$/);
    await page.getByTestId('form-submit').click();
    const answer = await saved;
    const body = (await answer.json()) as { data: { links: { name: { en: string }; url: string }[] } };
    expect(answer.status(), JSON.stringify(body)).toBe(200);
    expect(body.data.links).toHaveLength(before + 1);
    expect(body.data.links[0]).toEqual({
      name: { en: 'Mastodon', ar: 'ماستودون' },
      url: 'https://mastodon.example/@events',
    });
    expect(errors).toEqual([]);
  });

  it('reads in Arabic, mirrored, and axe finds no serious or critical violation', async () => {
    const { page } = await suite.signedIn(DEMO.admin);
    for (const language of ['en', 'ar'] as const) {
      if (language === 'ar') await toArabic(page);
      for (const [path, ready] of [
        ['/admin/advertisement', 'list-row'],
        ['/admin/advertisement/add', 'form-advertisement'],
        ['/admin/pages', 'list-row'],
        ['/admin/pages/privacypolicy', 'field-content.ar'],
        ['/admin/pages/social', 'link-row'],
      ] as const) {
        await visit(page, path);
        await waitForShell(page);
        await page.getByTestId(ready).first().waitFor();
        const violations = await runAxe(page);
        expect(violations, `${path} (${language}):\n${formatViolations(violations)}`).toEqual([]);
      }
      if (language === 'ar') {
        expect(await page.getByRole('heading', { level: 1 }).innerText()).toContain('روابط التواصل');
        await visit(page, '/admin/pages/privacypolicy');
        await page.getByTestId('field-content.ar').waitFor();
        expect(await page.getByTestId('field-content.ar').getAttribute('dir')).toBe('rtl');
        await snap(page, 'privacy-policy-ar');
      }
    }
  });

  it('at 360 px the ad and page screens fit the width', async () => {
    const { page } = await suite.signedIn(DEMO.admin, { viewport: PHONE });
    for (const [path, ready] of [
      ['/admin/advertisement', 'list-row'],
      ['/admin/advertisement/add', 'form-advertisement'],
      ['/admin/pages', 'list-row'],
      ['/admin/pages/privacypolicy', 'field-content.ar'],
      ['/admin/pages/social', 'link-row'],
    ] as const) {
      await visit(page, path);
      await waitForShell(page);
      await page.getByTestId(ready).first().waitFor();
      await expectFitsWidth(page, path);
    }
    await snap(page, 'social-links-360');
  });
});
