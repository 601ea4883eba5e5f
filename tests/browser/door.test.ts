/**
 * The door (docs/decisions/0055-the-door.md) in Chromium against the real server: a manager opens an
 * event's door from its details, names the device, and admits by the hardware scanner's field, by a
 * typed forged ticket (red), in part (2 of 3), by the camera (Chromium's fake camera showing a real
 * ticket's QR code), and offline: judged on the device, kept across a reload with no connection,
 * sent once when it returns; two devices that admitted one ticket offline: the second to send is
 * told "already" and nothing is counted twice. The kept list (docs/decisions/0059-door-list-accounts-and-leases.md):
 * offline, a booking it names as cancelled is refused, one newer than it admitted on the ticket's
 * signature and judged again by the server; "Keep available offline" switched off removes the list
 * from the device and the door does not judge offline. English and Arabic, 1440 and 390 px.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { DoorGuest, DoorState } from '../../src/contract/door';
import { DEMO, DEMO_PASSWORD } from '../support/app-server';
import { follow, signIn, visit, waitForServiceWorkerControl, waitForShell } from '../support/app';
import { newContext, readIndexedDb, snap } from '../support/browser';
import { CHROMIUM_ARGS, chromiumExecutable } from '../support/chromium';
import { writeQrVideo } from '../support/fake-camera';
import { browserSuite } from '../support/suite';

const suite = browserSuite();
const WIDE = { width: 1440, height: 900 };
const NARROW = { width: 390, height: 844 };

let token = '';
const api = async <T>(path: string, body?: unknown): Promise<T> => {
  if (!token)
    token = (
      await suite.api<{ token: string }>('/api/login', null, { email: DEMO.manager, password: DEMO_PASSWORD })
    ).body.token;
  const { status, body: answer } = await suite.api<{ data: T }>(path, token, body);
  if (status !== 200) throw new Error(`${path} answered ${status}`);
  return answer.data;
};

/** The seeded event under way now (server/seed/demo-events.ts) and its door. */
let eventId = 0;
const door = async (): Promise<DoorState> => {
  if (!eventId) {
    const { items } = await api<{
      items: { id: number; status: string; startsAt: string; endsAt: string }[];
    }>('/api/event?pageSize=100');
    const now = Date.now();
    eventId = items.find(
      (e) => e.status === 'approved' && Date.parse(e.startsAt) <= now && Date.parse(e.endsAt) >= now,
    )!.id;
  }
  return api<DoorState>(`/api/event/${eventId}/door`);
};

/** Guests that may come in, not yet admitted, taken once each across the file. */
const taken = new Set<number>();
const freshGuest = async (group: boolean): Promise<DoorGuest & { ticket: string }> => {
  const { guests, event } = await door();
  const guest = guests.find(
    (g) =>
      !taken.has(g.bookingId) &&
      g.status === 'confirmed' &&
      (event.price === 0 || g.paymentStatus === 'paid') &&
      g.admitted === 0 &&
      (group ? g.tickets >= 3 : g.tickets === 1),
  )!;
  taken.add(guest.bookingId);
  const { ticket } = await api<{ ticket: string }>(`/api/booking/details/${guest.bookingId}`);
  return { ...guest, ticket };
};

/** A booking of the door's event made now (after a device kept its list), confirmed and paid, with its ticket. */
const newBooking = async (name: string): Promise<{ id: number; ticket: string }> => {
  const { event } = await door();
  const made = await suite.api<{ data: { id: number } }>('/api/booking', token, {
    eventId: event.id,
    customerName: name,
    customerEmail: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
    customerPhone: '+966500000999',
    tickets: 2,
  });
  if (made.status !== 201) throw new Error(`booking answered ${made.status}`);
  const { id } = made.body.data;
  await api('/api/booking/update-status', { id, status: 'confirmed', paymentStatus: 'paid' });
  const { ticket } = await api<{ ticket: string }>(`/api/booking/details/${id}`);
  return { id, ticket };
};
const cancel = (id: number) => api('/api/booking/update-status', { id, status: 'cancelled' });

