import { describe, expect, it, vi } from 'vitest';
import {
  badgeFromPush,
  linkUrl,
  notifyClientsOfPush,
  openFromNotification,
  parsePush,
  showPush,
} from './notifications';

const SCOPE = 'https://app.example/admin/';
const data = (value: unknown) => ({
  json: () => {
    if (typeof value === 'string') return JSON.parse(value) as unknown;
    return value;
  },
});

const windowClient = (url: string, navigate = vi.fn(async () => null)) => ({
  url,
  focus: vi.fn(async () => undefined),
  navigate,
  postMessage: vi.fn(),
});

describe('push payloads', () => {
  it('shows an Arabic notification right to left, with its link under the scope', async () => {
    const registration = { scope: SCOPE, showNotification: vi.fn(async () => undefined) };
    await showPush(
      registration as never,
      parsePush(
        data({
          title: 'فعالية بانتظار الموافقة',
          body: 'أُرسلت للاعتماد',
          link: '/event/details/4',
          tag: 'event_submitted-1',
          lang: 'ar',
        }),
      ),
    );
    expect(registration.showNotification).toHaveBeenCalledWith('فعالية بانتظار الموافقة', {
      body: 'أُرسلت للاعتماد',
      icon: `${SCOPE}icons/icon-192.png`,
      badge: `${SCOPE}icons/icon-192.png`,
      tag: 'event_submitted-1',
      lang: 'ar',
      dir: 'rtl',
      data: { url: `${SCOPE}event/details/4` },
    });
  });

  it('reads a broken payload as a generic notification', () => {
    const broken = { json: () => JSON.parse('not json') as unknown };
    expect(parsePush(broken)).toEqual({
      title: 'Events Back Office',
      body: '',
      link: null,
      tag: undefined,
      lang: 'en',
      dir: 'ltr',
      badge: null,
    });
    expect(parsePush(null).title).toBe('Events Back Office');
  });

  it('opens only screens of the app: other addresses open the dashboard', () => {
    for (const link of [
      '//evil.example/x',
      'https://evil.example',
      'javascript:alert(1)',
      '/\\evil.example',
      42,
    ])
      expect(linkUrl(parsePush(data({ title: 't', link })).link, SCOPE)).toBe(SCOPE);
    expect(linkUrl(parsePush(data({ title: 't', link: '/booking-details?id=7' })).link, SCOPE)).toBe(
      `${SCOPE}booking-details?id=7`,
    );
  });
});

describe('the app badge of a push', () => {
  const nav = () => ({
    setAppBadge: vi.fn(async (_n?: number) => undefined),
    clearAppBadge: vi.fn(async () => undefined),
  });

  it('sets the count the push carries, and clears it at zero', async () => {
    const n = nav();
    await badgeFromPush(parsePush(data({ title: 't', badge: 17 })), n);
    expect(n.setAppBadge).toHaveBeenCalledWith(17);
    await badgeFromPush(parsePush(data({ title: 't', badge: 0 })), n);
    expect(n.clearAppBadge).toHaveBeenCalled();
  });

  it('leaves the badge alone without a valid count or without the Badging API', async () => {
    const n = nav();
    for (const badge of [undefined, -2, 1.5, '3', null])
      await badgeFromPush(parsePush(data({ title: 't', badge })), n);
    expect(n.setAppBadge).not.toHaveBeenCalled();
    expect(n.clearAppBadge).not.toHaveBeenCalled();
    await expect(badgeFromPush(parsePush(data({ title: 't', badge: 2 })), {})).resolves.toBeUndefined();
    const refusing = { setAppBadge: vi.fn(async () => Promise.reject(new Error('denied'))) };
    await expect(badgeFromPush(parsePush(data({ title: 't', badge: 2 })), refusing)).resolves.toBeUndefined();
  });
});

describe('notification clicks', () => {
  it('focuses an open window of the app and takes it to the link', async () => {
    const app = windowClient(`${SCOPE}booking`);
    const clients = {
      matchAll: vi.fn(async () => [windowClient('https://app.example/other'), app]),
      openWindow: vi.fn(),
    };
    await openFromNotification(`${SCOPE}event/details/4`, clients, SCOPE);
    expect(app.focus).toHaveBeenCalled();
    expect(app.navigate).toHaveBeenCalledWith(`${SCOPE}event/details/4`);
    expect(clients.openWindow).not.toHaveBeenCalled();
  });

  it('opens a new window when no window of the app is open', async () => {
    const other = windowClient('https://app.example/other');
    const clients = { matchAll: vi.fn(async () => [other]), openWindow: vi.fn(async () => null) };
    await openFromNotification(`${SCOPE}booking`, clients, SCOPE);
    expect(clients.openWindow).toHaveBeenCalledWith(`${SCOPE}booking`);
    expect(other.focus).not.toHaveBeenCalled();
    const none = { matchAll: vi.fn(async () => []), openWindow: vi.fn(async () => null) };
    await openFromNotification('https://evil.example/', none, SCOPE);
    expect(none.openWindow).toHaveBeenCalledWith(SCOPE);
  });

  it('focuses the open window before navigating it, and navigates it even when focus is refused', async () => {
    const order: string[] = [];
    const app = {
      url: `${SCOPE}`,
      focus: vi.fn(async () => {
        order.push('focus');
        throw new Error('InvalidAccessError');
      }),
      navigate: vi.fn(async () => {
        order.push('navigate');
        return null;
      }),
      postMessage: vi.fn(),
    };
    const clients = { matchAll: async () => [app], openWindow: vi.fn() };
    await openFromNotification(`${SCOPE}booking`, clients, SCOPE);
    expect(order).toEqual(['focus', 'navigate']);
    expect(app.navigate).toHaveBeenCalledWith(`${SCOPE}booking`);
    expect(clients.openWindow).not.toHaveBeenCalled();
  });

  it('asks the window to navigate itself when it cannot be navigated', async () => {
    const app = windowClient(
      `${SCOPE}`,
      vi.fn(async () => {
        throw new TypeError('not controlled');
      }),
    );
    await openFromNotification(
      `${SCOPE}booking`,
      { matchAll: async () => [app], openWindow: vi.fn() },
      SCOPE,
    );
    expect(app.postMessage).toHaveBeenCalledWith({ type: 'NAVIGATE', url: `${SCOPE}booking` });
  });

  it('tells every open window that a push arrived', async () => {
    const a = windowClient(`${SCOPE}`);
    const b = windowClient(`${SCOPE}booking`);
    await notifyClientsOfPush({ matchAll: async () => [a, b], openWindow: vi.fn() });
    expect(a.postMessage).toHaveBeenCalledWith({ type: 'PUSH_RECEIVED' });
    expect(b.postMessage).toHaveBeenCalledWith({ type: 'PUSH_RECEIVED' });
  });
});
