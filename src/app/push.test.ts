import { afterEach, describe, expect, it, vi } from 'vitest';
import { enablePush, PUSH_TIMEOUT_MS, PushTimedOut, withinPushTimeout } from './push';

const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('enabling push where the browser never answers', () => {
  it('gives up after PUSH_TIMEOUT_MS with PushTimedOut (no spinner forever)', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('Notification', { requestPermission: () => Promise.resolve('granted') });
    // A browser without a push service: the service worker never becomes ready.
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { ready: new Promise(() => undefined) },
    });
    const result = enablePush(KEY).then(
      () => 'enabled',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(PUSH_TIMEOUT_MS - 1);
    let settled = false;
    void result.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toBeInstanceOf(PushTimedOut);
  });

  it('passes an answer that comes in time through', async () => {
    await expect(withinPushTimeout(Promise.resolve('subscribed'), 50)).resolves.toBe('subscribed');
  });
});
