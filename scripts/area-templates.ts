/**
 * The texts `npm run area:new` writes for a configuration master (scripts/area-new.ts): a name in
 * English and Arabic and whether it is active, on the pattern of the other masters.
 */

/** The names a master's files use, all from its key and label. */
export interface MasterNames {
  key: string;
  label: string;
  /** The label in lower case, for "Add venue type". */
  lower: string;
  camel: string;
  pascal: string;
  table: string;
  tableVar: string;
}

/** The contract: the resource, its record, input, filters, sorts and list columns. */
const contract = ({ key, label, camel }: MasterNames) =>
  `import { z } from 'zod';
import { localized } from '../common';
import { boolParam, defineResource, localizedText, recordOf } from '../resource';
import { masterPaths, masterTag } from './master';

/** ${label} Master: a configuration master (docs/adding-an-area.md). */
export const ${camel}Resource = defineResource({
  key: '${key}',
  columns: ['name', 'active', 'updatedAt'],
  tag: masterTag,
  permission: '${key}',
  paths: masterPaths,
  discriminator: { field: 'type', value: '${key}' },
  record: recordOf({ name: localizedText, active: z.boolean() }),
  input: z.strictObject({ name: localized(100), active: z.boolean().default(true) }),
  filters: z.strictObject({ active: boolParam.optional() }),
  sort: ['name', 'active', 'createdAt', 'updatedAt'],
  defaultSort: { column: 'name', order: 'asc' },
  searchIn: 'the English and Arabic names',
});
`;

/** The server area: table, columns, sorts, search, filters, values and CSV. */
const serverArea = ({ key, lower, camel, tableVar }: MasterNames) =>
  `import { eq } from 'drizzle-orm';
import { ${camel}Resource } from '../../src/contract/areas/${key}';
import { ${tableVar} } from '../db/schema';
import { arText, dyn, enText, implement, textOf } from '../resources/impl';
import { yesNo } from './category';

export const ${camel}Impl = implement(${camel}Resource, {
  table: ${tableVar},
  columns: {
    id: ${tableVar}.id,
    version: ${tableVar}.version,
    updatedAt: ${tableVar}.updatedAt,
    name: ${tableVar}.name,
    active: ${tableVar}.active,
  },
  select: (db, extra) =>
    dyn(
      db
        .select({ c: ${tableVar}, ...extra })
        .from(${tableVar})
        .$dynamic(),
    ),
  toRecord: ({ c }) => ({
    id: c.id,
    version: c.version,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    name: c.name,
    active: c.active,
  }),
  sort: {
    name: (lang) => textOf(${tableVar}.name, lang),
    active: () => ${tableVar}.active,
    createdAt: () => ${tableVar}.createdAt,
    updatedAt: () => ${tableVar}.updatedAt,
  },
  search: [enText(${tableVar}.name), arText(${tableVar}.name)],
  filters: (f) => [f.active === undefined ? undefined : eq(${tableVar}.active, f.active)],
  values: (input) => ({ name: input.name, active: input.active }),
  // A provider changes only what it added; no other record uses a ${lower} yet.
  addedBy: { column: ${tableVar}.createdBy, usedByOthers: [] },
  csv: [
    { header: { en: 'ID', ar: 'المعرّف' }, value: (r) => r.id },
    { header: { en: 'Name (English)', ar: 'الاسم (بالإنجليزية)' }, value: (r) => r.name.en },
    { header: { en: 'Name (Arabic)', ar: 'الاسم (بالعربية)' }, value: (r) => r.name.ar },
    { header: { en: 'Active', ar: 'نشط' }, value: (r, lang) => yesNo(r.active, lang) },
    { header: { en: 'Updated', ar: 'آخر تحديث' }, value: (r) => r.updatedAt },
  ],
});
`;

