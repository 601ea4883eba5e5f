import { msg } from '@lingui/core/macro';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { zoneCity } from '@/contract/zone-names';
import { viewerTimeZone } from '@/lib/zoned';
import type { AreaField } from '../types';
import { initialValues, normalizeValues } from './form-values';

/**
 * A date-time field's clock (docs/decisions/0031-venue-days-and-viewer-moments.md): an event's
 * times on its venue's, a moment (a notification's send time) on the viewer's, here a device in
 * India (UTC+5:30).
 */
const sendAt: AreaField = { name: 'sendAt', kind: 'datetime', optional: true, label: msg`Send at` };
const startsAt: AreaField = { name: 'startsAt', kind: 'datetime', venue: 'locationId', label: msg`Starts` };
const fields = [sendAt, startsAt];

let zone: string | undefined;
beforeEach(() => {
  zone = process.env.TZ;
  process.env.TZ = 'Asia/Kolkata';
});
afterEach(() => {
  process.env.TZ = zone;
});

describe("a date-time field's clock", () => {
  it("is the device's for a moment", () => {
    // Node and browsers report it by its old name, "Asia/Calcutta": named as IANA names it today.
    expect(viewerTimeZone()).toBe('Asia/Kolkata');
    expect([zoneCity(viewerTimeZone(), 'en'), zoneCity(viewerTimeZone(), 'ar')]).toEqual([
      'Kolkata',
      'كولكاتا',
    ]);
  });

  it('shows a moment on the viewer’s clock and an event time on its venue’s', () => {
    const record = {
      sendAt: '2027-03-14T19:30:00.000Z',
      startsAt: '2027-03-14T19:30:00.000Z',
      timeZone: 'Asia/Muscat',
    };
    expect(initialValues(fields, record)).toMatchObject({
      sendAt: '2027-03-15T01:00',
      startsAt: '2027-03-14T23:30',
    });
    // An event of no known venue yet: the platform's clock (Riyadh).
    expect(initialValues([startsAt], { startsAt: '2027-03-14T19:30:00.000Z' })).toEqual({
      startsAt: '2027-03-14T22:30',
    });
  });

  it('sends a moment typed on the viewer’s clock as that instant', () => {
    const out = normalizeValues(fields, { sendAt: '2027-03-15T01:00', startsAt: '2027-03-14T23:30' }, (f) =>
      f.kind === 'datetime' && f.venue ? 'Asia/Muscat' : viewerTimeZone(),
    );
    expect(out.sendAt).toBe('2027-03-15T01:00:00+05:30');
    expect(new Date(out.sendAt as string).toISOString()).toBe('2027-03-14T19:30:00.000Z');
    expect(out.startsAt).toBe('2027-03-14T23:30:00+04:00');
    // The default clocks: the viewer's for a moment, the platform's for an event time.
    const byDefault = normalizeValues(fields, { sendAt: '2027-03-15T01:00', startsAt: '2027-03-14T22:30' });
    expect([byDefault.sendAt, byDefault.startsAt]).toEqual([
      '2027-03-15T01:00:00+05:30',
      '2027-03-14T22:30:00+03:00',
    ]);
    expect(normalizeValues([sendAt], { sendAt: '' }).sendAt).toBeUndefined();
  });
});
