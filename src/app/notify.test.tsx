import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import { loadNotices, NOTICE_DURATION_MS, NoticeHost, notify, outcomeKind } from './notify';
import { notifyKept } from './kept-notice';

const renderHost = (dir: 'ltr' | 'rtl' = 'ltr') =>
  render(
    <I18nProvider i18n={i18n}>
      <NoticeHost dir={dir} />
    </I18nProvider>,
  );

beforeAll(async () => {
  await loadNotices();
});
beforeEach(() => {
  i18n.activate('en');
});
afterEach(() => {
  act(() => toast.remove());
  vi.useRealTimers();
});

describe('notify (docs/product.md §8, §9)', () => {
  it('shows a success notice with the title Success!, the text and a 2000 ms progress bar', async () => {
    renderHost();
    act(() => {
      notify.success('Profile saved');
    });
    const notice = await screen.findByTestId('notice');
    expect(notice).toHaveAttribute('role', 'status');
    expect(notice).toHaveTextContent('Success!');
    expect(notice).toHaveTextContent('Profile saved');
    const bar = screen.getByTestId('notice-progress');
    expect(bar.className).toContain('animate-notice-progress');
    expect(bar.style.animationDuration).toBe('2000ms');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a write kept on the device for later is not called a success', async () => {
    renderHost();
    act(() => {
      notifyKept('Saved on this device. It will be sent when the connection returns.');
    });
    const notice = await screen.findByTestId('notice');
    expect(notice).toHaveAttribute('data-kind', 'kept');
    expect(notice).toHaveTextContent('Saved on this device');
    expect(notice).not.toHaveTextContent('Success!');
  });

  it('shows an error notice with the title Error! and the message fallback order', async () => {
    renderHost();
    act(() => {
      notify.error(new ApiError(429, 'Too many attempts. Try again in 15 minutes.'));
    });
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Error!');
    expect(notice).toHaveTextContent('Too many attempts. Try again in 15 minutes.');
    act(() => toast.remove());
    act(() => {
      notify.error({});
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
  });

  it('lasts 2000 ms', async () => {
    vi.useFakeTimers();
    renderHost();
    act(() => {
      notify.success('Done');
    });
    expect(screen.getByTestId('notice').className).toContain('opacity-100');
    await act(() => vi.advanceTimersByTimeAsync(NOTICE_DURATION_MS - 100));
    expect(screen.getByTestId('notice').className).toContain('opacity-100');
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByTestId('notice')?.className ?? 'opacity-0').toContain('opacity-0');
  });

  it('shows a partly-done notice (docs/decisions/0030-partly-done-notices.md): amber, a status, polite', async () => {
    renderHost();
    act(() => {
      notify.warning('Confirm: 177 done, 0 already so, 5 refused.');
    });
    const notice = await screen.findByTestId('notice');
    expect(notice).toHaveAttribute('role', 'status');
    expect(notice).toHaveAttribute('aria-live', 'polite');
    expect(notice).toHaveAttribute('data-kind', 'warning');
    expect(notice).toHaveTextContent('Partly done');
    expect(notice).not.toHaveTextContent(/Success!|Error!/);
    expect(notice.className).toContain('border-amber-300');
    expect(screen.getByTestId('notice-progress').className).toContain('bg-amber-500');
    act(() => toast.remove());
    i18n.activate('ar');
    act(() => {
      notify.warning('تم بعضها');
    });
    expect(await screen.findByTestId('notice')).toHaveTextContent('تم جزئيًا');
  });

  it('chooses the kind of a many-record outcome: all done, partly done, none done', () => {
    expect(outcomeKind(182, 0)).toBe('success');
    expect(outcomeKind(0, 0)).toBe('success');
    expect(outcomeKind(177, 5)).toBe('warning');
    expect(outcomeKind(1, 1000)).toBe('warning');
    expect(outcomeKind(0, 5)).toBe('error');
  });

  it('translates the titles', async () => {
    i18n.activate('ar');
    renderHost('rtl');
    act(() => {
      notify.success('تم');
    });
    expect(await screen.findByTestId('notice')).toHaveTextContent('تم بنجاح!');
  });

  it('offers a button for 10 s (docs/decisions/0025-undo.md), kept while hovered, gone once it ran', async () => {
    vi.useFakeTimers();
    renderHost();
    const run = vi.fn(() => Promise.resolve());
    act(() => {
      notify.success('Booking confirmed', { durationMs: 10_000, action: { label: 'Undo', run } });
    });
    const button = screen.getByRole('button', { name: 'Undo' });
    expect(screen.getByTestId('notice-progress').style.animationDuration).toBe('10000ms');
    await act(() => vi.advanceTimersByTimeAsync(9_000));
    expect(screen.getByTestId('notice').className).toContain('opacity-100');
    // The pointer on it stops the time.
    fireEvent.mouseEnter(screen.getByTestId('notice'));
    expect(screen.getByTestId('notice-progress').style.animationPlayState).toBe('paused');
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(screen.getByTestId('notice').className).toContain('opacity-100');
    fireEvent.mouseLeave(screen.getByTestId('notice'));
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.getByTestId('notice').className).toContain('opacity-100');
    fireEvent.click(button);
    expect(run).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.queryByTestId('notice')?.className ?? 'opacity-0').toContain('opacity-0');
  });

  it('runs out after its 10 s, and lists details', async () => {
    vi.useFakeTimers();
    renderHost();
    act(() => {
      notify.error('1 could not be undone', {
        details: ['#12: It changed again since.'],
        action: { label: 'Undo', run: () => undefined },
        durationMs: 10_000,
      });
    });
    expect(screen.getByTestId('notice-details')).toHaveTextContent('#12: It changed again since.');
    await act(() => vi.advanceTimersByTimeAsync(10_100));
    expect(screen.queryByTestId('notice')?.className ?? 'opacity-0').toContain('opacity-0');
  });
});