/** The client area: the list's columns, the form's fields, the filters. */
const clientArea = ({ key, label, lower, camel, pascal }: MasterNames) =>
  `/** ${label} Master (docs/adding-an-area.md). */
import { msg } from '@lingui/core/macro';
import { ${camel}Resource, type RecordOf } from '@/contract';
import { ActiveBadge, dateTime, localizedText, LocalizedCell } from '@/resources/cells';
import { areaPages } from '@/resources/screens';
import type { AreaConfig } from '@/resources/types';

type ${pascal} = RecordOf<typeof ${camel}Resource>;

export const ${camel}Area: AreaConfig<${pascal}> = {
  resource: ${camel}Resource,
  title: msg\`${label} Master\`,
  createTitle: msg\`Add ${lower}\`,
  editTitle: msg\`Edit ${lower}\`,
  recordName: (row, { language }) => localizedText(row.name, language),
  paths: { list: '/${key}', create: '/${key}/add', edit: (id) => \`/${key}/add/\${id}\` },
  columns: [
    {
      id: 'name',
      header: msg\`Name\`,
      sort: 'name',
      cell: (row, ctx) => <LocalizedCell value={row.name} ctx={ctx} />,
    },
    {
      id: 'active',
      header: msg\`Status\`,
      sort: 'active',
      cell: (row, ctx) => <ActiveBadge active={row.active} ctx={ctx} />,
    },
    {
      id: 'updatedAt',
      header: msg\`Updated\`,
      sort: 'updatedAt',
      cell: (row, ctx) => dateTime(row.updatedAt, ctx),
      hiddenByDefault: true,
    },
  ],
  fields: [
    { name: 'name', kind: 'localized', label: msg\`Name\` },
    { name: 'active', kind: 'boolean', label: msg\`Active\` },
  ],
  filters: [{ key: 'active', kind: 'boolean', label: msg\`Status\`, yes: msg\`Active\`, no: msg\`Inactive\` }],
};

export const { List, formPage } = areaPages(${camel}Area);
export const Form = formPage();
`;

/** The list route. */
const listRoute = ({ key }: MasterNames) =>
  `import { createFileRoute } from '@tanstack/react-router';
import { lazyPage } from '@/app/lazy';
import { listSearch } from '@/lib/search-params';

export const Route = createFileRoute('/_app/${key}/')({
  codeSplitGroupings: [['loader']],
  validateSearch: listSearch,
  component: lazyPage(() => import('@/areas/${key}'), 'List'),
});
`;

/** The add / edit route. */
const formRoute = ({ key }: MasterNames) =>
  `import { createFileRoute } from '@tanstack/react-router';
import { lazyPage } from '@/app/lazy';

export const Route = createFileRoute('/_app/${key}/add/{-$id}')({
  codeSplitGroupings: [['loader']],
  component: lazyPage(() => import('@/areas/${key}'), 'Form'),
});
`;

/** The area's own files: path → text. */
export const masterFiles = (names: MasterNames): Record<string, string> => {
  const { key } = names;
  return {
    [`src/contract/areas/${key}.ts`]: contract(names),
    [`server/areas/${key}.ts`]: serverArea(names),
    [`src/areas/${key}.tsx`]: clientArea(names),
    [`src/routes/_app/${key}/index.tsx`]: listRoute(names),
    [`src/routes/_app/${key}/add.{-$id}.tsx`]: formRoute(names),
  };
};

/** The table, with the indexes its list sorts by (docs/decisions/0020-every-list-on-an-index.md). */
export const masterTable = ({ label, table, tableVar }: MasterNames) =>
  `
/** ${label} Master (docs/adding-an-area.md). */
export const ${tableVar} = pgTable(
  '${table}',
  {
    id: serial('id').primaryKey(),
    name: jsonb('name').$type<Loc>().notNull(),
    active: boolean('active').notNull().default(true),
    /** Who added it (see \`categories.createdBy\`). */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...stamps(),
  },
  (t) => [
    index('${table}_name_en_idx').on(sql\`lower(\${t.name}->>'en')\`, t.id),
    index('${table}_name_ar_idx').on(sql\`lower(\${t.name}->>'ar')\`, t.id),
  ],
);
`;

/** A sample, an edit, an invalid input, a search and a filter for the suites that walk every area. */
export const masterFixture = ({ key, label }: MasterNames) =>
  `  ${key}: {
    sample: ({ n }) => ({ name: L(\`Test ${label} \${n}\`, \`تجريبي \${n}\`), active: true }),
    edit: (r) => ({ body: { name: r.name, active: false }, changed: 'active' }),
    invalid: ({ n }) => ({ body: { name: L(\`Bad \${n}\`, '') }, field: 'name.ar' }),
    search: { q: 'Test ${label}', matches: (r) => JSON.stringify(r.name).includes('Test ${label}') },
    filter: { query: { active: 'true' }, matches: (r) => r.active === true },
    manager: 'deny',
    provider: MASTER_GRANTS,
  },
`;
