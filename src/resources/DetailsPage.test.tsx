import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countryArea } from '@/areas/country';
import { DetailsPage } from './DetailsPage';

beforeEach(() => i18n.activate('en'));
afterEach(() => onlineManager.setOnline(true));

describe('DetailsPage while the record loads', () => {
  it('shows a skeleton of its layout (a label / value pair per detail), not a bare spinner', () => {
    // Offline, the read waits (paused): the loading state stays on screen to be looked at.
    onlineManager.setOnline(false);
    render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient()}>
          <DetailsPage area={countryArea} id={1} />
        </QueryClientProvider>
      </I18nProvider>,
    );
    const skeleton = screen.getByTestId('details-skeleton');
    expect(skeleton.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByTestId('full-page-spinner')).toBeNull();
    const pairs = (countryArea.details ?? countryArea.columns).length;
    expect(skeleton.querySelectorAll('.contents')).toHaveLength(pairs);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
  });
});
