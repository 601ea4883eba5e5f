import { describe, expect, it } from 'vitest';
import { bookingResource } from '@/contract';
import { listSearchValidator } from '../search';
import { sameView, searchToState, stateToSearch, urlColumns } from './view-state';

describe('a saved view and the URL', () => {
  it('keeps the search, sort, page size, filters (not the fixed ones) and columns, and gives them back', () => {
    const search = {
      q: 'Summit',
      sort: 'total',
      order: 'desc' as const,
      pageSize: 25,
      page: 3,
      status: 'confirmed',
      eventId: '7',
    };
    const state = searchToState(bookingResource, search, { eventId: '7' }, ['code', 'total']);
    expect(state).toEqual({
      q: 'Summit',
      sort: 'total',
      order: 'desc',
      pageSize: 25,
      filters: { status: 'confirmed' },
      columns: ['code', 'total'],
    });
    const back = stateToSearch(state);
    expect(listSearchValidator(bookingResource)(back)).toEqual({
      q: 'Summit',
      sort: 'total',
      order: 'desc',
      pageSize: 25,
      status: 'confirmed',
    });
    expect(back.cols).toBe('code,total');
    expect(sameView(back, { ...back, page: 2 })).toBe(true);
    expect(sameView(back, { ...back, status: 'pending' })).toBe(false);
    expect(searchToState(bookingResource, {}, undefined, undefined)).toEqual({});
  });

  it("accepts only the list's own columns in the URL, each once", () => {
    expect(urlColumns(bookingResource, 'code,total')).toEqual(['code', 'total']);
    expect(urlColumns(bookingResource, 'code,password')).toBeUndefined();
    expect(urlColumns(bookingResource, 'code,code')).toBeUndefined();
    expect(urlColumns(bookingResource, '')).toBeUndefined();
    expect(urlColumns(bookingResource, 7)).toBeUndefined();
  });
});
