/**
 * `npm run area:new -- <key> --master --label "Venue type"`: a new configuration master (a name in
 * English and Arabic, and whether it is active), as docs/adding-an-area.md describes. It writes the
 * area's own files, adds the area to every list that names the areas, and runs the generators. What
 * is left by hand is the area itself: the contract (its fields), the server area, the client area,
 * the test fixture and the Arabic texts (docs/decisions/0047-a-new-area-from-the-scaffold.md).
 *
 * Options: `--label` the English name (default: the key), `--table` the table's name (default: the
 * label's words in snake case, plural), `--root` the project folder (default: this one).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Generator, getConfig } from '@tanstack/router-generator';
import { masterFiles, masterFixture, masterTable, type MasterNames } from './area-templates';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    master: { type: 'boolean', default: false },
    label: { type: 'string' },
    table: { type: 'string' },
    root: { type: 'string' },
  },
});

const fail = (message: string): never => {
  console.error(`area:new: ${message}`);
  process.exit(1);
};

const key = positionals[0] ?? fail('name the area: npm run area:new -- <key> --master');
if (!/^[a-z]{3,30}$/.test(key))
  fail(`the key "${key}" must be 3 to 30 lower-case letters (keys are singular)`);
if (!values.master)
  fail('only masters can be scaffolded (--master); see docs/adding-an-area.md for bigger areas');
const label = (values.label ?? key).trim();
if (!/^[A-Za-z][A-Za-z ]{1,40}$/.test(label)) fail(`the label "${label}" must be English words`);
const words = label.toLowerCase().split(/\s+/);
const camel = words.map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
const pascal = camel[0]!.toUpperCase() + camel.slice(1);
const table = values.table ?? `${words.join('_')}s`;
if (!/^[a-z][a-z_]{2,40}$/.test(table)) fail(`the table "${table}" must be lower-case snake case`);
const tableVar = table.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const lower = label.toLowerCase();

const root = path.resolve(values.root ?? fileURLToPath(new URL('..', import.meta.url)));
const at = (file: string) => path.join(root, file);
const read = (file: string) => readFileSync(at(file), 'utf8');
const written: string[] = [];
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(at(file)), { recursive: true });
  writeFileSync(at(file), text);
  written.push(file);
};
/** The edits of the lists, checked all before any file is written (a missing anchor changes nothing). */
const edits: { file: string; anchor: RegExp; text: string; where: 'before' | 'after' }[] = [];
/** Puts `text` before (or after) the one place `anchor` matches in `file`. */
const insert = (file: string, anchor: RegExp, text: string, where: 'before' | 'after' = 'before') =>
  edits.push({ file, anchor, text, where });

if (read('src/contract/plain.ts').includes(`'${key}',`)) fail(`the permission "${key}" exists already`);
const schemaFiles = readdirSync(at('server/db/schema')).map((name) => `server/db/schema/${name}`);
if (schemaFiles.some((file) => new RegExp(`pgTable\\(\\s*'${table}'`).test(read(file))))
  fail(`the table ${table} exists`);

const names: MasterNames = { key, label, lower, camel, pascal, table, tableVar };

/* -------------------------------------------- the lists that name the areas */

// The table at the end of the masters' schema, imported by the schema's table list and listed there.
insert('server/db/schema/masters.ts', /\n(?![\s\S])/, masterTable(names), 'after');
insert(
  'server/db/schema/index.ts',
  /(?<=^import \{[^}]*\blocations)(?=,?\s[^}]*\} from '\.\/masters';)/m,
  `, ${tableVar}`,
);
insert(
  'server/db/schema/index.ts',
  /(?<=^export const schema = \{[^}]*)^ {2}locations,\n/m,
  `  ${tableVar},\n`,
  'after',
);
// The permission of its section, held by admins and service providers as every master's.
insert('src/contract/plain.ts', /^ {2}'location',\n/m, `  '${key}',\n`, 'after');
for (const role of ['admin', 'serviceprovider'])
  insert(
    'src/contract/roles.ts',
    new RegExp(`(?<=^  ${role}: \\[[^\\]]*?)^ {4}'city',\\n`, 'm'),
    `    '${key}',\n`,
    'after',
  );
