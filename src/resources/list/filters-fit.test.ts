import { describe, expect, it } from 'vitest';
import type { AreaFilter } from '../types';
import { filtersThatFit } from './ListControls';

const label = { id: 'x', message: 'x' } as never;
const select = (key: string): AreaFilter => ({ key, kind: 'select', label, options: [] });
const date = (key: string): AreaFilter => ({ key, kind: 'date', label });
/** The events list's filters (src/areas/event.tsx): five pickers and yes/no, two dates. */
const EVENTS = ['status', 'category', 'city', 'provider', 'featured']
  .map(select)
  .concat([date('from'), date('to')]);

describe('the filter bar on one line (docs/product.md §2 lists)', () => {
  it('keeps the filters that fit a bar of this width, in order, room left for "More filters"', () => {
    // The events list at 1280 px: a 976 px bar holds the search, two filters, "More filters" and "Columns".
    expect(filtersThatFit(EVENTS, 976)).toBe(2);
    expect(filtersThatFit(EVENTS, 1136)).toBe(2);
    expect(filtersThatFit(EVENTS, 1300)).toBe(3);
    expect(filtersThatFit(EVENTS, 600)).toBe(0);
  });

  it('shows every filter when all fit (no "More filters" button then)', () => {
    expect(filtersThatFit(EVENTS, 2000)).toBe(EVENTS.length);
    expect(filtersThatFit(EVENTS.slice(0, 2), 976)).toBe(2);
    expect(filtersThatFit([], 300)).toBe(0);
  });
});
