/**
 * `choose` of the unit tests (testing-library): opens the app's Select or Combobox
 * (src/components/Select.tsx, docs/decisions/0081-one-control-family.md) by its test id and clicks
 * the option of that value (`data-choice`, '' for "All"/"None"), as tests/support/app.ts's `choose`
 * does in the browser suite.
 */
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/**
 * Loads the controls' parts (and the calendar's) before a file's tests: the app loads them on first
 * use, and their first transform under a loaded machine outlasted a test's 5 s. For `beforeAll`.
 */
export const preloadChoices = async (): Promise<void> => {
  await Promise.all([import('@/components/select-parts'), import('@/components/DateFieldCalendar')]);
};

/**
 * The open list of a Select or Combobox, once the control has loaded (its trigger has Radix's
 * `data-state`; the stand-in has none): a click that met the stand-in just as the parts arrived
 * could leave the list shut under load, and happy-dom is no place to test that moment (the browser
 * suite opens controls from the first screen).
 */
export async function openChoices(user: UserEvent, testId: string): Promise<HTMLElement> {
  const trigger = await waitFor(() => {
    const found = screen.getByTestId(testId);
    if (!found.hasAttribute('data-state')) throw new Error(`${testId} is still its stand-in`);
    return found;
  });
  await user.click(trigger);
  return screen.findByTestId(`${testId}-options`);
}

/** The values listed (`data-choice`) with their labels, in order. */
export const listedChoices = (list: HTMLElement) =>
  [...list.querySelectorAll<HTMLElement>('[data-choice]')].map((item) => ({
    value: item.dataset.choice ?? '',
    label: item.textContent ?? '',
  }));

export async function choose(user: UserEvent, testId: string, value: string): Promise<void> {
  const list = await openChoices(user, testId);
  const option = await waitFor(() => {
    const found = list.querySelector<HTMLElement>(`[data-choice="${value}"]`);
    if (!found) throw new Error(`no choice ${value} in ${testId}`);
    return found;
  });
  await user.click(option);
  await waitFor(() => expect(screen.queryByTestId(`${testId}-options`)).toBeNull());
}
