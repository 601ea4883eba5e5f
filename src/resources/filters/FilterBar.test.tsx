/**
 * A day filter of moments names the viewer's clock (docs/decisions/0031-venue-days-and-viewer-moments.md):
 * the offset beside its label in the bar, the whole sentence under it in a sheet, and as the
 * control's description in both; a day filter of venues' days (the events list's) names none.
 */
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FilterBar } from './FilterBar';
import type { AreaFilter } from '../types';

let zone: string | undefined;
beforeAll(() => {
  zone = process.env.TZ;
  process.env.TZ = 'Asia/Kolkata';
});
afterAll(() => {
  process.env.TZ = zone;
});

const booked: AreaFilter = { key: 'from', kind: 'date', label: { id: 'Booked from' }, viewer: true };
const starts: AreaFilter = { key: 'to', kind: 'date', label: { id: 'Starts until' } };

const show = (stacked: boolean) =>
  render(
    <I18nProvider i18n={i18n}>
      <FilterBar
        filters={[booked, starts]}
        search={{ from: '2027-03-15' }}
        onChange={() => {}}
        stacked={stacked}
      />
    </I18nProvider>,
  );

describe("a day filter's clock", () => {
  it('in the bar: the offset beside the label, the sentence as the description only', () => {
    const { unmount } = show(false);
    expect(screen.getByText('Booked from').closest('label')!.textContent).toBe('Booked fromGMT+5:30');
    const note = screen.getByTestId('filter-from-clock');
    expect(note.textContent).toBe('Days on your clock: Kolkata (GMT+5:30).');
    expect(note.className).toBe('sr-only');
    const described = document.querySelectorAll(`[aria-describedby="${note.id}"]`);
    expect(described).toHaveLength(1);
    expect(screen.queryByTestId('filter-to-clock')).toBeNull();
    expect(screen.getByText('Starts until').closest('label')!.textContent).toBe('Starts until');
    unmount();
  });

  it('in a sheet: the sentence under the control, no offset beside the label', () => {
    show(true);
    expect(screen.getByText('Booked from').closest('label')!.textContent).toBe('Booked from');
    expect(screen.getByTestId('filter-from-clock').className).not.toContain('sr-only');
  });
});
