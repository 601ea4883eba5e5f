import { describe, expect, it } from 'vitest';
import { listSearch } from './search-params';

describe('listSearch (validateSearch of the list routes)', () => {
  it('keeps the wire values; page numbers and the order are typed', () => {
    expect(
      listSearch({ page: '2', pageSize: '25', sort: 'name', order: 'desc', q: 'riyadh', active: 'true' }),
    ).toEqual({ page: 2, pageSize: 25, sort: 'name', order: 'desc', q: 'riyadh', active: 'true' });
    expect(listSearch({ status: 0, flag: true })).toEqual({ status: '0', flag: 'true' });
  });

  it('drops what cannot be a page number or an order, and non-scalar values', () => {
    expect(listSearch({ page: '-3', pageSize: 'x', order: 'up', nested: { a: 1 } })).toEqual({
      page: undefined,
      pageSize: undefined,
      order: undefined,
    });
  });
});
