import { i18n } from '@lingui/core';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countryArea } from '@/areas/country';
import { API_TIMEOUT_MS, configureApi } from '@/lib/api';
import { choose, preloadChoices } from '@/test-utils/choose';
import { json, startLocalServer, type LocalServer, type Received } from '@/test-utils/http';
import { country, renderArea } from './test/harness';

beforeAll(preloadChoices, 30_000);

// Two test files share two cores: give slow renders (50 rows) time.
configure({ asyncUtilTimeout: 5000 });

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
beforeEach(() => {
  server.received.length = 0;
  i18n.activate('en');
  localStorage.clear();
});
afterEach(() => {
  act(() => toast.remove());
});

const lists = () => server.received.filter((r) => r.path.startsWith('/api/master/listwithpagination'));
const queryOf = (r: Received) => Object.fromEntries(new URL(r.path, 'http://x').searchParams);

/** Answers lists from a fixed set of 42 countries, honouring page and pageSize. */
function serveCountries(total = 42) {
  const all = Array.from({ length: total }, (_, i) =>
    country(i + 1, `Country ${i + 1}`, `دولة ${i + 1}`, `C${String.fromCharCode(65 + (i % 26))}`),
  );
  server.on(LIST, (req, res) => {
    const q = queryOf(req);
    const page = Number(q.page);
    const size = Number(q.pageSize);
    json(res, 200, {
      status: 200,
      message: 'Loaded.',
      data: { items: all.slice((page - 1) * size, page * size), total, page, pageSize: size },
    });
  });
}

