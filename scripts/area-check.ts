/**
 * `npm run area:check`: proves that a new master takes the scaffold and five files written by hand
 * (docs/decisions/0047-a-new-area-from-the-scaffold.md). In a throwaway copy of the project it runs
 * `area:new` for a "Venue type" master, writes the Arabic texts (the fifth file, standing in for the
 * person), and then runs what guards the areas: the type checks, the i18n check, and the suites that
 * walk every area (its screens and sidebar entry, its saved-view columns, the generated route
 * table, create / read / update / delete / export / validation / scope, the authorization matrix,
 * the audit trail, the triggers, the OpenAPI document). Any of them failing fails the check. The
 * suites whose walks go through every area (resources, matrix, OpenAPI) walk the new one's only
 * (`AREA_UNDER_CHECK`, tests/server/area-under-check.ts): `npm test` walks the others on the same
 * code without it (docs/decisions/0084-area-check-walks-the-new-area.md).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatCount } from '../src/contract/plain';

const project = fileURLToPath(new URL('..', import.meta.url));
const copy = mkdtempSync(path.join(tmpdir(), 'ebo-area-'));
const started = Date.now();

/** The master the check scaffolds. */
const AREA = 'venuetype';

const run = (command: string, args: string[], env: NodeJS.ProcessEnv = {}) => {
  console.info(`$ ${path.basename(command)} ${args.join(' ')}`);
  execFileSync(command, args, { cwd: copy, stdio: 'inherit', env: { ...process.env, CI: 'true', ...env } });
};
const bin = (name: string) => path.join(copy, 'node_modules', '.bin', name);

try {
  // The project as it stands (committed or not, without what git ignores), and its installed packages.
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: project,
    encoding: 'utf8',
  })
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    try {
      cpSync(path.join(project, file), path.join(copy, file));
    } catch (err) {
      // A file deleted but not yet committed: the copy does not have it either.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  symlinkSync(path.join(project, 'node_modules'), path.join(copy, 'node_modules'), 'dir');

  run(process.execPath, [
    '--import',
    'tsx',
    'scripts/area-new.ts',
    AREA,
    '--master',
    '--label',
    'Venue type',
  ]);

  // The person's part: an Arabic text for every new message, in each catalog that has it (the
  // sidebar's entry is in the shell's too: docs/decisions/0069-the-shell-catalog.md).
  const arabic = path.join(copy, 'src/locales/ar');
  let n = 0;
  for (const name of readdirSync(arabic).filter((file) => file.endsWith('.po'))) {
    const catalog = path.join(arabic, name);
    writeFileSync(
      catalog,
      readFileSync(catalog, 'utf8').replace(
        /(\nmsgid "(?:[^"\\]|\\.)+"\n)msgstr ""\n/g,
        // Numbered in Arabic digits, as every Arabic text writes its numbers (scripts/arabic-digits.mjs).
        (_, id: string) => `${id}msgstr "نص ${formatCount(++n, 'ar')}"\n`,
      ),
    );
  }
  if (n === 0) throw new Error('The scaffold added no message to translate.');

  run(bin('tsc'), ['-p', 'tsconfig.json']);
  run(bin('tsc'), ['-p', 'server/tsconfig.json']);
  run(bin('tsc'), ['-p', 'tests/tsconfig.json']);
  run(process.execPath, ['scripts/i18n-check.mjs']);
  run(
    bin('vitest'),
    [
      'run',
      '--project',
      'unit',
      '--project',
      'server',
      'tests/unit/areas.test.ts',
      'tests/unit/view-columns.test.ts',
      'src/contract/routes.test.ts',
      'tests/server/resources.test.ts',
      'tests/server/matrix.test.ts',
      'tests/server/audit.test.ts',
      'tests/server/openapi.test.ts',
      'server/db/row-triggers.test.ts',
    ],
    { AREA_UNDER_CHECK: AREA },
  );
  console.info(
    `area:check: a new master from the scaffold passed every check (${((Date.now() - started) / 1000).toFixed(0)} s).`,
  );
} finally {
  rmSync(copy, { recursive: true, force: true });
}
