import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UpdatePrompt } from './UpdatePrompt';

/** The register module's API, driven by the test instead of a service worker. */
function fakeRegister() {
  const listeners = new Set<() => void>();
  return {
    onNeedRefresh: (callback: () => void) => {
      listeners.add(callback);
      return () => {
        listeners.delete(callback);
      };
    },
    applyUpdate: vi.fn(() => Promise.resolve()),
    waiting: () => listeners.forEach((listener) => listener()),
  };
}

describe('UpdatePrompt', () => {
  it('appears when a new version waits and applies it on Reload', async () => {
    i18n.activate('en');
    const pwa = fakeRegister();
    const load = () => Promise.resolve(pwa);
    render(
      <I18nProvider i18n={i18n}>
        <UpdatePrompt load={load} />
      </I18nProvider>,
    );
    await act(() => Promise.resolve());
    expect(screen.queryByTestId('update-prompt')).toBeNull();
    act(() => pwa.waiting());
    expect(await screen.findByTestId('update-prompt')).toHaveTextContent('A new version is available.');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(pwa.applyUpdate).toHaveBeenCalledTimes(1);
  });
});
