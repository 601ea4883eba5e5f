import { describe, expect, it } from 'vitest';
import { fromZonedInput, toZonedInput, zoneOffsetMinutes } from './zoned';

describe('zoned wall-clock times', () => {
  it('reads the offset of a zone at an instant', () => {
    expect(zoneOffsetMinutes(new Date('2026-12-01T00:00:00Z'), 'Asia/Riyadh')).toBe(180);
    expect(zoneOffsetMinutes(new Date('2026-12-01T00:00:00Z'), 'UTC')).toBe(0);
    expect(zoneOffsetMinutes(new Date('2026-07-01T00:00:00Z'), 'America/New_York')).toBe(-240);
    expect(zoneOffsetMinutes(new Date('2026-12-01T00:00:00Z'), 'Asia/Kolkata')).toBe(330);
  });

  it('shows an instant on the venue clock, whatever the device zone', () => {
    expect(toZonedInput('2026-12-01T15:30:00.000Z', 'Asia/Riyadh')).toBe('2026-12-01T18:30');
    expect(toZonedInput('2026-12-31T22:00:00Z', 'Asia/Riyadh')).toBe('2027-01-01T01:00');
    expect(toZonedInput('2026-12-01T18:30:00+03:00', 'Asia/Riyadh')).toBe('2026-12-01T18:30');
    expect(toZonedInput('', 'Asia/Riyadh')).toBe('');
    expect(toZonedInput('not a date', 'Asia/Riyadh')).toBe('');
  });

  it('sends the venue clock as an instant with its offset, and round-trips', () => {
    expect(fromZonedInput('2026-12-01T18:30', 'Asia/Riyadh')).toBe('2026-12-01T18:30:00+03:00');
    expect(fromZonedInput('2026-07-01T09:00', 'America/New_York')).toBe('2026-07-01T09:00:00-04:00');
    expect(fromZonedInput('2026-01-01T09:00', 'America/New_York')).toBe('2026-01-01T09:00:00-05:00');
    for (const value of ['2026-03-08T12:00', '2026-11-23T00:05', '2027-02-28T23:59']) {
      for (const zone of ['Asia/Riyadh', 'America/New_York', 'Asia/Kolkata']) {
        expect(toZonedInput(fromZonedInput(value, zone), zone)).toBe(value);
      }
    }
  });

  it('leaves anything else for the schema to refuse', () => {
    expect(fromZonedInput('', 'Asia/Riyadh')).toBe('');
    expect(fromZonedInput('tomorrow', 'Asia/Riyadh')).toBe('tomorrow');
  });
});
