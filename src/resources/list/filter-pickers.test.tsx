/**
 * A list filter over another area's records pages and searches as the form pickers do
 * (docs/decisions/0026-venue-time-zones-and-date-pickers.md §5): the locations list's City filter
 * over 150 cities asks for the first 100 only, names a city of a shared link that is beyond them
 * (the options endpoint by id), and finds another by typing.
 */
import { i18n } from '@lingui/core';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { locationArea } from '@/areas/location';
import { API_TIMEOUT_MS, configureApi } from '@/lib/api';
import { listedChoices, openChoices, preloadChoices } from '@/test-utils/choose';
import { json, startLocalServer, type LocalServer, type Received } from '@/test-utils/http';
import { renderArea } from '../test/harness';

beforeAll(preloadChoices, 30_000);

configure({ asyncUtilTimeout: 5000 });

let server: LocalServer;
const queryOf = (r: Received) => Object.fromEntries(new URL(r.path, 'http://x').searchParams);
const cityAsks = () =>
  server.received.filter((r) => r.path.startsWith('/api/master/list?')).map((r) => queryOf(r));

/** 150 cities, "City 001" … "City 148", "Zeta 149" and "Zeta 150" (by name: the Zetas last). */
const CITIES = Array.from({ length: 150 }, (_, i) => {
  const n = String(i + 1).padStart(3, '0');
  const en = i < 148 ? `City ${n}` : `Zeta ${n}`;
  return { id: i + 1, name: { en, ar: `${en} ع` } };
});

beforeAll(async () => {
  server = await startLocalServer();
  configureApi({ baseURL: server.url });
  server.on('GET /api/master/listwithpagination', (req, res) => {
    const q = queryOf(req);
    json(res, 200, {
      status: 200,
      message: 'Loaded.',
      data: { items: [], total: 0, page: Number(q.page), pageSize: Number(q.pageSize) },
    });
  });
  server.on('GET /api/master/country', (_req, res) =>
    json(res, 200, { status: 200, message: 'Loaded.', data: [] }),
  );
  server.on('GET /api/master/list', (req, res) => {
    const q = queryOf(req);
    let found = CITIES;
    if (q.id) found = found.filter((c) => c.id === Number(q.id));
    if (q.q) found = found.filter((c) => c.name.en.toLowerCase().includes(q.q!.toLowerCase()));
    if (q.pageSize) found = found.slice(0, Number(q.pageSize));
    json(res, 200, { status: 200, message: 'Loaded.', data: found });
  });
});
afterAll(async () => {
  configureApi({ baseURL: '', timeoutMs: API_TIMEOUT_MS });
  await server.close();
});
beforeEach(() => {
  server.received.length = 0;
  i18n.activate('en');
  localStorage.clear();
});

describe('a reference filter over a long list', () => {
  it(
    'loads the first 100, names a value beyond them, and finds others by typing',
    { timeout: 30_000 },
    async () => {
      const user = userEvent.setup();
      const { router } = renderArea(locationArea, '/location?cityId=150');
      await screen.findByTestId('filter-cityId');
      // The city of the link, beyond the first page, is named (asked of the server by id).
      await waitFor(() => expect(screen.getByTestId('filter-cityId')).toHaveTextContent('Zeta 150'));
      expect(screen.getByTestId('filter-cityId')).toHaveAttribute('data-value', '150');
      // Never every city: the first page, and the one of the link.
      expect(cityAsks().length).toBeGreaterThan(0);
      for (const q of cityAsks())
        expect(q.pageSize === '100' || q.id === '150', JSON.stringify(q)).toBe(true);
      expect(cityAsks().some((q) => q.id === '150')).toBe(true);
      // Its list: "All", the city of the link, the first 100; a labelled box searches the server.
      const list = await openChoices(user, 'filter-cityId');
      await waitFor(() => expect(listedChoices(list)).toHaveLength(102));
      expect(screen.getByTestId('filter-cityId')).toHaveAttribute('aria-expanded', 'true');
      const box = screen.getByRole('combobox', { name: 'Search City' });
      await waitFor(() => expect(box).toHaveFocus());
      await user.type(box, 'zeta');
      await waitFor(() => expect(cityAsks().some((q) => q.q === 'zeta' && q.pageSize === '100')).toBe(true));
      const choice = await within(list).findByRole('option', { name: 'Zeta 149' });
      await user.click(choice);
      await waitFor(() => expect(router.state.location.search).toMatchObject({ cityId: '149' }));
      // Closed, the focus back on the filter, which names the chosen city.
      expect(screen.queryByTestId('filter-cityId-options')).toBeNull();
      await waitFor(() => expect(screen.getByTestId('filter-cityId')).toHaveFocus());
      await waitFor(() => expect(screen.getByTestId('filter-cityId')).toHaveTextContent('Zeta 149'));
    },
  );

  it('closes its search box with Escape, forgetting what was typed', { timeout: 30_000 }, async () => {
    const user = userEvent.setup();
    renderArea(locationArea, '/location');
    let list = await openChoices(user, 'filter-cityId');
    await waitFor(() => expect(listedChoices(list)).toHaveLength(101));
    await user.type(screen.getByRole('combobox', { name: 'Search City' }), 'zeta');
    await within(list).findByRole('option', { name: 'Zeta 150' });
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('filter-cityId-options')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('filter-cityId')).toHaveFocus());
    // The first page again.
    list = await openChoices(user, 'filter-cityId');
    expect(screen.getByRole('combobox', { name: 'Search City' })).toHaveValue('');
    await waitFor(() => expect(listedChoices(list)).toHaveLength(101));
  });
});
