import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module per test: its gate is module state. */
const load = async () => {
  vi.resetModules();
  return import('./first-screen');
};
const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
};

describe('first screen gate', () => {
  afterEach(() => vi.useRealTimers());

  it('lets work through at once when nothing holds it (tests, later screens)', async () => {
    vi.useFakeTimers();
    const { afterFirstScreen } = await load();
    expect(await settled(afterFirstScreen())).toBe(true);
  });

  it('holds work until the committed first screen has had a frame', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    const { afterFirstScreen, firstScreenCommitted, holdUntilFirstScreen } = await load();
    holdUntilFirstScreen();
    const gate = afterFirstScreen();
    expect(await settled(gate)).toBe(false);
    firstScreenCommitted();
    expect(await settled(gate)).toBe(false); // the frame has not come yet
    await vi.advanceTimersByTimeAsync(32); // the next frame, then the task after it
    expect(await settled(gate)).toBe(true);
  });

  it('lets the work go after the longest wait when no frame comes (a hidden tab)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    const { afterFirstScreen, holdUntilFirstScreen, FIRST_SCREEN_MAX_WAIT_MS } = await load();
    holdUntilFirstScreen();
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_MAX_WAIT_MS - 1);
    expect(await settled(afterFirstScreen())).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(afterFirstScreen())).toBe(true);
  });
});
