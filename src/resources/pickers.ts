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
  type Resource,
} from '@/contract';
import {
  countryDropdownOptions,
  detailQueryOptions,
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

/**
 * The sources whose pickers search the server (a search box above the choices, as the audience
 * picker of notifications: src/resources/collections.tsx and inputs/ChoiceInputs.tsx). Countries
 * stay a short list.
 */
export const SEARCHED_SOURCES: readonly PickerSource[] = [
  'user',
  'supervisor',
  'provider',
  'category',
  'city',
  'location',
  'event',
];

/*
 * The answers' `select` functions are module constants: a new function at each render makes the
 * query select again, and while a search shows the previous answer (placeholderData) that never
 * settles (React: "Maximum update depth exceeded" as the user types letter by letter).
 */
const withMore = (d: PickerOption[]) => Object.assign([...d], { more: d.length >= PICKER_PAGE });
const asIs = (d: PickerOption[]) => d;
const providerItems = (d: {
  items: (BaseRecord & { businessName: { en: string; ar: string } })[];
  total: number;
  totalCapped?: boolean;
}) =>
  Object.assign(
    d.items.map((p) => ({ id: p.id, name: p.businessName })),
    { total: d.total, totalCapped: d.totalCapped === true },
  );
const firstName = (d: PickerOption[]) => d[0]?.name;
const recordName = (d: { name: { en: string; ar: string } }) => d.name;
const businessName = (d: { businessName: { en: string; ar: string } }) => d.businessName;

/**
 * The first PICKER_PAGE options of a resource by name, searched with `q` (the options endpoint
 * pages with pageSize); `total` is unknown, `more` says a full page came (there may be others).
 */
const pagedOptions = (
  resource: Resource,
  filters: Record<string, string | number>,
  q: string | undefined,
) => ({
  ...pickerQueryOptions(resource, { ...filters, pageSize: PICKER_PAGE, ...searched(q) }),
  select: withMore,
});

function sourceQuery(source: PickerSource, parent: string | undefined, q: string | undefined) {
  const parentId = parent ? Number(parent) : NaN;
  switch (source) {
    case 'country':
      return { ...countryDropdownOptions(), select: asIs };
    case 'city':
      return pagedOptions(
        cityResource,
        Number.isInteger(parentId) && parentId > 0 ? { countryId: parentId } : {},
        q,
      );
    case 'location':
      return pagedOptions(locationResource, Number.isInteger(parentId) ? { cityId: parentId } : {}, q);
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
      return pagedOptions(categoryResource, {}, q);
    case 'event':
      return pagedOptions(eventResource, {}, q);
    case 'provider':
      return { ...providerQuery(q), select: providerItems };
  }
}

/**
 * How the name of one chosen record is asked for when it is not among the loaded choices (a value
 * from a shared link or a saved view, beyond the first page): the options endpoint narrowed by `id`
 * where the source reads options, else the record itself (its permissions apply: no name, `#id`).
 */
function chosenQuery(source: PickerSource, id: number) {
  const optionOf = (resource: Resource) => ({
    ...pickerQueryOptions(resource, { id }),
    select: firstName,
  });
  const named = (resource: Resource) => ({
    ...detailQueryOptions<BaseRecord & { name: { en: string; ar: string } }>(resource, id),
    select: recordName,
  });
  switch (source) {
    case 'country':
      return null;
    case 'city':
      return optionOf(cityResource);
    case 'location':
      return optionOf(locationResource);
    case 'category':
      return optionOf(categoryResource);
    case 'event':
      return optionOf(eventResource);
    case 'user':
      return named(userResource);
    case 'supervisor':
      return named(supervisorResource);
    case 'provider':
      return {
        ...detailQueryOptions<BaseRecord & { businessName: { en: string; ar: string } }>(
          serviceProviderResource,
          id,
        ),
        select: businessName,
      };
  }
}

/**
 * The name of the chosen record `value` of a source in the reader's language, asked of the server
 * only while `enabled` (it is not among the choices); undefined until known or when it cannot be.
 */
export function useChosenName(source: PickerSource, value: string, enabled: boolean): string | undefined {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const id = Number(value);
  const valid = Number.isInteger(id) && id > 0;
  const options = (valid ? chosenQuery(source, id) : null) as unknown as
    Parameters<typeof useQuery<unknown, Error, { en: string; ar: string } | undefined>>[0] | null;
  const query = useQuery({
    ...(options ?? { queryKey: ['chosen-none'], queryFn: () => null }),
    enabled: enabled && options !== null,
    retry: false,
  });
  const name = query.data;
  return name ? name[language] || name.en : undefined;
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
    typeof useQuery<
      unknown,
      Error,
      PickerOption[] & { total?: number; totalCapped?: boolean; more?: boolean }
    >
  >[0];
  const query = useQuery({ ...options, enabled, placeholderData: (previous) => previous });
  return {
    choices: toChoices(query.data, language),
    total: query.data?.total,
    /** More than `total` records match (the server's count stopped at its cap). */
    totalCapped: query.data?.totalCapped === true,
    /** A full page came without a total: there may be more than these (search to find them). */
    more: query.data?.more ?? false,
    isLoading: query.isLoading,
    isError: query.isError,
    refetch: query.refetch,
  };
}
