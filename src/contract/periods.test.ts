import { describe, expect, it } from 'vitest';
import { dashboardSearch, resolvePeriod } from './periods';

describe('dashboard periods', () => {
  it('names periods across the year and month boundaries, each with the days of the same length before', () => {
    expect(resolvePeriod({ period: 'lastMonth' }, '2027-01-05')).toEqual({
      name: 'lastMonth',
      from: '2026-12-01',
      to: '2026-12-31',
      days: 31,
      previous: { from: '2026-10-31', to: '2026-11-30' },
    });
    // A leap year's February; "this year" so far.
    expect(resolvePeriod({ period: 'lastMonth' }, '2028-03-01')).toMatchObject({
      from: '2028-02-01',
      to: '2028-02-29',
      days: 29,
    });
    expect(resolvePeriod({ period: 'year' }, '2028-03-01')).toMatchObject({ from: '2028-01-01', days: 61 });
    expect(resolvePeriod({}, '2026-11-22')).toMatchObject({ name: '30d', from: '2026-10-24', days: 30 });
  });

  it("the URL's search keeps a named period or a whole range, nothing else", () => {
    expect(dashboardSearch({ period: 'month', page: '2' })).toEqual({ period: 'month' });
    expect(dashboardSearch({ from: '2026-10-01', to: '2026-10-31', period: 'month' })).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
    });
    expect(dashboardSearch({ from: '2026-10-01' })).toEqual({});
    expect(dashboardSearch({ period: 'decade', from: '1 Oct', to: '2026-10-31' })).toEqual({});
  });
});
