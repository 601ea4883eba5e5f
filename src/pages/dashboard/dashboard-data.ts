/** The dashboard's data, its two queries, and what its parts share (cards, formats). */
import { useLingui } from '@lingui/react';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { useDeferredValue, useMemo } from 'react';
import type { z } from 'zod';
import type { adminDashboard, providerDashboard } from '@/contract';
import { formatMoney, MINOR_PER_MAJOR, type Language } from '@/contract/plain';
import { dashboardSearch, type PeriodAsked } from '@/contract/periods';
import { routes } from '@/contract/routes.gen';
import { call } from '@/lib/api';

/**
 * False in the first render, true in a second one that React starts once the first is committed and
 * may interrupt: the charts, tables and links under the figures do not hold up the first screen
 * (docs/decisions/0010-signed-in-first-load.md). They come last on the page, so nothing on screen moves when they arrive.
 */
export const useRest = () => useDeferredValue(true, false);

/**
 * The period in the URL (docs/decisions/0068-dashboards-over-a-period.md), read from the router's
 * location as the shell reads it (the router's search hooks would split its modules out of the
 * entry chunk and grow every first load).
 */
export const usePeriodSearch = () => {
  const search = useRouterState({ select: (s) => s.location.searchStr });
  return useMemo(() => dashboardSearch(Object.fromEntries(new URLSearchParams(search))), [search]);
};

// Another period keeps the figures on screen until its own arrive.
export const adminDashboardQuery = (period: PeriodAsked) =>
  queryOptions({
    queryKey: ['dashboard', 'admin', period] as const,
    queryFn: async ({ signal }) => (await call(routes.dashboard, { query: { ...period }, signal })).data,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
export const providerDashboardQuery = (period: PeriodAsked) =>
  queryOptions({
    queryKey: ['dashboard', 'provider', period] as const,
    queryFn: async ({ signal }) =>
      (await call(routes.serviceProviderDashboard, { query: { ...period }, signal })).data,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
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
      /** A platform day with its year ("1 Nov 2026"). */
      fullDay: (day: string) =>
        i18n.date(new Date(`${day}T12:00:00Z`), {
          day: 'numeric',
          month: 'short',
          year: 'numeric',
          timeZone: 'UTC',
        }),
      /** A change as a percentage, its direction said in words beside it ("12%"). */
      percent: (ratio: number) =>
        i18n.number(Math.abs(ratio), { style: 'percent', maximumFractionDigits: 0 }),
      ctx: { i18n, language },
    }),
    [i18n, language],
  );
}
