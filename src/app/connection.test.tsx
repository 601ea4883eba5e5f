import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { onlineManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectionBanner } from '@/components/ConnectionBanner';
import { ApiError } from '@/lib/api';
import { failedToLoad } from '@/resources/queries';
import { connectionState, isUnreachable, RETRY_MS, watchConnection } from './connection';

let client: QueryClient;
let stop: () => void;

const banner = () =>
  render(
    <I18nProvider i18n={i18n}>
      <ConnectionBanner />
    </I18nProvider>,
  );

const fetchWith = (key: string, fn: () => Promise<unknown>) =>
  act(() => client.fetchQuery({ queryKey: [key], queryFn: fn, retry: false }).catch(() => undefined));

beforeEach(() => {
  i18n.activate('en');
  onlineManager.setOnline(true);
  client = new QueryClient();
  stop = watchConnection(client);
});
afterEach(() => {
  stop();
  client.clear();
  onlineManager.setOnline(true);
  vi.useRealTimers();
});

describe('connection state', () => {
  it('takes 502/503/504 and no answer as the server being unreachable; request errors are not', () => {
    for (const status of [0, 502, 503, 504]) expect(isUnreachable(new ApiError(status, 'x'))).toBe(true);
    for (const status of [400, 401, 403, 404, 409, 422, 429, 500])
      expect(isUnreachable(new ApiError(status, 'x'))).toBe(false);
    expect(isUnreachable(new ApiError(0, 'x', {}, { aborted: true }))).toBe(false);
    expect(isUnreachable(new Error('x'))).toBe(false);
  });

  it('shows the banner while the server answers 503 and hides it after the next success', async () => {
    banner();
    expect(screen.queryByTestId('connection-banner')).toBeNull();
    await fetchWith('a', () => Promise.reject(new ApiError(422, 'bad input')));
    expect(screen.queryByTestId('connection-banner')).toBeNull();
    await fetchWith('b', () => Promise.reject(new ApiError(503, 'The database is not reachable')));
    expect(connectionState()).toBe('unreachable');
    expect(screen.getByTestId('connection-banner')).toHaveTextContent(/server cannot be reached/);
    await fetchWith('c', () => Promise.resolve({ ok: true }));
    expect(connectionState()).toBe('online');
    expect(screen.queryByTestId('connection-banner')).toBeNull();
  });

  it('says offline when the device is offline, in Arabic too', async () => {
    banner();
    act(() => onlineManager.setOnline(false));
    expect(screen.getByTestId('connection-banner')).toHaveAttribute('data-state', 'offline');
    expect(screen.getByRole('status')).toHaveTextContent(/offline/);
    act(() => i18n.activate('ar'));
    expect(screen.getByRole('status').textContent).toMatch(/[\u0600-\u06FF]/);
    act(() => onlineManager.setOnline(true));
    expect(screen.queryByTestId('connection-banner')).toBeNull();
  });

  it('retries the active queries while unreachable, and stops once the server answers', async () => {
    stop();
    vi.useFakeTimers();
    stop = watchConnection(client); // its retry timer runs on the fake clock
    let answers = 0;
    const live = new QueryObserver(client, {
      queryKey: ['active'],
      queryFn: () => {
        answers++;
        return answers === 1 ? Promise.reject(new ApiError(503, 'down')) : Promise.resolve(answers);
      },
      retry: false,
    });
    const off = live.subscribe(() => undefined);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(answers).toBe(1);
    expect(connectionState()).toBe('unreachable');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(RETRY_MS + 10);
    });
    expect(answers).toBe(2);
    expect(connectionState()).toBe('online');
    off();
  });
});

describe('failedToLoad', () => {
  it('keeps cached data on screen when a refetch fails, but not when the record is gone', () => {
    const down = new ApiError(503, 'down');
    expect(failedToLoad({ isError: true, data: { id: 1 }, error: down })).toBe(false);
    expect(failedToLoad({ isError: true, data: undefined, error: down })).toBe(true);
    expect(failedToLoad({ isError: true, data: { id: 1 }, error: new ApiError(404, 'gone') })).toBe(true);
    expect(failedToLoad({ isError: false, data: { id: 1 }, error: null })).toBe(false);
  });
});
