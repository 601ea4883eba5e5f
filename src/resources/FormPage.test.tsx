import { i18n } from '@lingui/core';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cityArea } from '@/areas/city';
import { countryArea } from '@/areas/country';
import { API_TIMEOUT_MS, configureApi } from '@/lib/api';
import { choose, listedChoices, openChoices, preloadChoices } from '@/test-utils/choose';
import { json, startLocalServer, type LocalServer } from '@/test-utils/http';
import { country, renderArea } from './test/harness';

beforeAll(preloadChoices, 30_000);

// Two test files share two cores: give slow renders (50 rows) time.
configure({ asyncUtilTimeout: 5000 });

let server: LocalServer;

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
  server.on('GET /api/master/listwithpagination', (_req, res) =>
    json(res, 200, { status: 200, message: 'Loaded.', data: { items: [], total: 0, page: 1, pageSize: 10 } }),
  );
});
afterEach(() => {
  act(() => toast.remove());
  i18n.activate('en');
});

const posts = () => server.received.filter((r) => r.method === 'POST');

describe('FormPage', () => {
  it('shows the contract’s validation messages in Arabic and sends nothing', async () => {
    const user = userEvent.setup();
    i18n.activate('ar');
    renderArea(countryArea, '/country/add');
    await user.click(await screen.findByTestId('form-submit'));
    expect(await screen.findAllByText('هذا الحقل مطلوب')).toHaveLength(2);
    expect(screen.getByText('أدخل رمز ISO المكوّن من حرفين (مثل SA)')).toBeInTheDocument();
    expect(screen.getByTestId('field-name.ar')).toHaveAttribute('dir', 'rtl');
    expect(screen.getByTestId('field-name.ar')).toHaveAttribute('lang', 'ar');
    expect(screen.getByTestId('field-name.en')).toHaveAttribute('aria-invalid', 'true');
    expect(posts()).toHaveLength(0);
  });

  it('creates a record: the body follows the contract, a notice shows, the list opens', async () => {
    const user = userEvent.setup();
    server.on('POST /api/master/addlist', (req, res) =>
      json(res, 201, {
        status: 201,
        message: 'Country saved.',
        data: { ...country(9, 'Oman', 'عمان', 'OM'), ...JSON.parse(req.body) },
      }),
    );
    const { router } = renderArea(countryArea, '/country/add');
    await user.type(await screen.findByLabelText(/^Name \(English\)/), 'Oman');
    await user.type(screen.getByLabelText(/^Name \(Arabic\)/), 'عمان');
    await user.type(screen.getByLabelText(/^ISO code/), 'om');
    await user.type(screen.getByLabelText(/^Dialling code/), '+968');
    await user.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('Country saved.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/country'));
    const [sent] = posts();
    expect(JSON.parse(sent!.body)).toEqual({
      type: 'country',
      name: { en: 'Oman', ar: 'عمان' },
      isoCode: 'OM',
      dialCode: '+968',
      active: true,
    });
    expect(sent!.headers['idempotency-key']).toMatch(/.{8,}/);
  });

  it(
    'says a general error once, above the form, and clears it when the input changes or on retry',
    { timeout: 15_000 },
    async () => {
      const user = userEvent.setup();
      let calls = 0;
      server.on('POST /api/master/addlist', (_req, res) => {
        calls += 1;
        json(res, 500, { status: 500, message: 'Something went wrong on the server.' });
      });
      renderArea(countryArea, '/country/add');
      await user.type(await screen.findByLabelText(/^Name \(English\)/), 'Oman');
      await user.type(screen.getByLabelText(/^Name \(Arabic\)/), 'عمان');
      await user.type(screen.getByLabelText(/^ISO code/), 'OM');
      await user.type(screen.getByLabelText(/^Dialling code/), '+968');
      await user.click(screen.getByTestId('form-submit'));
      expect(await screen.findByTestId('form-errors')).toHaveTextContent(
        'Something went wrong on the server.',
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(screen.getAllByText('Something went wrong on the server.')).toHaveLength(1);

      await user.type(screen.getByLabelText(/^Name \(English\)/), ' 2');
      expect(screen.queryByTestId('form-errors')).toBeNull();

      await user.click(screen.getByTestId('form-submit'));
      await waitFor(() => expect(calls).toBe(2));
      expect(await screen.findByTestId('form-errors')).toBeInTheDocument();
      expect(screen.getAllByText('Something went wrong on the server.')).toHaveLength(1);
    },
  );

  it('puts the server’s 422 field errors on their fields', async () => {
    const user = userEvent.setup();
    server.on('POST /api/master/addlist', (_req, res) =>
      json(res, 422, {
        status: 422,
        message: 'Please correct the highlighted fields.',
        errors: {
          'name.en': 'Another country already has this name.',
          isoCode: 'Another country already has this ISO code.',
        },
      }),
    );
    const { router } = renderArea(countryArea, '/country/add');
    await user.type(await screen.findByLabelText(/^Name \(English\)/), 'Oman');
    await user.type(screen.getByLabelText(/^Name \(Arabic\)/), 'عمان');
    await user.type(screen.getByLabelText(/^ISO code/), 'OM');
    await user.type(screen.getByLabelText(/^Dialling code/), '+968');
    await user.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('Another country already has this name.')).toBeInTheDocument();
    expect(screen.getByText('Another country already has this ISO code.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^ISO code/)).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/country/add');
    // At the fields only: no notice or alert repeats them.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText('Please correct the highlighted fields.')).toBeNull();
    expect(screen.queryByTestId('form-errors')).toBeNull();
    expect(screen.getAllByText('Another country already has this ISO code.')).toHaveLength(1);

    // The corrected form is a new request: a new Idempotency-Key (the refused one changed nothing,
    // and the server would answer a reused key with the stored refusal).
    await user.clear(screen.getByLabelText(/^ISO code/));
    await user.type(screen.getByLabelText(/^ISO code/), 'OX');
    await user.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(posts()).toHaveLength(2));
    const [first, second] = posts();
    expect(second!.headers['idempotency-key']).toMatch(/.{8,}/);
    expect(second!.headers['idempotency-key']).not.toBe(first!.headers['idempotency-key']);
  });

  it('explains a stale version (409) and loads the latest on request', async () => {
    const user = userEvent.setup();
    let stored = country(4, 'Oman', 'عمان', 'OM', 3);
    server.on('GET /api/master/listSingledata', (_req, res) =>
      json(res, 200, { status: 200, message: 'Loaded.', data: stored }),
    );
    server.on('POST /api/master/addlist', (req, res) => {
      const body = JSON.parse(req.body) as { version: number };
      if (body.version !== stored.version) {
        json(res, 409, {
          status: 409,
          message: 'Someone else changed this record. Reload it and try again.',
        });
        return;
      }
      json(res, 200, { status: 200, message: 'Saved.', data: stored });
    });
    renderArea(countryArea, '/country/add/4');
    const name = await screen.findByLabelText(/^Name \(English\)/);
    expect(name).toHaveValue('Oman');
    // Meanwhile another user renames it.
    stored = { ...country(4, 'Sultanate of Oman', 'سلطنة عمان', 'OM', 4) };
    await user.clear(name);
    await user.type(name, 'Oman (mine)');
    await user.click(screen.getByTestId('form-submit'));
    expect(await screen.findByTestId('version-conflict')).toHaveTextContent(
      'Someone else changed this record.',
    );
    expect(JSON.parse(posts()[0]!.body)).toMatchObject({ type: 'country', id: 4, version: 3 });
    await user.click(screen.getByRole('button', { name: 'Load the latest version' }));
    await waitFor(() => expect(screen.getByLabelText(/^Name \(English\)/)).toHaveValue('Sultanate of Oman'));
    expect(screen.queryByTestId('version-conflict')).toBeNull();
  });

  it('guards unsaved changes when leaving', async () => {
    const user = userEvent.setup();
    const { router } = renderArea(countryArea, '/country/add');
    await user.type(await screen.findByLabelText(/^Name \(English\)/), 'Half typed');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(await screen.findByRole('alertdialog', { name: 'Leave without saving?' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/country/add');
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/country'));
  });

  it('cascades: the city form lists the active countries and sends the chosen id', async () => {
    const user = userEvent.setup();
    server.on('GET /api/master/country', (_req, res) =>
      json(res, 200, {
        status: 200,
        message: 'Loaded.',
        data: [
          { id: 3, name: { en: 'Qatar', ar: 'قطر' }, isoCode: 'QA', dialCode: '+974' },
          { id: 2, name: { en: 'Oman', ar: 'عمان' }, isoCode: 'OM', dialCode: '+968' },
        ],
      }),
    );
    server.on('POST /api/master/addlist', (req, res) =>
      json(res, 201, { status: 201, message: 'City saved.', data: { id: 1, ...JSON.parse(req.body) } }),
    );
    renderArea(cityArea, '/city/add');
    // Marked required before Save: the label says so to screen readers too.
    const picker = await screen.findByLabelText(/^Country\*/);
    const list = await openChoices(user, 'field-countryId');
    await waitFor(() => expect(within(list).getByRole('option', { name: 'Oman' })).toBeInTheDocument());
    // Sorted by the reader's language.
    expect(listedChoices(list).map((c) => c.label)).toEqual(['Choose…', 'Oman', 'Qatar']);
    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId('form-submit'));
    expect(await screen.findAllByText('Required')).toHaveLength(3);
    await user.type(screen.getByLabelText(/^Name \(English\)/), 'Muscat');
    await user.type(screen.getByLabelText(/^Name \(Arabic\)/), 'مسقط');
    await choose(user, 'field-countryId', '2');
    expect(picker).toHaveTextContent('Oman');
    await user.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('City saved.')).toBeInTheDocument();
    expect(JSON.parse(posts()[0]!.body)).toEqual({
      type: 'city',
      name: { en: 'Muscat', ar: 'مسقط' },
      countryId: 2,
      active: true,
    });
  });
});
