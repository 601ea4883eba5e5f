import { i18n } from '@lingui/core';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countryArea } from '@/areas/country';
import { API_TIMEOUT_MS, configureApi } from '@/lib/api';
import { json, startLocalServer, type LocalServer } from '@/test-utils/http';
import { country, renderArea } from '../test/harness';
import type { AreaConfig } from '../types';
import { cardColumns } from './ListCards';
import { CELL_FLOOR, CELL_MAX, cellCap, columnsToFold, defaultVisibility } from './useColumnVisibility';
import { recordPath } from './record-path';

configure({ asyncUtilTimeout: 5000 });

let server: LocalServer;
const realMatchMedia = window.matchMedia;

/** A screen of this width: media queries of min-width / max-width answer as a browser would. */
function screenWidth(width: number) {
  window.matchMedia = ((query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return {
      matches,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    } as unknown as MediaQueryList;
  }) as typeof window.matchMedia;
}

beforeAll(async () => {
  server = await startLocalServer();
  configureApi({ baseURL: server.url });
  server.on('GET /api/profile/preferences', (_req, res) =>
    json(res, 200, { status: 200, message: 'Loaded.', data: { listDensity: 'compact' } }),
  );
  server.on('GET /api/master/listwithpagination', (_req, res) =>
    json(res, 200, {
      status: 200,
      message: 'Loaded.',
      data: {
        items: [country(1, 'Oman', 'عمان', 'OM'), country(2, 'Qatar', 'قطر', 'QA')],
        total: 2,
        page: 1,
        pageSize: 10,
      },
    }),
  );
});
afterAll(async () => {
  configureApi({ baseURL: '', timeoutMs: API_TIMEOUT_MS });
  await server.close();
});
beforeEach(() => {
  i18n.activate('en');
  localStorage.clear();
});
afterEach(() => {
  window.matchMedia = realMatchMedia;
});

const columns = [
  { id: 'name', header: { id: 'n' }, cell: () => null },
  { id: 'placement', header: { id: 'p' }, cell: () => null, priority: 'medium' },
  { id: 'target', header: { id: 't' }, cell: () => null, priority: 'low' },
  { id: 'status', header: { id: 's' }, cell: () => null },
  { id: 'createdAt', header: { id: 'c' }, cell: () => null, hiddenByDefault: true },
] as unknown as AreaConfig['columns'];

describe('column priorities', () => {
  const widths = { name: 300, placement: 150, target: 150, status: 120 };
  it('fold low columns first, then medium ones, by the width left; the name and the status stay', () => {
    const shown = ['name', 'placement', 'target', 'status'];
    expect(defaultVisibility(columns)).toEqual({
      name: true,
      placement: true,
      target: true,
      status: true,
      createdAt: false,
    });
    expect(columnsToFold(columns, shown, widths, 720)).toEqual([]);
    expect(columnsToFold(columns, shown, widths, 719)).toEqual(['target']);
    expect(columnsToFold(columns, shown, widths, 569)).toEqual(['target', 'placement']);
    // Nothing else folds, however narrow; a column the user chose to show never folds.
    expect(columnsToFold(columns, shown, widths, 100)).toEqual(['target', 'placement']);
    expect(columnsToFold(columns, shown, widths, 600, ['target'])).toEqual(['placement']);
    expect(defaultVisibility(columns, ['target'])).toMatchObject({ placement: true, target: false });
    // A column cut short may be squeezed to the floor before anything folds; the wide ones share the room.
    const wide = { name: 300, placement: CELL_MAX, target: CELL_MAX, status: 120 };
    expect(columnsToFold(columns, shown, wide, 300 + 2 * CELL_FLOOR + 120)).toEqual([]);
    expect(cellCap(shown, wide, 300 + 2 * CELL_FLOOR + 120, 'name')).toBe(CELL_FLOOR);
    expect(cellCap(shown, wide, 300 + 2 * 200 + 120, 'name')).toBe(200);
    expect(cellCap(shown, wide, 2000, 'name')).toBe(CELL_MAX);
    expect(columnsToFold(columns, shown, wide, 300 + 2 * CELL_FLOOR + 119)).toEqual(['target']);
    // A column never drawn counts as a usual one.
    expect(columnsToFold(columns, ['name', 'target', 'status'], { name: 300, status: 120 }, 540)).toEqual([]);
  });

  it('the column menu hides and shows columns, kept per area as the user’s choice only', async () => {
    screenWidth(1440);
    renderArea(countryArea, '/country');
    await screen.findAllByTestId('list-row');
    expect(screen.queryByRole('columnheader', { name: /Updated/ })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByTestId('column-menu'));
    expect(screen.getByRole('menuitemradio', { name: /Compact/ })).toHaveAttribute('aria-checked', 'true');
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Updated' }));
    await waitFor(() => expect(screen.getByRole('columnheader', { name: /Updated/ })).toBeInTheDocument());
    expect(JSON.parse(localStorage.getItem('columns:country') ?? '{}')).toEqual({ updatedAt: true });
  });

  it('the first column links to the record: its read view, else its form', async () => {
    screenWidth(1440);
    renderArea(countryArea, '/country');
    const [first] = await screen.findAllByTestId('list-row');
    expect(within(first!).getByTestId('record-link')).toHaveAttribute('href', '/country/details/1');
    const { details: _details, ...paths } = countryArea.paths;
    const formOnly = { ...countryArea, paths };
    expect(recordPath(formOnly, { id: 1, version: 1 } as never)).toBe('/country/add/1');
  });
});

describe('phone layout', () => {
  it('shows cards: title, status badge, key fields and an actions menu', async () => {
    screenWidth(390);
    renderArea(countryArea, '/country');
    const cards = await screen.findAllByTestId('list-row');
    expect(cards).toHaveLength(2);
    expect(cards[0]!.tagName).toBe('LI');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByTestId('column-menu')).toBeNull();
    const card = within(cards[0]!);
    expect(card.getByTestId('record-link')).toHaveTextContent('Oman');
    expect(card.getByText('ISO code')).toBeInTheDocument();
    expect(card.getByText('OM')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Actions for Oman' })).toBeInTheDocument();
    const { title, status, fields } = cardColumns(countryArea);
    expect([title.id, status?.id, fields.map((f) => f.id)]).toEqual([
      'name',
      'active',
      ['isoCode', 'dialCode'],
    ]);
  });

  it('keeps the filters in a sheet behind "Filters (n)"', async () => {
    screenWidth(390);
    renderArea(countryArea, '/country?active=true');
    await screen.findAllByTestId('list-row');
    expect(screen.queryByTestId('filter-active')).toBeNull();
    const open = screen.getByTestId('filters-open');
    expect(open).toHaveTextContent('Filters (1)');
    const user = userEvent.setup();
    await user.click(open);
    const sheet = await screen.findByTestId('filter-sheet');
    expect(within(sheet).getByTestId('filter-active')).toHaveAttribute('data-value', 'true');
    await user.click(within(sheet).getByTestId('filters-clear'));
    await waitFor(() => expect(screen.getByTestId('filters-open')).toHaveTextContent(/^Filters$/));
  });
});
