/** Category Master (docs/product.md §2 /category, /category/add/{id?}): name, icon, active flag, sort order. */
import { msg } from '@lingui/core/macro';
import { api, categoryResource, type RecordOf } from '@/contract';
import { ActiveBadge, dateTime, localizedText, LocalizedCell, Thumbnail } from '@/resources/cells';
import { areaPages } from '@/resources/screens';
import type { AreaConfig } from '@/resources/types';
import { RECORD_SCREENS } from '@/lib/record-screens';

type Category = RecordOf<typeof categoryResource>;

export const categoryArea: AreaConfig<Category> = {
  resource: categoryResource,
  title: msg`Categories`,
  createTitle: msg`Add category`,
  editTitle: msg`Edit category`,
  recordName: (row, { language }) => localizedText(row.name, language),
  paths: {
    list: '/category',
    create: '/category/add',
    edit: (id) => `/category/add/${id}`,
    details: RECORD_SCREENS.category,
  },
  columns: [
    {
      // The icon sits before the name when there is one (no column of dashes where most have none).
      id: 'name',
      header: msg`Name`,
      sort: 'name',
      cell: (row, ctx) => (
        <span className="inline-flex items-center gap-2">
          {row.icon && <Thumbnail path={row.icon} alt="" />}
          <LocalizedCell value={row.name} ctx={ctx} />
        </span>
      ),
    },
    {
      id: 'sortOrder',
      header: msg`Sort order`,
      sort: 'sortOrder',
      cell: (row, ctx) => ctx.i18n.number(row.sortOrder),
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
    { name: 'icon', kind: 'image', label: msg`Icon`, upload: api.categoryIcon },
    { name: 'sortOrder', kind: 'number', label: msg`Sort order`, hint: msg`Lower numbers come first.` },
    {
      name: 'active',
      kind: 'boolean',
      label: msg`Active`,
      hint: msg`Inactive categories are not offered in pickers.`,
    },
  ],
  filters: [{ key: 'active', kind: 'boolean', label: msg`Status`, yes: msg`Active`, no: msg`Inactive` }],
  useCreateDefaults: () => ({ values: { sortOrder: 0 }, ready: true }),
};

export const { List, formPage, detailsPage } = areaPages(categoryArea);
export const Form = formPage();
export const Details = detailsPage();
