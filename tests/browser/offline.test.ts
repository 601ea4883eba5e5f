/**
 * Offline first (docs/decisions/0008-offline-outbox-and-cache.md), in Chromium against the real server: cached bookings read offline after
 * a cold reload with their age; a status change made offline survives reloads and reaches the server
 * exactly once; a change whose answer was lost is replayed with its key and counted once; a change
 * to a record someone else changed meanwhile becomes a conflict the manager settles; Sign Out asks
 * about unsent changes: discarded, none of the user's data stays in IndexedDB; kept, they stay sealed
 * for the user's next sign-in, where the next user of the browser can neither see nor open them
 * (docs/decisions/0036-each-users-outbox-sealed-on-the-device.md).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from '../support/app-server';
import {
  chooseLanguage,
  follow,
  htmlLangDir,
  listRows as rows,
  signIn,
  signOut,
  toArabic,
  waitForServiceWorkerControl,
  waitForShell,
} from '../support/app';
import { readIndexedDb, snap } from '../support/browser';
import { browserSuite, WITHOUT_WORKER } from '../support/suite';

const suite = browserSuite({}, { serviceWorkers: 'allow' });

interface BookingDetails {
  booking: { id: number; code: string; status: string; version: number; paymentStatus: string };
  history: { field: string; to: string; by: { id: number } | null }[];
}

const WIDE = { width: 1440, height: 900 };
const NARROW = { width: 390, height: 844 };

/**
 * The server's view, asked from the test (not through the page), as an admin signed in once for the
 * file (a sign-in per question was a password check each, about twenty a run), again if that
 * session has ended.
 */
let adminToken: Promise<string> | undefined;
async function server(
  method: string,
  path: string,
  body?: unknown,
  again = true,
): Promise<{ status: number; data: unknown }> {
  adminToken ??= suite
    .api<{ token: string }>('/api/login', null, { email: DEMO.admin, password: DEMO_PASSWORD })
    .then(({ body }) => body.token);
  const res = await fetch(`${suite.server.origin}${path}`, {
    method,
    headers: { Authorization: `Bearer ${await adminToken}`, 'Content-Type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (res.status === 401 && again) {
    adminToken = undefined;
    return server(method, path, body, false);
  }
  return { status: res.status, data: ((await res.json()) as { data: unknown }).data };
}

/** The id of the account signed in with `email`. */
async function userId(email: string): Promise<number> {
  const { body } = await suite.api<{ token: string }>('/api/login', null, { email, password: DEMO_PASSWORD });
  return (await suite.api<{ data: { id: number } }>('/api/profile', body.token)).body.data.id;
}

/**
 * The sealed outboxes in the page's IndexedDB (idb-keyval's store) and how many of them the outbox
 * key now on the device opens (docs/decisions/0036-each-users-outbox-sealed-on-the-device.md).
 */
const openSealed = (page: Page) =>
  page.evaluate(async () => {
    const request = <T>(r: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error ?? new Error('IndexedDB request failed'));
      });
    const db = await request(indexedDB.open('keyval-store'));
    const read = (key: string) => request(db.transaction('keyval').objectStore('keyval').get(key));
    try {
      const names = (await request(db.transaction('keyval').objectStore('keyval').getAllKeys()))
        .map(String)
        .filter((key) => key.startsWith('outbox-sealed:'));
      const device = (await read('outbox-key')) as { key: CryptoKey } | undefined;
      let opened = 0;
      for (const name of names) {
        const sealed = (await read(name)) as { iv: Uint8Array<ArrayBuffer>; data: ArrayBuffer };
        if (!device) continue;
        const open = { name: 'AES-GCM', iv: sealed.iv, additionalData: new TextEncoder().encode(name) };
        opened += await crypto.subtle.decrypt(open, device.key, sealed.data).then(
          () => 1,
          () => 0,
        );
      }
      return { sealed: names.length, opened, deviceKey: Boolean(device) };
    } finally {
      db.close();
    }
  });

const details = async (id: number) =>
  (await server('GET', `/api/booking/details/${id}`)).data as BookingDetails;

/** A pending booking (of a coming event) nobody else uses in this file. */
const used = new Set<number>();
async function pendingBooking(): Promise<number> {
  const list = (await server('GET', '/api/booking?status=pending&pageSize=50')).data as {
    items: { id: number }[];
  };
  const free = list.items.find((b) => !used.has(b.id));
  if (!free) throw new Error('no pending booking left');
  used.add(free.id);
  return free.id;
}

async function openBooking(page: Page, id: number) {
  await page.goto(`/admin/booking-details?id=${id}`);
  await waitForShell(page);
  await page.getByTestId('booking-history').or(page.getByText('No changes yet.')).first().waitFor();
}

