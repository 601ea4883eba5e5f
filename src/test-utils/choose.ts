/**
 * `choose` of the unit tests (testing-library): opens the app's Select or Combobox
 * (src/components/Select.tsx, docs/decisions/0081-one-control-family.md) by its test id and clicks
 * the option of that value (`data-choice`, '' for "All"/"None"), as tests/support/app.ts's `choose`
 * does in the browser suite.
 */
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/** The open list of a Select or Combobox. */
export async function openChoices(user: UserEvent, testId: string): Promise<HTMLElement> {
  await user.click(await screen.findByTestId(testId));
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
