/**
 * The source files a signed-out visitor's screens are made of (docs/decisions/0066-the-sign-in-catalog.md):
 * every file reachable by static imports from the app's entry and from the sign-in screens' pages.
 * Dynamic imports (`import()`) are parts loaded later and are not followed, except the pages of the
 * signed-out routes, which are the roots below. lingui.config.ts builds the `signin` catalog from
 * these files, so a string on a signed-out screen is in it by construction.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SRC = join(ROOT, 'src');

/** The entry, and the pages of the routes a signed-out visitor sees (loaded on demand by their routes). */
const ROOTS = ['src/main.tsx', 'src/pages/login', 'src/pages/registration', 'src/pages/account'];

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];
/** Static `import … from '…'`, `export … from '…'` and bare `import '…'` (never `import(…)`). */
const IMPORT = /^\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

const resolveImport = (from: string, spec: string): string | null => {
  let base: string;
  if (spec.startsWith('@/')) base = join(SRC, spec.slice(2));
  else if (spec.startsWith('.')) base = resolve(dirname(from), spec);
  else return null; // a package
  if (/\.(tsx?)$/.test(base) && existsSync(base)) return base;
  for (const ext of EXTENSIONS) if (existsSync(base + ext)) return base + ext;
  return null; // styles, catalogs, assets
};

const filesUnder = (path: string): string[] =>
  statSync(path).isDirectory()
    ? readdirSync(path).flatMap((name) => filesUnder(join(path, name)))
    : /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path)
      ? [path]
      : [];

/** The files, relative to the project's root, sorted. */
export const signInFiles = (): string[] => {
  const seen = new Set<string>();
  const queue = ROOTS.map((r) => join(ROOT, r))
    .filter((p) => existsSync(p))
    .flatMap(filesUnder);
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const target = resolveImport(file, match[1]!);
      if (target && !seen.has(target)) queue.push(target);
    }
  }
  return [...seen].map((f) => relative(ROOT, f)).sort();
};
