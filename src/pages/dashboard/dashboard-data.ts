/** The dashboard's data, its two queries, and what its parts share (cards, formats). */
import { useLingui } from '@lingui/react';
import { queryOptions } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import type { z } from 'zod';
import type { adminDashboard, providerDashboard } from '@/contract';
import { formatMoney, MINOR_PER_MAJOR, type Language } from '@/contract/plain';
import { routes } from '@/contract/routes.gen';
import { call } from '@/lib/api';

/**
 * False in the first render, true in a second one that React starts once the first is committed and
 * may interrupt: the charts, tables and links under the figures do not hold up the first screen
 * (docs/decisions/0010-signed-in-first-load.md). They come last on the page, so nothing on screen moves when they arrive.
 */
export const useRest = () => useDeferredValue(true, false);

export const adminDashboardQuery = queryOptions({
  queryKey: ['dashboard', 'admin'] as const,
  queryFn: async ({ signal }) => (await call(routes.dashboard, { signal })).data,
  staleTime: 60_000,
});
export const providerDashboardQuery = queryOptions({
  queryKey: ['dashboard', 'provider'] as const,
  queryFn: async ({ signal }) => (await call(routes.serviceProviderDashboard, { signal })).data,
  staleTime: 60_000,
});

export type AdminData = z.infer<typeof adminDashboard>;
export type ProviderData = z.infer<typeof providerDashboard>;
export type Waiting = AdminData['waiting']['events'];

export const card = 'rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900';
/**
 * The parts under the figures are laid out and painted once they come near the screen (they are
 * still in the page and its accessibility tree): the first screen is drawn sooner (docs/decisions/0010-signed-in-first-load.md).
 */
export const belowFold = '[content-visibility:auto] [contain-intrinsic-size:auto_24rem]';

export function useFormat() {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  return useMemo(
    () => ({
      i18n,
      language,
      count: (n: number) => i18n.number(n),
      money: (minor: number) => formatMoney(minor, language),
      /** Amounts on a chart axis: whole riyals, compact (1.2M). */
      compactMoney: (minor: number) =>
        i18n.number(minor / MINOR_PER_MAJOR, { notation: 'compact', maximumFractionDigits: 1 }),
      day: (day: string) =>
        i18n.date(new Date(`${day}T12:00:00Z`), { day: 'numeric', month: 'short', timeZone: 'UTC' }),
      ctx: { i18n, language },
    }),
    [i18n, language],
  );
}