/** Whether the device's copy of the user's data holds this event's door list. */
const listKept = async (page: Page, eventId: number) =>
  (await readIndexedDb(page)).some(
    (entry) =>
      entry.key.startsWith('query-cache:') &&
      JSON.stringify(entry.value).includes(`"door","details",${eventId}]`),
  );

const verdict = (page: Page) => page.getByTestId('door-verdict');
const scan = async (page: Page, text: string) => {
  await page.getByTestId('door-code').fill(text);
  await page.getByTestId('door-code').press('Enter');
};

/** Opens the door from the event's details and names the device. */
async function openDoor(page: Page, name: string) {
  await visit(page, `/admin/event/details/${eventId || (await door()).event.id}`);
  await follow(page, page.getByTestId('event-door'), `/admin/event/door/${eventId}`);
  await page.getByTestId('door-name-form').getByRole('textbox').fill(name);
  await page.getByTestId('door-name-form').getByRole('textbox').press('Enter');
  await page.getByTestId('door-code').waitFor();
}

describe('the door', () => {
  it('admits by the scanner, refuses a forged ticket, admits 2 of 3, in both languages and widths', async () => {
    const { page, errors } = await suite.signedIn(DEMO.manager, { viewport: WIDE });
    await openDoor(page, 'Gate B');
    const before = await door();
    expect(await page.getByTestId('door-expected').innerText()).toBe(String(before.expected));

    // The keyboard wedge: the ticket's text, then Enter.
    const one = await freshGuest(false);
    await scan(page, one.ticket);
    await expect.poll(() => verdict(page).getAttribute('data-verdict')).toBe('admitted');
    expect(await verdict(page).innerText()).toContain(one.name);
    await snap(page, 'door-admitted-1440-en', { fullPage: false });
    await page.keyboard.press('Enter');
    await expect.poll(() => verdict(page).count()).toBe(0);
    await expect.poll(() => page.getByTestId('door-admitted').innerText()).toBe(String(before.admitted + 1));

    // The same ticket again: amber, naming this device.
    await scan(page, one.ticket);
    await expect.poll(() => verdict(page).getAttribute('data-verdict')).toBe('already');
    expect(await verdict(page).innerText()).toContain('“Gate B”');

    // A forged ticket typed by hand: red, in words.
    const forged = `${one.ticket.slice(0, -4)}${one.ticket.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    await scan(page, forged); // the next scan dismisses the verdict before it
    await expect.poll(() => verdict(page).getAttribute('data-reason')).toBe('invalid');
    expect(await verdict(page).innerText()).toContain('Invalid ticket');
    await snap(page, 'door-invalid-1440-en', { fullPage: false });
    await verdict(page).click();

    // A group: 2 of 3 arrived now, the third later.
    const group = await freshGuest(true);
    await scan(page, group.ticket);
    await page.getByTestId('door-choose').waitFor();
    expect(await page.getByTestId('door-choose-count').innerText()).toBe(String(group.tickets));
    await page.getByRole('button', { name: 'One fewer' }).click();
    const left = group.tickets - 1;
    await page.getByRole('button', { name: `Admit ${left} of ${group.tickets}` }).click();
    await expect.poll(() => verdict(page).getAttribute('data-verdict')).toBe('admitted');
    expect(await page.getByTestId('door-verdict-count').innerText()).toBe(`${left} of ${group.tickets}`);
    await page.keyboard.press('Enter');
    const after = (await door()).guests.find((g) => g.bookingId === group.bookingId)!;
    expect(after.admitted).toBe(left);
    // The log reads it; the guest is found by phone.
    await expect.poll(() => page.getByTestId('door-log').innerText()).toContain(group.name);
    await page.getByTestId('door-search').fill(group.phone.slice(-6));
    await expect.poll(() => page.getByTestId('door-guests').innerText()).toContain(group.name);
    await snap(page, 'door-1440-en');

    await page.setViewportSize(NARROW);
    await snap(page, 'door-390-en');
    expect(errors).toEqual([]);
  });

  it('reads in Arabic, mirrored, at 1440 and 390 px', async () => {
    const { page, errors } = await suite.signedIn(DEMO.manager, { viewport: WIDE, language: 'ar' });
    await openDoorArabic(page);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.getByTestId('door').innerText()).toMatch(/سجل الدخول/);
    const one = await freshGuest(false);
    await scan(page, one.ticket);
    await expect.poll(() => verdict(page).getAttribute('data-verdict')).toBe('admitted');
    expect(await verdict(page).innerText()).toContain('تم الدخول');
    await snap(page, 'door-admitted-1440-ar', { fullPage: false });
    await page.keyboard.press('Enter');
    await snap(page, 'door-1440-ar');
    await page.setViewportSize(NARROW);
    await snap(page, 'door-390-ar');
    expect(errors).toEqual([]);
  });
});

/** The door in Arabic: opened from the event's details, the device named in Arabic. */
async function openDoorArabic(page: Page) {
  await visit(page, `/admin/event/details/${(await door()).event.id}`);
  await follow(page, page.getByTestId('event-door'), `/admin/event/door/${eventId}`);
  await page.getByTestId('door-name-form').getByRole('textbox').fill('البوابة ب');
  await page.getByTestId('door-name-form').getByRole('textbox').press('Enter');
  await page.getByTestId('door-code').waitFor();
}

describe('the door offline', () => {
  it('judges on the device, keeps working after a reload with no connection, and sends once', async () => {
    const { page, context, errors } = await suite.signedIn(DEMO.manager, { serviceWorkers: 'allow' });
    await openDoor(page, 'Gate C');
    await waitForServiceWorkerControl(page);
    const one = await freshGuest(false);
    const admitted = (await door()).admitted;
    // The door state is in the device's copy of the user's data (written at most once a second).
    await expect
      .poll(async () =>
        (await readIndexedDb(page)).some(
          (entry) =>
            entry.key.startsWith('query-cache:') && JSON.stringify(entry.value).includes('"door","details"'),
        ),
      )
      .toBe(true);

    await context.setOffline(true);
    await page.reload();
    await waitForShell(page);
    await page.getByTestId('door-code').waitFor();
    await scan(page, one.ticket);
    await expect.poll(() => verdict(page).getAttribute('data-verdict')).toBe('admitted');
    expect(await verdict(page).innerText()).toContain('sent when the connection returns');
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('door-waiting').getAttribute('data-count')).toBe('1');
    // Judged on the device: the same ticket again is already in.
    await scan(page, one.ticket);
    await expect.poll(() => verdict(page).getAttribute('data-verdict')).toBe('already');
    await page.keyboard.press('Enter');
    await snap(page, 'door-offline-1440-en');

    await context.setOffline(false);
    await expect
      .poll(() => page.getByTestId('door-waiting').getAttribute('data-count'), { timeout: 30_000 })
      .toBe('0');
    const now = await door();
    expect(now.admitted).toBe(admitted + 1);
    expect(now.guests.find((g) => g.bookingId === one.bookingId)!.admitted).toBe(1);
    expect(errors).toEqual([]);
  });

  it('two devices admit one ticket offline: the second to send is told "already", counted once', async () => {
    const a = await suite.signedIn(DEMO.manager);
    const b = await suite.signedIn(DEMO.manager);
    await openDoor(a.page, 'Gate A');
    await openDoor(b.page, 'Gate B');
    const one = await freshGuest(false);
    await a.context.setOffline(true);
    await b.context.setOffline(true);
    for (const device of [a, b]) {
      await scan(device.page, one.ticket);
      await expect.poll(() => verdict(device.page).getAttribute('data-verdict')).toBe('admitted');
      await device.page.keyboard.press('Enter');
    }
    await a.context.setOffline(false);
    await expect
      .poll(() => a.page.getByTestId('door-waiting').getAttribute('data-count'), { timeout: 30_000 })
      .toBe('0');
    await b.context.setOffline(false);
    const notice = b.page.getByTestId('door-second');
    await notice.waitFor({ timeout: 30_000 });
    expect(await notice.innerText()).toMatch(/already admitted at .+ on “Gate A”/);
    await expect.poll(() => b.page.getByTestId('door-log').innerText()).toContain('Came second');
    await snap(b.page, 'door-conflict-1440-en');
    expect((await door()).guests.find((g) => g.bookingId === one.bookingId)!.admitted).toBe(1);
    expect([...a.errors, ...b.errors]).toEqual([]);
  });
});

describe('the kept list', () => {
  it('offline: refuses a booking it names as cancelled, admits one newer than it on the signature, and the server judges it again', async () => {
    const { page, context, errors } = await suite.signedIn(DEMO.manager, { viewport: NARROW });
    // Cancelled before the list is kept: the list names it, cancelled.
    const gone = await freshGuest(false);
    await cancel(gone.bookingId);
    await openDoor(page, 'Gate E');
    const { admitted } = await door();
    await context.setOffline(true);
    await scan(page, gone.ticket);
    await expect.poll(() => verdict(page).getAttribute('data-reason')).toBe('cancelled');
    expect(await verdict(page).innerText()).toContain(gone.name);
    await page.keyboard.press('Enter');

    // Booked after the list was kept: admitted on its signature, for one guest, and said so.
    const late = await newBooking('Late Arrival');
    await scan(page, late.ticket);
    await expect.poll(() => verdict(page).getAttribute('data-basis')).toBe('signature');
    expect(await verdict(page).getAttribute('data-verdict')).toBe('admitted');
    const words = await verdict(page).innerText();
    expect(words).toContain('not on the list');
    expect(words).toContain('does not say how many guests');
    expect(await page.getByTestId('door-verdict-count').innerText()).toBe('1 guest');
    await snap(page, 'door-signature-390-en', { fullPage: false });
    await page.keyboard.press('Enter');
    // Judged on this device: the same ticket again is already in; the log names it.
    await scan(page, late.ticket);
    await expect.poll(() => verdict(page).getAttribute('data-verdict')).toBe('already');
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('door-log').innerText()).toContain('not on the kept list');

    // Another, cancelled before the device comes back: the server refuses it, and the device says so.
    const undone = await newBooking('Undone Arrival');
    await scan(page, undone.ticket);
    await expect.poll(() => verdict(page).getAttribute('data-basis')).toBe('signature');
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('door-waiting').getAttribute('data-count')).toBe('2');
    await cancel(undone.id);

    await context.setOffline(false);
    await expect
      .poll(() => page.getByTestId('door-waiting').getAttribute('data-count'), { timeout: 30_000 })
      .toBe('0');
    const refused = page.locator('[data-testid="door-second"] [data-late="refused"]');
    await refused.waitFor({ timeout: 30_000 });
    expect(await refused.innerText()).toMatch(/refused by the server: Undone Arrival \(Booking cancelled\)/);
    // The server's verdict: the late booking in once, on the door log under its name.
    await expect
      .poll(() => page.getByTestId('door-log').innerText(), { timeout: 30_000 })
      .toContain('Late Arrival');
    await snap(page, 'door-late-verdicts-390-en');
    const now = await door();
    expect(now.guests.find((g) => g.bookingId === late.id)).toMatchObject({ admitted: 1, tickets: 2 });
    expect(now.guests.find((g) => g.bookingId === undone.id)).toMatchObject({
      admitted: 0,
      status: 'cancelled',
    });
    expect(now.admitted).toBe(admitted + 1);
    expect(errors).toEqual([]);
  });

  it('keeps the list by default; switched off, it leaves the device and the door does not judge offline', async () => {
    const { page, context, errors } = await suite.signedIn(DEMO.manager, { viewport: WIDE });
    await openDoor(page, 'Gate F');
    const { event } = await door();
    const keep = page.getByTestId('door-keep');
    expect(await keep.getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => listKept(page, event.id)).toBe(true);
    expect(await page.getByTestId('door-kept').innerText()).toContain('Guest list kept on this device');
    await snap(page, 'door-keep-on-1440-en', { fullPage: false });

    await keep.click();
    await expect.poll(() => keep.getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => listKept(page, event.id)).toBe(false);
    expect(await page.getByTestId('door-kept').innerText()).toContain('not kept on this device');
    // The choice is the device's, for this event: it holds across a reload.
    await page.reload();
    await page.getByTestId('door-code').waitFor();
    expect(await page.getByTestId('door-keep').getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => listKept(page, event.id)).toBe(false);

    // Offline, nothing is judged and nothing queued.
    const one = await freshGuest(false);
    await context.setOffline(true);
    await scan(page, one.ticket);
    await expect.poll(() => verdict(page).getAttribute('data-verdict')).toBe('unjudged');
    expect(await verdict(page).innerText()).toContain('Not judged');
    await snap(page, 'door-unjudged-1440-en', { fullPage: false });
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('door-waiting').getAttribute('data-count')).toBe('0');
    await snap(page, 'door-keep-off-1440-en', { fullPage: false });
    await context.setOffline(false);

    // Switched on again: kept again.
    await page.getByTestId('door-keep').click();
    await expect.poll(() => listKept(page, event.id)).toBe(true);
    // Who opens this door, for whoever manages the event.
    await page.getByTestId('door-accounts').locator('summary').click();
    await page.getByTestId('door-accounts-list').waitFor();
    await page.setViewportSize(NARROW);
    await snap(page, 'door-keep-390-en');
    expect(errors).toEqual([]);
  });

  it('reads in Arabic at 1440 and 390 px', async () => {
    const { page, errors } = await suite.signedIn(DEMO.manager, { viewport: WIDE, language: 'ar' });
    await openDoorArabic(page);
    const keep = page.getByTestId('door-keep');
    expect(await keep.innerText()).toContain('الإتاحة دون اتصال');
    await snap(page, 'door-keep-on-1440-ar', { fullPage: false });
    await keep.click();
    await expect.poll(() => keep.getAttribute('aria-checked')).toBe('false');
    expect(await page.getByTestId('door-kept').innerText()).toContain('غير محفوظة');
    await page.getByTestId('door-accounts').locator('summary').click();
    await page.getByTestId('door-accounts-list').waitFor();
    await snap(page, 'door-keep-off-1440-ar');
    await page.setViewportSize(NARROW);
    await snap(page, 'door-keep-off-390-ar');
    expect(errors).toEqual([]);
  });
});

describe('the door camera', () => {
  const closers: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const close of closers) await close();
  });

  it("reads a real ticket's QR code from the camera (zxing-wasm, served from our origin) and admits", async () => {
    const one = await freshGuest(false);
    const video = join(await mkdtemp(join(tmpdir(), 'ebo-camera-')), 'ticket.y4m');
    await writeQrVideo(video, one.ticket);
    const browser = await chromium.launch({
      executablePath: chromiumExecutable('shell'),
      args: [
        ...CHROMIUM_ARGS,
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    closers.push(() => browser.close());
    const context = await newContext(browser, suite.server.origin, {
      serviceWorkers: 'block',
      viewport: NARROW,
    });
    await context.grantPermissions(['camera']);
    const page = await context.newPage();
    const wasm: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('.wasm')) wasm.push(request.url());
    });
    await signIn(page, DEMO.manager, DEMO_PASSWORD);
    await openDoor(page, 'Gate D');
    await page.getByTestId('door-camera-toggle').click();
    await expect.poll(() => verdict(page).getAttribute('data-verdict'), { timeout: 30_000 }).toBe('admitted');
    expect(await verdict(page).innerText()).toContain(one.name);
    expect(wasm.length).toBeGreaterThan(0);
    expect(wasm.every((url) => url.startsWith(`${suite.server.origin}/admin/assets/`))).toBe(true);
    await snap(page, 'door-camera-390-en', { fullPage: false });
    expect((await door()).guests.find((g) => g.bookingId === one.bookingId)!.admitted).toBe(1);
  });
});
