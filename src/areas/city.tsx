/** City Master (docs/product.md §2 /city, /city/add/{id?}): a city belongs to a country. */
import { msg } from '@lingui/core/macro';
import { cityResource, type RecordOf } from '@/contract';
import { ActiveBadge, dateTime, localizedText, LocalizedCell } from '@/resources/cells';
import { areaPages } from '@/resources/screens';
import type { AreaConfig } from '@/resources/types';
import { RECORD_SCREENS } from '@/lib/record-screens';

type City = RecordOf<typeof cityResource>;

export const cityArea: AreaConfig<City> = {
  resource: cityResource,
  title: msg`Cities`,
  createTitle: msg`Add city`,
  editTitle: msg`Edit city`,
  recordName: (row, { language }) => localizedText(row.name, language),
  paths: {
    list: '/city',
    create: '/city/add',
    edit: (id) => `/city/add/${id}`,
    details: RECORD_SCREENS.city,
  },
  columns: [
    {
      id: 'name',
      header: msg`Name`,
      sort: 'name',
      cell: (row, ctx) => <LocalizedCell value={row.name} ctx={ctx} />,
    },
    {
      id: 'country',
      header: msg`Country`,
      sort: 'country',
      cell: (row, ctx) => localizedText(row.countryName, ctx.language),
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
    {
      name: 'active',
      kind: 'boolean',
      label: msg`Active`,
      hint: msg`Inactive cities are not offered in pickers.`,
    },
  ],
  filters: [
    { key: 'countryId', kind: 'reference', source: 'country', label: msg`Country` },
    { key: 'active', kind: 'boolean', label: msg`Status`, yes: msg`Active`, no: msg`Inactive` },
  ],
};

export const { List, formPage, detailsPage } = areaPages(cityArea);
export const Form = formPage();
export const Details = detailsPage();
