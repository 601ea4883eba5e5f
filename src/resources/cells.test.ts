import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { activateLanguage } from '@/app/i18n';
import { dateTime, venueTime } from './cells';

// 16:00 UTC: 19:00 in Riyadh (UTC+3), whatever the zone of the machine running the test.
const START = '2026-12-25T16:00:00.000Z';

describe('times (docs/product.md §2, one time zone rule)', () => {
  beforeAll(async () => {
    await activateLanguage('en');
  });

  it('shows an event time on the venue clock, with the zone named', () => {
    expect(venueTime(START, { i18n, language: 'en' })).toBe('Dec 25, 2026, 7:00 PM Riyadh time');
    expect(venueTime(null, { i18n, language: 'en' })).toBe('—');
  });

  it('shows a moment on the viewer clock, labelled with its zone', () => {
    const shown = dateTime(START, { i18n, language: 'en' });
    const zone = new Intl.DateTimeFormat('en', { timeZoneName: 'short' })
      .formatToParts(new Date(START))
      .find((p) => p.type === 'timeZoneName')!.value;
    expect(shown.endsWith(zone)).toBe(true);
    expect(shown).toMatch(/^Dec 25, 2026, /);
  });

  it('names the venue zone in Arabic, with Arabic digits', async () => {
    await activateLanguage('ar');
    const text = venueTime(START, { i18n, language: 'ar' });
    expect(text).toContain('بتوقيت الرياض');
    expect(text).toMatch(/[\u0660-\u0669]/);
    await activateLanguage('en');
  });
});
