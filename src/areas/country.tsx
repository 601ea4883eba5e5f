/** Country Master (docs/product.md §2 /country, /country/add/{id?}). */
import { msg } from '@lingui/core/macro';
import { countryResource, type RecordOf } from '@/contract';
import { ActiveBadge, dateTime, localizedText, LocalizedCell, Ltr } from '@/resources/cells';
import { areaPages } from '@/resources/screens';
import type { AreaConfig } from '@/resources/types';
import { RECORD_SCREENS } from '@/lib/record-screens';

type Country = RecordOf<typeof countryResource>;

export const countryArea: AreaConfig<Country> = {
  resource: countryResource,
  title: msg`Countries`,
  createTitle: msg`Add country`,
  editTitle: msg`Edit country`,
  recordName: (row, { language }) => localizedText(row.name, language),
  paths: {
    list: '/country',
    create: '/country/add',
    edit: (id) => `/country/add/${id}`,
    details: RECORD_SCREENS.country,
  },
  columns: [
    {
      id: 'name',
      header: msg`Name`,
      sort: 'name',
      cell: (row, ctx) => <LocalizedCell value={row.name} ctx={ctx} />,
    },
    { id: 'isoCode', header: msg`ISO code`, sort: 'isoCode', cell: (row) => <Ltr>{row.isoCode}</Ltr> },
    {
      id: 'dialCode',
      header: msg`Dialling code`,
      sort: 'dialCode',
      cell: (row) => <Ltr>{row.dialCode}</Ltr>,
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
    { name: 'isoCode', kind: 'text', label: msg`ISO code`, hint: msg`Two letters, e.g. SA`, ltr: true },
    { name: 'dialCode', kind: 'text', label: msg`Dialling code`, hint: msg`For example +966`, ltr: true },
    {
      name: 'active',
      kind: 'boolean',
      label: msg`Active`,
      hint: msg`Inactive countries are not offered in pickers.`,
    },
  ],
  filters: [{ key: 'active', kind: 'boolean', label: msg`Status`, yes: msg`Active`, no: msg`Inactive` }],
};

export const { List, formPage, detailsPage } = areaPages(countryArea);
export const Form = formPage();
export const Details = detailsPage();
