/**
 * DateField with its calendar (react-day-picker, docs/decisions/0029-calendar-from-react-day-picker.md):
 * the wire values it sends, the keys (left and right follow the direction, Page Down a month), the
 * Arabic digits and labels. The layout and axe are in tests/browser/date-pickers.test.ts.
 */
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, afterEach, describe, expect, it } from 'vitest';
import { choose, openChoices, preloadChoices } from '@/test-utils/choose';
import { DateField } from './DateField';

beforeAll(preloadChoices, 30_000);

function Field({ initial, withTime, sent }: { initial: string; withTime?: boolean; sent: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <DateField
      value={value}
      withTime={withTime}
      testId="when"
      clearable
      onChange={(next) => {
        sent.push(next);
        setValue(next);
      }}
    />
  );
}

const open = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByTestId('when-day'));
  return screen.findByTestId('when-calendar');
};
const day = (calendar: HTMLElement, iso: string) =>
  calendar.querySelector<HTMLButtonElement>(`[data-day="${iso}"] button`)!;

afterEach(() => act(() => i18n.activate('en')));

describe('DateField', () => {
  it('chooses a day by the month and year lists and sends YYYY-MM-DD; Clear empties it', async () => {
    const user = userEvent.setup();
    const sent: string[] = [];
    render(
      <I18nProvider i18n={i18n}>
        <Field initial="" sent={sent} />
      </I18nProvider>,
    );
    expect(screen.getByTestId('when-day')).toHaveTextContent('Choose a date');
    await open(user);
    await choose(user, 'when-year', '2027');
    await choose(user, 'when-month', '2');
    const calendar = screen.getByTestId('when-calendar');
    expect(calendar.querySelectorAll('th[scope="col"]')[0]).toHaveTextContent('Sun');
    await user.click(day(calendar, '2027-03-10'));
    expect(sent).toEqual(['2027-03-10']);
    expect(screen.queryByTestId('when-calendar')).toBeNull();
    expect(screen.getByTestId('when-day')).toHaveTextContent('March 10, 2027');
    await user.click(screen.getByTestId('when-clear'));
    expect(sent.at(-1)).toBe('');
  });

  it('opens on the chosen day, focused; arrows, Page Down and Enter pick, keeping the time', async () => {
    const user = userEvent.setup();
    const sent: string[] = [];
    render(
      <I18nProvider i18n={i18n}>
        <Field initial="2027-03-10T18:30" withTime sent={sent} />
      </I18nProvider>,
    );
    const calendar = await open(user);
    await waitFor(() => expect(day(calendar, '2027-03-10')).toHaveFocus());
    expect(day(calendar, '2027-03-10').closest('td')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}{ArrowDown}{PageDown}');
    await waitFor(() => expect(day(calendar, '2027-04-18')).toHaveFocus());
    expect(screen.getByTestId('when-month')).toHaveAttribute('data-value', '3');
    await user.keyboard('{Enter}');
    expect(sent).toEqual(['2027-04-18T18:30']);
    expect(screen.getByTestId('when')).toHaveValue('2027-04-18T18:30');
  });

  it('in Arabic: Arabic-Indic digits and month names, the wire value in Latin digits, left is the next day', async () => {
    act(() => i18n.activate('ar'));
    const user = userEvent.setup();
    const sent: string[] = [];
    render(
      <I18nProvider i18n={i18n}>
        <Field initial="2027-03-10" sent={sent} />
      </I18nProvider>,
    );
    expect(screen.getByTestId('when-day')).toHaveTextContent('١٠ مارس ٢٠٢٧');
    const calendar = await open(user);
    expect(calendar.textContent).toMatch(/مارس/);
    expect(calendar.textContent).toMatch(/الأحد/);
    expect(calendar.textContent).not.toMatch(/[0-9]/);
    expect(calendar.querySelector('[dir]')).toHaveAttribute('dir', 'rtl');
    expect(day(calendar, '2027-03-10')).toHaveTextContent('١٠');
    await waitFor(() => expect(day(calendar, '2027-03-10')).toHaveFocus());
    await user.keyboard('{ArrowLeft}{Enter}');
    expect(sent).toEqual(['2027-03-11']);
  });

  it('the time: a quarter hour picked from the list, another typed as HH:mm (Arabic-Indic digits too)', async () => {
    act(() => i18n.activate('ar'));
    const user = userEvent.setup();
    const sent: string[] = [];
    render(
      <I18nProvider i18n={i18n}>
        <Field initial="2027-03-10T18:30" withTime sent={sent} />
      </I18nProvider>,
    );
    expect(screen.getByTestId('when-time')).toHaveTextContent('١٨:٣٠');
    await choose(user, 'when-time', '09:15');
    expect(sent.at(-1)).toBe('2027-03-10T09:15');
    const list = await openChoices(user, 'when-time');
    expect(list.querySelector('[data-choice="23:45"]')).toHaveTextContent('٢٣:٤٥');
    await user.type(screen.getByTestId('when-time-search'), '٧:٠٥');
    await user.keyboard('{Enter}');
    expect(sent.at(-1)).toBe('2027-03-10T07:05');
    expect(screen.getByTestId('when-time')).toHaveTextContent('٠٧:٠٥');
  });
});
