import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingResource, eventResource } from '@/contract';
import { viewerTimeZone } from '@/lib/zoned';
import { listSearchValidator, toExportQuery, toListQuery } from '../search';
import { sameView, searchToState, stateToSearch, urlColumns, urlLayout } from './view-state';

let zone: string | undefined;
beforeAll(() => {
  zone = process.env.TZ;
  process.env.TZ = 'Asia/Kolkata';
});
afterAll(() => {
  process.env.TZ = zone;
});

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

  it("keeps the list's other layout (the events' calendar) and no layout a list lacks", () => {
    const state = searchToState(
      eventResource,
      { view: 'calendar', status: 'approved' },
      undefined,
      undefined,
    );
    expect(state).toEqual({ view: 'calendar', filters: { status: 'approved' } });
    expect(stateToSearch(state).view).toBe('calendar');
    expect(urlLayout(eventResource, 'calendar')).toBe('calendar');
    expect(urlLayout(eventResource, 'gantt')).toBeUndefined();
    expect(urlLayout(bookingResource, 'calendar')).toBeUndefined();
    expect(searchToState(bookingResource, { view: 'calendar' }, undefined, undefined)).toEqual({});
  });

  it("accepts only the list's own columns in the URL, each once", () => {
    expect(urlColumns(bookingResource, 'code,total')).toEqual(['code', 'total']);
    expect(urlColumns(bookingResource, 'code,password')).toBeUndefined();
    expect(urlColumns(bookingResource, 'code,code')).toBeUndefined();
    expect(urlColumns(bookingResource, '')).toBeUndefined();
    expect(urlColumns(bookingResource, 7)).toBeUndefined();
  });

  it("sends the viewer's clock with the bookings list's days, never keeps it, and not with the events list's", () => {
    expect(viewerTimeZone()).toBe('Asia/Kolkata');
    expect(toListQuery(bookingResource, { from: '2027-03-15' })).toMatchObject({
      from: '2027-03-15',
      tz: 'Asia/Kolkata',
    });
    expect(toExportQuery(bookingResource, { to: '2027-03-15', tz: 'Europe/Paris' }).tz).toBe('Asia/Kolkata');
    expect(toListQuery(bookingResource, { status: 'pending', tz: 'Europe/Paris' })).not.toHaveProperty('tz');
    expect(listSearchValidator(bookingResource)({ from: '2027-03-15', tz: 'Europe/Paris' })).toEqual({
      from: '2027-03-15',
    });
    expect(toListQuery(eventResource, { from: '2027-03-15' })).not.toHaveProperty('tz');
  });
});