/**
 * Waits until the device's copy (the persisted query cache, written at most once a second) holds a
 * query whose key contains `fragment`: what a user who opened the screen a moment ago would have.
 */
async function waitForCached(page: Page, fragment: string) {
  await expect
    .poll(async () =>
      (await readIndexedDb(page)).some(
        (e) =>
          e.key.startsWith('query-cache:') &&
          JSON.stringify(
            (e.value as { clientState?: { queries?: { queryKey: unknown }[] } }).clientState?.queries?.map(
              (q) => q.queryKey,
            ),
          ).includes(fragment),
      ),
    )
    .toBe(true);
}

const shownStatus = (page: Page) =>
  page.locator('dl').first().getByTestId('booking-status').getAttribute('data-status');

async function confirmBooking(page: Page) {
  await page.getByTestId('action-status-confirmed').click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Confirm' }).click();
}

describe('offline first', () => {
  it('reads the cached bookings, a booking and the sidebar after a cold reload offline, with their age', async () => {
    const { page, context } = await suite.signedIn(DEMO.manager);
    await waitForServiceWorkerControl(page);
    await page.goto('/admin/booking');
    await waitForShell(page);
    await expect.poll(() => rows(page).count()).toBe(10);
    const firstCode = (await rows(page).first().locator('td').first().innerText()).trim();
    await rows(page).first().getByTestId('row-actions').click();
    await page.getByRole('menuitem', { name: 'View' }).click();
    await page.getByRole('heading', { level: 1, name: firstCode }).waitFor();
    await waitForCached(page, '"details"');

    await context.setOffline(true);
    await page.reload();
    await waitForShell(page);
    await page.getByRole('heading', { level: 1, name: firstCode }).waitFor();
    await page.getByTestId('data-age').waitFor();
    // The banner names what the browser says: some Chromium versions keep navigator.onLine true after
    // a reload under offline emulation, and then the app can only see that the server does not answer.
    const browserOnline = await page.evaluate(() => navigator.onLine);
    expect(await page.getByTestId('connection-banner').getAttribute('data-state')).toBe(
      browserOnline ? 'unreachable' : 'offline',
    );
    await follow(page, page.getByTestId('sidebar').getByRole('link', { name: 'Bookings' }), '/admin/booking');
    await expect.poll(() => rows(page).count()).toBe(10);
    expect(await page.getByTestId('data-age').innerText()).toMatch(/Updated/);
    await context.setOffline(false);
  });

  it('a screen never opened on this device says so offline, links to the saved lists, and loads when back online', async () => {
    const { page, context } = await suite.signedIn(DEMO.manager);
    await waitForServiceWorkerControl(page);
    await page.goto('/admin/booking');
    await waitForShell(page);
    await expect.poll(() => rows(page).count()).toBe(10);
    // The list's own first page, as the saved-lists link opens it (the dashboard's widgets keep
    // filtered pages of the bookings and events lists too, and may be kept first).
    await waitForCached(page, '"booking","list",{"page":1,');

    await context.setOffline(true);
    await page.goto('/admin/event');
    await waitForShell(page);
    // Never opened here: offline (or, where the browser still says online, unreachable) it says so
    // within seconds instead of showing a skeleton forever.
    const notice = page.getByTestId('not-saved-here');
    await notice.waitFor({ timeout: 10_000 });
    expect(await notice.innerText()).toContain('This screen is not saved on this device');
    expect(await page.getByTestId('skeleton-row').count()).toBe(0);
    const saved = notice.getByTestId('saved-lists').getByRole('link');
    expect(await saved.allInnerTexts()).toEqual(['Bookings']);
    await snap(page, 'offline-not-saved');
    // An edit form never kept here says the same, instead of spinning.
    await page.goto('/admin/advertisement/update/1');
    await waitForShell(page);
    await page.getByTestId('not-saved-here').waitFor({ timeout: 10_000 });
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await snap(page, `offline-form-not-saved-en-${width}`);
    }
    await page.goto('/admin/event');
    await waitForShell(page);
    await notice.waitFor({ timeout: 10_000 });

    await context.setOffline(false);
    // Offline, the paused query resumes at once; unreachable, the next retry (every 15 s) loads it.
    await expect.poll(() => rows(page).count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await notice.count()).toBe(0);
  });

  it('a status change made offline survives two reloads and reaches the server exactly once', async () => {
    const id = await pendingBooking();
    const before = await details(id);
    const { page, context, errors } = await suite.signedIn(DEMO.manager);
    await waitForServiceWorkerControl(page);
    await openBooking(page, id);
    await waitForCached(page, `"details",${id}]`);

    await context.setOffline(true);
    await confirmBooking(page);
    await page.getByText('Saved on this device. It will be sent when the connection returns.').waitFor();
    await expect.poll(() => shownStatus(page)).toBe('confirmed');
    await page.getByTestId('outbox-link').waitFor();
    for (let i = 0; i < 2; i++) {
      await page.reload();
      await waitForShell(page);
      await expect.poll(() => shownStatus(page)).toBe('confirmed');
      expect(await page.getByTestId('outbox-link').innerText()).toContain('1 change waiting');
    }
    // Nothing reached the server yet.
    expect((await details(id)).booking.status).toBe('pending');

    await context.setOffline(false);
    await expect.poll(() => page.getByTestId('outbox-link').count(), { timeout: 20_000 }).toBe(0);
    const after = await details(id);
    expect(after.booking.status).toBe('confirmed');
    expect(after.history.length).toBe(before.history.length + 1);
    await expect.poll(() => shownStatus(page)).toBe('confirmed');
    expect(errors).toEqual([]);
  });

  it('a change whose answer was lost is sent again with its key and counted once', async () => {
    const id = await pendingBooking();
    const before = await details(id);
    const { page } = await suite.signedIn(DEMO.manager, WITHOUT_WORKER);
    await openBooking(page, id);
    // The server commits, then the answer is lost on the way back.
    let lost = 0;
    await page.route('**/api/booking/update-status', async (route) => {
      if (lost++ === 0) {
        await route.fetch();
        await route.abort('connectionreset');
      } else await route.continue();
    });
    await confirmBooking(page);
    await page.getByText('Saved on this device. It will be sent when the connection returns.').waitFor();
    expect((await details(id)).history.length).toBe(before.history.length + 1);

    await page.getByTestId('outbox-link').click();
    await page.getByTestId('outbox-entry').waitFor();
    const replay = page.waitForResponse((r) => r.url().endsWith('/api/booking/update-status'));
    await page.getByRole('button', { name: 'Send now' }).click();
    const answer = await replay;
    expect(answer.status()).toBe(200);
    // The server answered from its store: the first request's result, not a second change.
    expect(answer.headers()['idempotent-replayed']).toBe('true');
    await page.getByTestId('outbox-empty').waitFor();
    const after = await details(id);
    expect(after.booking.status).toBe('confirmed');
    expect(after.history.length).toBe(before.history.length + 1);
  });

  it('a change to a booking someone else changed meanwhile becomes a conflict the manager settles', async () => {
    const id = await pendingBooking();
    const { page, context } = await suite.signedIn(DEMO.manager);
    await waitForServiceWorkerControl(page);
    await openBooking(page, id);
    await context.setOffline(true);
    await confirmBooking(page);
    await page.getByTestId('outbox-link').waitFor();
    // Meanwhile an admin records the payment: the booking's version moves on.
    const paid = await server('POST', '/api/booking/update-status', { id, paymentStatus: 'paid' });
    expect(paid.status).toBe(200);

    await context.setOffline(false);
    await page.getByTestId('outbox-link').click();
    await expect
      .poll(() => page.getByTestId('outbox-entry').getAttribute('data-state'), { timeout: 20_000 })
      .toBe('conflict');
    await page.getByTestId('outbox-conflict').waitFor();
    expect(await page.getByTestId('conflict-mine').innerText()).toBe('Confirmed');
    expect(await page.getByTestId('conflict-server').innerText()).toBe('Pending');
    expect((await details(id)).booking.status).toBe('pending');

    await page.getByTestId('outbox-apply-mine').click();
    await page.getByTestId('outbox-empty').waitFor();
    const after = await details(id);
    expect(after.booking).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
  });

  it('Sign Out asks about unsent changes, in Arabic too; discarding leaves none of the user’s data in IndexedDB', async () => {
    const id = await pendingBooking();
    const { page } = await suite.signedIn(DEMO.manager, { viewport: WIDE, ...WITHOUT_WORKER });
    // The server cannot be reached for this write: it waits in the outbox, and the page stays online
    // so that the language can change.
    await page.route('**/api/booking/update-status', (route) => route.abort('connectionreset'));
    await openBooking(page, id);
    await confirmBooking(page);
    await page.getByTestId('outbox-link').waitFor();
    expect((await readIndexedDb(page)).some((e) => e.key.startsWith('outbox-sealed:'))).toBe(true);

    await toArabic(page);
    await page.getByTestId('outbox-link').waitFor();
    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: 'تسجيل الخروج' }).click();
    const dialog = page.getByTestId('sign-out-dialog');
    await dialog.getByRole('heading', { name: 'تسجيل الخروج مع تغييرات غير مرسلة؟' }).waitFor();
    expect(await dialog.getByTestId('sign-out-unsent').innerText()).toBe(
      'تغيير واحد أُجري على هذا الجهاز لم يصل إلى الخادم بعد.',
    );
    expect(await htmlLangDir(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    // Right to left: the dialog's buttons start from the right, the first (Cancel) rightmost.
    const [cancel, keep] = await Promise.all([
      dialog.getByRole('button', { name: 'إلغاء' }).boundingBox(),
      dialog.getByTestId('sign-out-keep').boundingBox(),
    ]);
    expect(cancel!.x).toBeGreaterThan(keep!.x);
    await snap(page, 'sign-out-unsent-ar-1440', { fullPage: false });
    await page.setViewportSize(NARROW);
    await snap(page, 'sign-out-unsent-ar-390', { fullPage: false });
    await page.setViewportSize(WIDE);

    await dialog.getByTestId('sign-out-discard').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/login');
    const left = await readIndexedDb(page);
    expect(left.filter((e) => e.key.startsWith('outbox') || e.key.startsWith('query-cache:'))).toEqual([]);
    expect(JSON.stringify(left)).not.toContain(DEMO.manager);
    await page.unroute('**/api/booking/update-status');
    expect((await details(id)).booking.status).toBe('pending');

    // Another user on the same browser sees none of it: no outbox, the booking as the server has it.
    await chooseLanguage(page, 'en');
    await signIn(page, DEMO.admin, DEMO_PASSWORD);
    await openBooking(page, id);
    await expect.poll(() => shownStatus(page)).toBe('pending');
    expect(await page.getByTestId('outbox-link').count()).toBe(0);
    expect(JSON.stringify(await readIndexedDb(page))).not.toContain(DEMO.manager);
    await signOut(page);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/login');

    // Nor does the user who discarded it find it again.
    await signIn(page, DEMO.manager, DEMO_PASSWORD);
    await openBooking(page, id);
    expect(await page.getByTestId('outbox-link').count()).toBe(0);
    expect((await details(id)).booking.status).toBe('pending');
  });

  it('kept at Sign Out: the next user of the browser neither sees nor can open it; it is sent once at the user’s next sign-in', async () => {
    const id = await pendingBooking();
    const before = await details(id);
    const { page, context, errors } = await suite.signedIn(DEMO.manager, { viewport: WIDE });
    // A new device has nothing to send before this journey makes its change.
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/booking/update-status')
        sent.push(request.headers()['idempotency-key'] ?? '');
    });
    await waitForServiceWorkerControl(page);
    await openBooking(page, id);
    await context.setOffline(true);
    await confirmBooking(page);
    await page.getByTestId('outbox-link').waitFor();
    const summary = `${before.booking.code}: Confirm`;

    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    const dialog = page.getByTestId('sign-out-dialog');
    await dialog.getByRole('heading', { name: 'Sign out with unsent changes?' }).waitFor();
    expect(await dialog.getByTestId('sign-out-unsent').innerText()).toBe(
      '1 change made on this device has not reached the server yet.',
    );
    await snap(page, 'sign-out-unsent-en-1440', { fullPage: false });
    await page.setViewportSize(NARROW);
    await snap(page, 'sign-out-unsent-en-390', { fullPage: false });
    await page.setViewportSize(WIDE);
    await dialog.getByRole('button', { name: 'Keep and sign out' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/login');

    // What stays is the sealed outbox, under a name that does not name the user; not their key, not
    // their cached data.
    const left = await readIndexedDb(page);
    expect(left.filter((e) => e.key.startsWith('outbox-sealed:'))).toHaveLength(1);
    expect(left.filter((e) => /^(outbox-key$|outbox:|query-cache:)/.test(e.key)).map((e) => e.key)).toEqual(
      [],
    );
    const hides = (text: string) => {
      expect(text).not.toContain(DEMO.manager);
      expect(text).not.toContain(summary);
      expect(text).not.toContain('bookingUpdateStatus');
    };
    hides(JSON.stringify(left));

    // Another user signs in on the same browser profile, online.
    await context.setOffline(false);
    await signIn(page, DEMO.admin, DEMO_PASSWORD);
    expect(await page.getByTestId('outbox-link').count()).toBe(0);
    await page.goto('/admin/outbox');
    await waitForShell(page);
    await page.getByTestId('outbox-empty').waitFor();
    expect(await page.getByTestId('outbox-entry').count()).toBe(0);
    // The stored data does not reveal it to this session: readable it is not, and this user's key
    // does not open it.
    hides(JSON.stringify(await readIndexedDb(page)));
    expect(await openSealed(page)).toEqual({ sealed: 1, opened: 0, deviceKey: true });
    await openBooking(page, id);
    await expect.poll(() => shownStatus(page)).toBe('pending');
    await signOut(page); // nothing unsent: no question
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/login');
    expect(sent).toEqual([]);
    expect((await details(id)).booking.status).toBe('pending');

    // The user who kept it signs in again: it is sent, once, under their account.
    await signIn(page, DEMO.manager, DEMO_PASSWORD);
    await expect.poll(() => sent.length, { timeout: 20_000 }).toBe(1);
    await expect.poll(() => page.getByTestId('outbox-link').count(), { timeout: 20_000 }).toBe(0);
    const after = await details(id);
    expect(after.booking.status).toBe('confirmed');
    expect(after.history.length).toBe(before.history.length + 1);
    expect(after.history.find((h) => h.field === 'status' && h.to === 'confirmed')?.by?.id).toBe(
      await userId(DEMO.manager),
    );
    // Nothing more goes out for it.
    await page.goto('/admin/outbox');
    await waitForShell(page);
    await page.getByTestId('outbox-empty').waitFor();
    expect(sent).toHaveLength(1);
    expect((await details(id)).history.length).toBe(before.history.length + 1);
    expect(errors).toEqual([]);
  });

  it('keeps the bookings of a chosen event available offline, with progress and the stored size', async () => {
    const { page, context } = await suite.signedIn(DEMO.manager);
    await waitForServiceWorkerControl(page);
    await page.goto('/admin/booking');
    await waitForShell(page);
    await page.getByTestId('keep-offline').click();
    const dialog = page.getByTestId('keep-offline-dialog');
    const first = dialog.getByRole('checkbox').first();
    await first.waitFor();
    await first.check();
    const eventName = (await dialog.locator('label').first().locator('span span').first().innerText()).trim();
    await dialog.getByTestId('keep-offline-download').click();
    await dialog.getByTestId('keep-offline-stored').waitFor({ timeout: 60_000 });
    expect(await dialog.getByTestId('keep-offline-stored').innerText()).toMatch(
      /\d+ bookings kept on this device \([\d.]+ MB\)/,
    );
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The event's bookings and a booking never opened before read offline after a cold reload.
    const listed = (
      await server(
        'GET',
        '/api/event?status=approved&pageSize=50&sort=startsAt&order=asc&from=' +
          new Date().toISOString().slice(0, 10),
      )
    ).data as { items: { id: number; title: { en: string } }[] };
    const event = listed.items.find((e) => e.title.en === eventName)!;
    const bookings = (await server('GET', `/api/booking?eventId=${event.id}&pageSize=10`)).data as {
      items: { id: number; code: string }[];
    };
    await waitForCached(page, `"details",${bookings.items.at(-1)!.id}]`);
    await context.setOffline(true);
    await page.goto(`/admin/booking?eventId=${event.id}`);
    await waitForShell(page);
    await expect.poll(() => rows(page).count()).toBe(bookings.items.length);
    const last = bookings.items.at(-1)!;
    await page.goto(`/admin/booking-details?id=${last.id}`);
    await page.getByRole('heading', { level: 1, name: last.code }).waitFor();
    await context.setOffline(false);
  });

  it('an edit saved offline waits in the outbox, shows in the list, and is saved once online', async () => {
    const { page, context } = await suite.signedIn(DEMO.admin);
    await waitForServiceWorkerControl(page);
    await page.goto('/admin/category');
    await waitForShell(page);
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    const before = (await rows(page).first().locator('td').first().innerText()).split('\n')[0]!.trim();
    await rows(page).first().getByTestId('row-actions').click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await page.getByTestId('field-name.en').waitFor();
    await waitForCached(page, '"category","detail"');

    await context.setOffline(true);
    const renamed = `${before} (offline)`;
    await page.getByTestId('field-name.en').fill(renamed);
    await page.getByTestId('form-submit').click();
    await page.getByText('Saved on this device. It will be sent when the connection returns.').waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/category');
    await expect.poll(() => rows(page).first().innerText()).toContain(renamed);

    await context.setOffline(false);
    await expect.poll(() => page.getByTestId('outbox-link').count(), { timeout: 20_000 }).toBe(0);
    const list = (
      await server('GET', `/api/master/listwithpagination?type=category&q=${encodeURIComponent(renamed)}`)
    ).data as {
      items: { name: { en: string } }[];
    };
    expect(list.items.map((c) => c.name.en)).toEqual([renamed]);
  });
});
