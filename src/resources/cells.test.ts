import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { activateLanguage } from '@/app/i18n';
import { dateTime, venueTime } from './cells';

// 16:00 UTC: 19:00 in Riyadh (UTC+3), 20:00 in Muscat (UTC+4), whatever the zone of the machine.
const START = '2026-12-25T16:00:00.000Z';

describe('times (docs/product.md §2, one time zone rule)', () => {
  beforeAll(async () => {
    await activateLanguage('en');
  });

  it("shows an event time on its venue's clock, with the zone named", () => {
    expect(venueTime(START, 'Asia/Riyadh', { i18n, language: 'en' })).toBe(
      'Dec 25, 2026, 7:00 PM Riyadh (GMT+3)',
    );
    expect(venueTime(START, 'Asia/Muscat', { i18n, language: 'en' })).toBe(
      'Dec 25, 2026, 8:00 PM Muscat (GMT+4)',
    );
    // Daylight saving: London's offset in July, named by its city.
    expect(venueTime('2026-07-01T16:00:00.000Z', 'Europe/London', { i18n, language: 'en' })).toBe(
      'Jul 1, 2026, 5:00 PM London (GMT+1)',
    );
    // No venue: the platform's zone.
    expect(venueTime(START, null, { i18n, language: 'en' })).toBe('Dec 25, 2026, 7:00 PM Riyadh (GMT+3)');
    expect(venueTime(null, 'Asia/Muscat', { i18n, language: 'en' })).toBe('—');
  });

  it('shows a moment on the viewer clock, labelled with its zone', () => {
    const shown = dateTime(START, { i18n });
    const zone = new Intl.DateTimeFormat('en', { timeZoneName: 'short' })
      .formatToParts(new Date(START))
      .find((p) => p.type === 'timeZoneName')!.value;
    expect(shown.endsWith(zone)).toBe(true);
    expect(shown).toMatch(/^Dec 25, 2026, /);
  });

  it('names the venue zone in Arabic, with Arabic digits', async () => {
    await activateLanguage('ar');
    const text = venueTime(START, 'Asia/Muscat', { i18n, language: 'ar' });
    expect(text).toContain('مسقط (غرينتش+٤)');
    // 8:00 PM in Arabic-Indic digits.
    expect(text).toContain('٨:٠٠');
    expect(text).not.toMatch(/[0-9]/);
    await activateLanguage('en');
  });
});