describe('ListPage', () => {
  it('sends the view of the URL to the list endpoint (a shared link reopens the same view)', async () => {
    serveCountries();
    renderArea(countryArea, '/country?page=2&pageSize=25&sort=isoCode&order=desc&q=sa&active=true&bogus=1');
    await screen.findAllByTestId('list-row');
    expect(queryOf(lists()[0]!)).toEqual({
      type: 'country',
      page: '2',
      pageSize: '25',
      sort: 'isoCode',
      order: 'desc',
      q: 'sa',
      active: 'true',
    });
    expect(screen.getByTestId('list-search')).toHaveValue('sa');
    expect(screen.getByTestId('filter-active')).toHaveAttribute('data-value', 'true');
    expect(screen.getByTestId('page-size')).toHaveAttribute('data-value', '25');
    expect(screen.getByRole('columnheader', { name: /ISO code/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: /^Name/ })).toHaveAttribute('aria-sort', 'none');
  });

  it('drops invalid URL values and uses the defaults', async () => {
    serveCountries();
    renderArea(countryArea, '/country?page=-3&pageSize=7&sort=password&order=up&active=maybe');
    await screen.findAllByTestId('list-row');
    expect(queryOf(lists()[0]!)).toEqual({
      type: 'country',
      page: '1',
      pageSize: '10',
      sort: 'name',
      order: 'asc',
    });
    expect(screen.getByTestId('filter-active')).toHaveAttribute('data-value', '');
  });

  it('sorts by a column header and pages through the rows', async () => {
    const user = userEvent.setup();
    serveCountries();
    const { router } = renderArea(countryArea, '/country');
    expect(await screen.findAllByTestId('list-row')).toHaveLength(10);
    expect(screen.getByTestId('list-range')).toHaveTextContent('1–10 of 42 rows');
    expect(screen.getByTestId('page-of')).toHaveTextContent('Page 1 of 5');

    await user.click(screen.getByRole('button', { name: /ISO code/ }));
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'isoCode', order: 'asc' }));
    await waitFor(() => expect(queryOf(lists().at(-1)!)).toMatchObject({ sort: 'isoCode', order: 'asc' }));
    expect(screen.getByRole('columnheader', { name: /ISO code/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: /ISO code/ }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ order: 'desc' }));

    await user.click(screen.getByTestId('page-next'));
    await waitFor(() => expect(queryOf(lists().at(-1)!)).toMatchObject({ page: '2' }));
    await waitFor(() => expect(screen.getByTestId('list-range')).toHaveTextContent('11–20 of 42 rows'));

    await choose(user, 'page-size', '50');
    await waitFor(() => expect(queryOf(lists().at(-1)!)).toMatchObject({ page: '1', pageSize: '50' }));
    await waitFor(() => expect(screen.getAllByTestId('list-row')).toHaveLength(42));
    expect(screen.getByTestId('page-next')).toBeDisabled();
  });

  it('a first click sorts ascending, also on a column of numbers or yes/no values', async () => {
    const user = userEvent.setup();
    serveCountries();
    const { router } = renderArea(countryArea, '/country');
    await screen.findAllByTestId('list-row');
    await user.click(screen.getByRole('button', { name: /^Status/ }));
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'active', order: 'asc' }));
    expect(screen.getByRole('columnheader', { name: /^Status/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('searches after typing stops and filters from the filter bar', async () => {
    const user = userEvent.setup();
    serveCountries();
    const { router } = renderArea(countryArea, '/country?page=3');
    await screen.findAllByTestId('list-row');
    await user.type(screen.getByTestId('list-search'), 'oman');
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'oman' }), { timeout: 2000 });
    // One request for the typed text, not one per key.
    await waitFor(() =>
      expect(
        lists()
          .filter((r) => queryOf(r).q !== undefined)
          .map((r) => queryOf(r).q),
      ).toEqual(['oman']),
    );
    expect(queryOf(lists().at(-1)!).page).toBe('1');
    await choose(user, 'filter-active', 'false');
    await waitFor(() => expect(queryOf(lists().at(-1)!)).toMatchObject({ q: 'oman', active: 'false' }));
  });

  it('shows skeleton rows while loading, then the empty state', async () => {
    const waiting: (() => void)[] = [];
    const release = () => waiting.splice(0).forEach((go) => go());
    server.on(LIST, async (_req, res) => {
      await new Promise<void>((resolve) => waiting.push(resolve));
      json(res, 200, {
        status: 200,
        message: 'Loaded.',
        data: { items: [], total: 0, page: 1, pageSize: 10 },
      });
    });
    renderArea(countryArea, '/country');
    expect(await screen.findAllByTestId('skeleton-row')).toHaveLength(10);
    await waitFor(() => expect(lists().length).toBeGreaterThan(0));
    release();
    expect(await screen.findByTestId('list-empty')).toHaveTextContent('There are no records yet.');
  });

  it('says when a search matches nothing and clears it', async () => {
    const user = userEvent.setup();
    server.on(LIST, (req, res) => {
      const q = queryOf(req);
      const items = q.q ? [] : [country(1, 'Oman', 'عمان', 'OM')];
      json(res, 200, {
        status: 200,
        message: 'Loaded.',
        data: { items, total: items.length, page: 1, pageSize: 10 },
      });
    });
    const { router } = renderArea(countryArea, '/country?q=zzz&active=false');
    expect(await screen.findByTestId('list-empty')).toHaveTextContent('Nothing matches');
    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(await screen.findByText('Oman')).toBeInTheDocument();
  });

  it('shows the server message on an error and retries', async () => {
    const user = userEvent.setup();
    let calls = 0;
    server.on(LIST, (_req, res) => {
      calls += 1;
      if (calls === 1) json(res, 503, { status: 503, message: 'The database is busy.' });
      else
        json(res, 200, {
          status: 200,
          message: 'Loaded.',
          data: { items: [country(1, 'Oman', 'عمان', 'OM')], total: 1, page: 1, pageSize: 10 },
        });
    });
    renderArea(countryArea, '/country');
    expect(await screen.findByTestId('list-error')).toHaveTextContent('The database is busy.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Oman')).toBeInTheDocument();
  });

  it('hides and shows columns, and keeps the choice per area', async () => {
    const user = userEvent.setup();
    serveCountries();
    renderArea(countryArea, '/country');
    await screen.findAllByTestId('list-row');
    expect(screen.queryByRole('columnheader', { name: /Updated/ })).toBeNull();
    await user.click(screen.getByTestId('column-menu'));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: /Dialling code/ }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: /Updated/ }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: /Dialling code/ })).toBeNull());
    expect(screen.getByRole('columnheader', { name: /Updated/ })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('columns:country') ?? '{}')).toMatchObject({
      dialCode: false,
      updatedAt: true,
    });
  });

  it('asks before deleting, shows the 409 "still referenced" message, then deletes', async () => {
    const user = userEvent.setup();
    let referenced = true;
    let items = [country(1, 'Oman', 'عمان', 'OM'), country(2, 'Qatar', 'قطر', 'QA')];
    server.on(LIST, (_req, res) =>
      json(res, 200, {
        status: 200,
        message: 'Loaded.',
        data: { items, total: items.length, page: 1, pageSize: 10 },
      }),
    );
    server.on('POST /api/master/deletelist', (req, res) => {
      const body = JSON.parse(req.body) as { id: number; type: string };
      if (referenced) {
        json(res, 409, { status: 409, message: 'This country is still used by 3 cities.' });
        return;
      }
      items = items.filter((c) => c.id !== body.id);
      json(res, 200, { status: 200, message: 'Country deleted.' });
    });
    renderArea(countryArea, '/country');
    await screen.findByText('Oman');
    await user.click(screen.getByRole('button', { name: 'Actions for Oman' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Delete Oman?');
    // Nothing is sent before the confirmation.
    expect(server.received.some((r) => r.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByTestId('confirm-error')).toHaveTextContent(
      'This country is still used by 3 cities.',
    );
    const sent = server.received.find((r) => r.method === 'POST')!;
    expect(JSON.parse(sent.body)).toEqual({ type: 'country', id: 1 });
    expect(sent.headers['idempotency-key']).toMatch(/.{8,}/);

    referenced = false;
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await screen.findByText('Country deleted.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Oman')).toBeNull());
    expect(screen.getByText('Qatar')).toBeInTheDocument();
  });

  it('cancelling the confirmation deletes nothing', async () => {
    const user = userEvent.setup();
    serveCountries(3);
    renderArea(countryArea, '/country');
    await screen.findByText('Country 1');
    await user.click(screen.getByRole('button', { name: 'Actions for Country 1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.received.some((r) => r.method === 'POST')).toBe(false);
  });
});
