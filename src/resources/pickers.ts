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

/** Providers for pickers: the approved ones, by business name (at most 100, the largest page). */
const providerQuery = () =>
  listQueryOptions<BaseRecord & { businessName: { en: string; ar: string } }>(serviceProviderResource, {
    page: 1,
    pageSize: 100,
    sort: 'businessName',
    order: 'asc',
    status: '1',
  });

/** Active supervisors (staff: of the chosen provider; a provider: its own), by name. */
const supervisorQuery = (providerId: number | null) =>
  listQueryOptions<BaseRecord & { name: { en: string; ar: string } }>(supervisorResource, {
    page: 1,
    pageSize: 100,
    sort: 'name',
    order: 'asc',
    status: '1',
    ...(providerId ? { providerId } : {}),
  });

const namedItems = (d: { items: (BaseRecord & { name: { en: string; ar: string } })[] }) =>
  d.items.map((p) => ({ id: p.id, name: p.name }));

function sourceQuery(source: PickerSource, parent: string | undefined) {
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
          pageSize: 100,
          sort: 'name',
          order: 'asc',
          status: '1',
        }),
        select: namedItems,
      };
    case 'supervisor':
      return { ...supervisorQuery(Number.isInteger(parentId) ? parentId : null), select: namedItems };
    case 'category':
      return { ...pickerQueryOptions(categoryResource), select: (d: PickerOption[]) => d };
    case 'event':
      return { ...pickerQueryOptions(eventResource), select: (d: PickerOption[]) => d };
    case 'provider':
      return {
        ...providerQuery(),
        select: (d: { items: (BaseRecord & { businessName: { en: string; ar: string } })[] }) =>
          d.items.map((p) => ({ id: p.id, name: p.businessName })),
      };
  }
}

/** The choices of a source in the reader's language, sorted by label. */
export function usePickerChoices(source: PickerSource, parent?: string, enabled = true) {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  // Each source has its own key and answer shape; the query below only needs them to agree per call.
  const options = sourceQuery(source, parent) as unknown as Parameters<
    typeof useQuery<unknown, Error, PickerOption[]>
  >[0];
  const query = useQuery({ ...options, enabled });
  return {
    choices: toChoices(query.data, language),
    isLoading: query.isLoading,
    isError: query.isError,
    refetch: query.refetch,
  };
}
