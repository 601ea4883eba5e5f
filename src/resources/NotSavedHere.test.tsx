import { i18n } from '@lingui/core';
import { onlineManager } from '@tanstack/react-query';
import { act, configure, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countryArea } from '@/areas/country';
import { cityResource, locationResource } from '@/contract';
import { resetSessionForTests, storeRole } from '@/app/session';
import { API_TIMEOUT_MS, configureApi } from '@/lib/api';
import { json, startLocalServer, type LocalServer } from '@/test-utils/http';
import { NOT_SAVED_AFTER_MS } from './NotSavedHere';
import { toListQuery } from './search';
import { country, renderArea } from './test/harness';

configure({ asyncUtilTimeout: NOT_SAVED_AFTER_MS + 3000 });

let server: LocalServer;
const LIST = 'GET /api/master/listwithpagination';

beforeAll(async () => {
  server = await startLocalServer();
  configureApi({ baseURL: server.url });
});
afterAll(async () => {
  configureApi({ baseURL: '', timeoutMs: API_TIMEOUT_MS });
  await server.close();
});
beforeEach(async () => {
  i18n.activate('en');
  resetSessionForTests();
  await storeRole('admin', ['configuration', 'country', 'city', 'location']);
  server.on(LIST, (_req, res) =>
    json(res, 200, {
      status: 200,
      message: 'Loaded.',
      data: { items: [country(1, 'Oman', 'عُمان', 'OM')], total: 1, page: 1, pageSize: 10 },
    }),
  );
});
afterEach(() => onlineManager.setOnline(true));

describe('a screen never saved on this device, offline', () => {
  it('says so within a few seconds, links to the saved lists, and loads when the connection returns', async () => {
    onlineManager.setOnline(false);
    const { queryClient } = renderArea(countryArea, '/country');
    // The first page of cities is saved on this device, as its link opens it; locations only
    // filtered (as a widget reads them), which their link would not open.
    const empty = { items: [], total: 0, page: 1, pageSize: 10 };
    act(() => {
      queryClient.setQueryData(['city', 'list', toListQuery(cityResource, {})], empty);
      queryClient.setQueryData(
        ['location', 'list', { ...toListQuery(locationResource, {}), q: 'Hall' }],
        empty,
      );
    });
    expect(screen.queryByTestId('not-saved-here')).toBeNull();

    const notice = await screen.findByTestId('not-saved-here');
    expect(notice.textContent).toContain('This screen is not saved on this device');
    const links = within(screen.getByTestId('saved-lists')).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['City Master', '/city'],
    ]);

    act(() => onlineManager.setOnline(true));
    expect(await screen.findByText('Oman')).toBeTruthy();
    expect(screen.queryByTestId('not-saved-here')).toBeNull();
  });

  it('says that nothing is saved yet when no list is', async () => {
    onlineManager.setOnline(false);
    renderArea(countryArea, '/country');
    const notice = await screen.findByTestId('not-saved-here');
    expect(notice.textContent).toContain('Nothing is saved on this device yet.');
  });

  it('an edit form never kept here says so too, instead of spinning', async () => {
    onlineManager.setOnline(false);
    renderArea(countryArea, '/country/add/5');
    const notice = await screen.findByTestId('not-saved-here');
    expect(notice.textContent).toContain('This screen is not saved on this device');
    expect(screen.queryByTestId('form-country')).toBeNull();
  });

  it('leaves the server’s own answer (503, database busy) to the list’s error and Retry', async () => {
    server.on(LIST, (_req, res) => json(res, 503, { status: 503, message: 'The database is busy.' }));
    renderArea(countryArea, '/country');
    expect((await screen.findByTestId('list-error')).textContent).toBe('The database is busy.');
    await new Promise((resolve) => setTimeout(resolve, NOT_SAVED_AFTER_MS + 200));
    expect(screen.queryByTestId('not-saved-here')).toBeNull();
    expect(screen.getByTestId('list-error')).toBeTruthy();
  });

  it('shows the skeleton, not the notice, while a connected list loads', async () => {
    renderArea(countryArea, '/country');
    expect(await screen.findByText('Oman')).toBeTruthy();
    expect(screen.queryByTestId('not-saved-here')).toBeNull();
  });
});