insert(
  'src/contract/areas/registry.ts',
  /^import \{ locationResource \} from '\.\/location';\n/m,
  `import { ${camel}Resource } from './${key}';\n`,
  'after',
);
insert('src/contract/areas/registry.ts', /^ {2}locationResource,\n/m, `  ${camel}Resource,\n`, 'after');
insert(
  'src/contract/areas/index.ts',
  /^export \* from '\.\/location';\n/m,
  `export * from './${key}';\n`,
  'after',
);
insert(
  'server/areas/index.ts',
  /^import \{ locationImpl \} from '\.\/location';\n/m,
  `import { ${camel}Impl } from './${key}';\n`,
  'after',
);
insert('server/areas/index.ts', /^ {2}locations,\n/m, `  ${tableVar},\n`, 'after');
insert(
  'server/areas/index.ts',
  /^ {2}location: \{ resource: locationImpl.*\n/m,
  `  ${key}: { resource: ${camel}Impl, tables: [master(${tableVar})] },\n`,
  'after',
);
insert(
  'src/app/navigation.ts',
  /^ {6}\{ id: 'location', label: msg`Location Master`.*\n/m,
  `      { id: '${key}', label: msg\`${label} Master\`, to: '/${key}', permission: '${key}' },\n`,
  'after',
);
insert(
  'src/pages/activity/ActivityPage.tsx',
  /^ {2}session: msg`Sign-in`,\n/m,
  `  ${key}: msg\`${label}\`,\n`,
);
// The suites that walk every area: who may call each endpoint, and a sample to create, change and find.
insert(
  'tests/server/authz-matrix.ts',
  /^ {2}\.\.\.masterRows\('location'\),\n/m,
  `  ...masterRows('${key}'),\n`,
  'after',
);
insert('tests/server/resource-fixtures.ts', /^ {2}serviceprovider: \{\n/m, masterFixture(names));

/* ------------------------------------------- checked, then written at once */

const edited = new Map<string, string>();
for (const { file, anchor, text, where } of edits) {
  const source = edited.get(file) ?? read(file);
  const found = [...source.matchAll(new RegExp(anchor.source, `${anchor.flags.replace('g', '')}g`))];
  if (found.length !== 1)
    fail(`${file}: expected one place matching ${anchor}, found ${found.length}; nothing was written`);
  const index = found[0]!.index + (where === 'after' ? found[0]![0].length : 0);
  edited.set(file, source.slice(0, index) + text + source.slice(index));
}
const files = Object.entries(masterFiles(names));
for (const [file] of files) if (existsSync(at(file))) fail(`${file} exists already; nothing was written`);
for (const [file, text] of files) write(file, text);
for (const [file, text] of edited) {
  writeFileSync(at(file), text);
  written.push(file);
}

/* ------------------------------------------------------------- generators */

const run = (command: string, args: string[]) =>
  execFileSync(command, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, CI: 'true' },
  });
const bin = (name: string) => at(`node_modules/.bin/${name}`);
// The migration that creates the table (drizzle-kit compares the schema with the last snapshot).
run(bin('drizzle-kit'), ['generate', '--name', `${key}_master`]);
// The routes' method-and-path table of the first load.
run(process.execPath, ['--import', 'tsx', at('scripts/generate-routes.ts')]);
// The app's route tree, as the build's router plugin writes it.
await new Generator({
  config: getConfig(
    { target: 'react', routesDirectory: './src/routes', generatedRouteTree: './src/routeTree.gen.ts' },
    root,
  ),
  root,
}).run();
// The new English texts into both catalogs; the Arabic ones are left to write.
run(bin('lingui'), ['extract', '--clean']);
run(bin('prettier'), ['--write', ...written.map(at)]);

console.info(`Added the ${label} master (${key}): ${written.join(', ')}, a migration, the generated route tables and catalogs.
Left to you:
  1. src/contract/areas/${key}.ts: the fields, beyond a name and whether it is active;
  2. server/areas/${key}.ts and server/db/schema/masters.ts (then npm run db:generate again);
  3. src/areas/${key}.tsx: its columns, fields and filters;
  4. tests/server/resource-fixtures.ts: a sample, an edit, an invalid input, a search and a filter of ${key};
  5. src/locales/ar/*.po (messages, and shell for the sidebar entry): the Arabic of every new text (npm run i18n:check lists them).`);
