/**
 * Options of the reference pickers and filters, by source. The country → city → location cascade:
 * cities come from /api/master/city?countryId= once a country is chosen, else every active city.
 */
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import {
  categoryResource,
  cityResource,
  eventResource,
  locationResource,
  serviceProviderResource,
  supervisorResource,
  userResource,
  type Language,
} from '@/contract';
import {
  cityDropdownOptions,
  countryDropdownOptions,
  listQueryOptions,
  pickerQueryOptions,
  type BaseRecord,
  type PickerOption,
} from './queries';
import type { PickerSource } from './types';

export interface Choice {
  value: string;
  label: string;
}

const byLabel = (language: Language) => (a: Choice, b: Choice) => a.label.localeCompare(b.label, language);

const toChoices = (items: readonly PickerOption[] | undefined, language: Language): Choice[] =>
  (items ?? [])
    .map((item) => ({ value: String(item.id), label: item.name[language] || item.name.en }))
    .sort(byLabel(language));

/**
 * Pickers over long lists (providers, users, supervisors) search the server: the first 100 matches
 * of `q` (the largest page), with the total of matches so the picker can say how many it does not show.
 */
const PICKER_PAGE = 100;
const searched = (q: string | undefined): Record<string, string> => (q ? { q } : {});

/** Providers for pickers: the approved ones, by business name. */
const providerQuery = (q?: string) =>
  listQueryOptions<BaseRecord & { businessName: { en: string; ar: string } }>(serviceProviderResource, {
    page: 1,
    pageSize: PICKER_PAGE,
    sort: 'businessName',
    order: 'asc',
    status: '1',
    ...searched(q),
  });

/** Active supervisors (staff: of the chosen provider; a provider: its own), by name. */
const supervisorQuery = (providerId: number | null, q?: string) =>
  listQueryOptions<BaseRecord & { name: { en: string; ar: string } }>(supervisorResource, {
    page: 1,
    pageSize: PICKER_PAGE,
    sort: 'name',
    order: 'asc',
    status: '1',
    ...(providerId ? { providerId } : {}),
    ...searched(q),
  });

type Found = {
  items: (BaseRecord & { name: { en: string; ar: string } })[];
  total: number;
  totalCapped?: boolean;
};
const namedItems = (d: Found) =>
  Object.assign(
    d.items.map((p) => ({ id: p.id, name: p.name })),
    { total: d.total, totalCapped: d.totalCapped === true },
  );

/** The sources whose pickers search the server (src/resources/collections.tsx shows a search box). */
export const SEARCHED_SOURCES: readonly PickerSource[] = ['user', 'supervisor', 'provider'];

function sourceQuery(source: PickerSource, parent: string | undefined, q?: string) {
  const parentId = parent ? Number(parent) : NaN;
  switch (source) {
    case 'country':
      return { ...countryDropdownOptions(), select: (d: PickerOption[]) => d };
    case 'city':
      return Number.isInteger(parentId) && parentId > 0
        ? { ...cityDropdownOptions(parentId), select: (d: PickerOption[]) => d }
        : { ...pickerQueryOptions(cityResource), select: (d: PickerOption[]) => d };
    case 'location':
      return {
        ...pickerQueryOptions(locationResource, Number.isInteger(parentId) ? { cityId: parentId } : {}),
        select: (d: PickerOption[]) => d,
      };
    case 'user':
      return {
        ...listQueryOptions<BaseRecord & { name: { en: string; ar: string } }>(userResource, {
          page: 1,
          pageSize: PICKER_PAGE,
          sort: 'name',
          order: 'asc',
          status: '1',
          ...searched(q),
        }),
        select: namedItems,
      };
    case 'supervisor':
      return { ...supervisorQuery(Number.isInteger(parentId) ? parentId : null, q), select: namedItems };
    case 'category':
      return { ...pickerQueryOptions(categoryResource), select: (d: PickerOption[]) => d };
    case 'event':
      return { ...pickerQueryOptions(eventResource), select: (d: PickerOption[]) => d };
    case 'provider':
      return {
        ...providerQuery(q),
        select: (d: {
          items: (BaseRecord & { businessName: { en: string; ar: string } })[];
          total: number;
          totalCapped?: boolean;
        }) =>
          Object.assign(
            d.items.map((p) => ({ id: p.id, name: p.businessName })),
            { total: d.total, totalCapped: d.totalCapped === true },
          ),
      };
  }
}

/**
 * The choices of a source in the reader's language, sorted by label; `q` searches the server for
 * the SEARCHED_SOURCES, and `total` says how many records match (where the source knows; more than that when
 * `totalCapped`).
 */
export function usePickerChoices(source: PickerSource, parent?: string, enabled = true, q?: string) {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  // Each source has its own key and answer shape; the query below only needs them to agree per call.
  const options = sourceQuery(source, parent, q) as unknown as Parameters<
    typeof useQuery<unknown, Error, PickerOption[] & { total?: number; totalCapped?: boolean }>
  >[0];
  const query = useQuery({ ...options, enabled, placeholderData: (previous) => previous });
  return {
    choices: toChoices(query.data, language),
    total: query.data?.total,
    /** More than `total` records match (the server's count stopped at its cap). */
    totalCapped: query.data?.totalCapped === true,
    isLoading: query.isLoading,
    isError: query.isError,
    refetch: query.refetch,
  };
}
