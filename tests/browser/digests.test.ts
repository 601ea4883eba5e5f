/**
 * The morning digest in My Profile (docs/decisions/0072-staff-digests.md): a staff member switches
 * it on with the clock it follows, sees when the next one comes, and the server keeps it; in English
 * (a provider) and Arabic (an admin), at 1440 and 390 px, with screenshots.
 */
import { describe, expect, it } from 'vitest';
import { DEMO } from '../support/app-server';
import { idbValue, snap } from '../support/browser';
import { visit, choose } from '../support/app';
import { browserSuite } from '../support/suite';

const suite = browserSuite();

const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

describe('the morning digest', () => {
  it.each([
    ['en', DEMO.provider, 'Asia/Dubai', /Next digest: .*07:00/],
    ['ar', DEMO.admin, 'Asia/Riyadh', /الملخص التالي: .*٠٧:٠٠/],
  ] as const)('in %s: switched on in My Profile, with its clock', async (language, email, zone, next) => {
    const { page, errors } = await suite.signedIn(email, { viewport: WIDE, language });
    const token = (await idbValue(page, 'loginToken')) as string;
    // Off to begin with (a journey run once more finds it so too).
    await suite.api('/api/profile/digest', token, { enabled: false }, 'PUT');
    await visit(page, '/admin/profile');
    const section = page.getByTestId('digest-settings');
    const enabled = section.getByTestId('digest-enabled');
    await enabled.waitFor();
    expect(await enabled.isChecked()).toBe(false);
    await expect.poll(() => section.getByTestId('digest-next').count()).toBe(0);
    await enabled.check();
    await choose(page, section.getByTestId('digest-zone'), zone);
    await section.getByTestId('digest-save').click();
    await expect.poll(() => section.getByTestId('digest-next').textContent()).toMatch(next);
    expect(await page.locator('html').getAttribute('dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');
    await section.scrollIntoViewIfNeeded();
    await snap(page, `digest-${language}-1440`, { fullPage: false });
    // The server keeps it.
    const kept = await suite.api<{ data: { enabled: boolean; timeZone: string } }>(
      '/api/profile/digest',
      token,
    );
    expect(kept.body.data).toMatchObject({ enabled: true, timeZone: zone });
    // On a phone: nothing cut off.
    await page.setViewportSize(PHONE);
    await section.scrollIntoViewIfNeeded();
    const box = (await section.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    const select = (await section.getByTestId('digest-zone').boundingBox())!;
    expect(select.x + select.width).toBeLessThanOrEqual(box.x + box.width);
    await snap(page, `digest-${language}-390`, { fullPage: false });
    expect(errors).toEqual([]);
  });
});
