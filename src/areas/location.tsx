/**
 * Location Master (docs/product.md §2 /location, /location/add/{id?}): country → city pickers cascade; a new
 * location starts from /api/getInitialLocation (default country, city and map centre).
 */
import { msg } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { locationResource, type RecordOf } from '@/contract';
import { routes } from '@/contract/routes.gen';
import { countryTimeZone } from '@/contract/time-zones';
import { zoneCity } from '@/contract/zone-names';
import { call } from '@/lib/api';
import { ActiveBadge, dateTime, localizedText, LocalizedCell, Ltr } from '@/resources/cells';
import { areaPages } from '@/resources/screens';
import type { AreaConfig } from '@/resources/types';
import { RECORD_SCREENS } from '@/lib/record-screens';

type Location = RecordOf<typeof locationResource>;

const coordinate = (
  value: number,
  ctx: { i18n: { number: (n: number, o?: Intl.NumberFormatOptions) => string } },
) => ctx.i18n.number(value, { maximumFractionDigits: 6 });

const round6 = (n: number | undefined) => (n === undefined ? undefined : Math.round(n * 1e6) / 1e6);

function useInitialLocation() {
  const query = useQuery({
    queryKey: ['dropdown', 'initialLocation'],
    queryFn: async ({ signal }) => (await call(routes.initialLocation, { signal })).data,
    staleTime: 5 * 60_000,
  });
  const data = query.data;
  return {
    ready: !query.isPending,
    values: data
      ? {
          countryId: data.country?.id,
          cityId: data.city?.id,
          timeZone: countryTimeZone(data.country?.isoCode),
          latitude: round6(data.center?.latitude),
          longitude: round6(data.center?.longitude),
        }
      : {},
  };
}

export const locationArea: AreaConfig<Location> = {
  resource: locationResource,
  title: msg`Locations`,
  createTitle: msg`Add location`,
  editTitle: msg`Edit location`,
  recordName: (row, { language }) => localizedText(row.name, language),
  paths: {
    list: '/location',
    create: '/location/add',
    edit: (id) => `/location/add/${id}`,
    details: RECORD_SCREENS.location,
  },
  columns: [
    {
      id: 'name',
      header: msg`Name`,
      sort: 'name',
      cell: (row, ctx) => <LocalizedCell value={row.name} ctx={ctx} />,
    },
    {
      id: 'city',
      header: msg`City`,
      sort: 'city',
      cell: (row, ctx) => localizedText(row.cityName, ctx.language),
    },
    {
      id: 'country',
      priority: 'medium',
      header: msg`Country`,
      sort: 'country',
      cell: (row, ctx) => localizedText(row.countryName, ctx.language),
    },
    {
      id: 'timeZone',
      priority: 'low',
      header: msg`Time zone`,
      cell: (row, ctx) => zoneCity(row.timeZone, ctx.language),
    },
    { id: 'address', header: msg`Address`, cell: (row) => row.address ?? '—', hiddenByDefault: true },
    {
      id: 'coordinates',
      priority: 'low',
      header: msg`Coordinates`,
      cell: (row, ctx) => (
        <Ltr>
          {coordinate(row.latitude, ctx)}, {coordinate(row.longitude, ctx)}
        </Ltr>
      ),
    },
    {
      id: 'active',
      header: msg`Status`,
      sort: 'active',
      cell: (row, ctx) => <ActiveBadge active={row.active} ctx={ctx} />,
    },
    {
      id: 'updatedAt',
      header: msg`Updated`,
      sort: 'updatedAt',
      cell: (row, ctx) => dateTime(row.updatedAt, ctx),
      hiddenByDefault: true,
    },
  ],
  fields: [
    { name: 'name', kind: 'localized', label: msg`Name` },
    { name: 'countryId', kind: 'reference', source: 'country', label: msg`Country` },
    { name: 'cityId', kind: 'reference', source: 'city', dependsOn: 'countryId', label: msg`City` },
    { name: 'address', kind: 'text', label: msg`Address`, nullable: true, wide: true },
    { name: 'latitude', kind: 'number', step: 0.000001, label: msg`Latitude`, hint: msg`From -90 to 90` },
    { name: 'longitude', kind: 'number', step: 0.000001, label: msg`Longitude`, hint: msg`From -180 to 180` },
    {
      name: 'timeZone',
      kind: 'timezone',
      country: 'countryId',
      label: msg`Time zone`,
      hint: msg`Type a city or a region to search, e.g. Muscat.`,
    },
    { name: 'active', kind: 'boolean', label: msg`Active` },
  ],
  filters: [
    { key: 'countryId', kind: 'reference', source: 'country', label: msg`Country` },
    { key: 'cityId', kind: 'reference', source: 'city', dependsOn: 'countryId', label: msg`City` },
    { key: 'active', kind: 'boolean', label: msg`Status`, yes: msg`Active`, no: msg`Inactive` },
  ],
  useCreateDefaults: useInitialLocation,
};

export const { List, formPage, detailsPage } = areaPages(locationArea);
export const Form = formPage();
export const Details = detailsPage();
