/**
 * The source files of the catalogs that load with the app (lingui.config.ts,
 * docs/decisions/0066-the-sign-in-catalog.md, docs/decisions/0069-the-shell-catalog.md), found by
 * following imports, so that a string a first screen shows is in its catalog by construction:
 *
 * - `signInFiles`: what a signed-out visitor's screens are made of: every file reachable from the
 *   app's entry and from the signed-out routes' pages;
 * - `shellFiles`: what the signed-in shell and the dashboard, the first screen after signing in, are
 *   made of: every file reachable from the entry, the shell and the dashboard's page.
 *
 * Reachable: by static imports, and by dynamic ones (`import()`: the update banner, the phone's
 * drawer, a dashboard's parts loaded when used), but for those of the route tree (src/routes), which
 * are the screens' pages (the signed-in shell, every area), each another screen.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SRC = join(ROOT, 'src');

const ENTRY = 'src/main.tsx';
/** The pages of the routes a signed-out visitor sees (loaded on demand by their routes). */
const SIGN_IN_PAGES = ['src/pages/login', 'src/pages/registration', 'src/pages/account'];
/** The signed-in shell and the dashboard. */
const SHELL_PAGES = ['src/components/shell/SignedInShell.tsx', 'src/pages/dashboard'];

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];
/** Static `import … from '…'`, `export … from '…'` and bare `import '…'` (never `import(…)`). */
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
/** `import('…')` with a literal specifier. */
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

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

/** The route tree's files: their dynamic imports are the screens' pages, loaded when opened. */
const ROUTES = [join(SRC, 'routes') + '/', join(SRC, 'routeTree.gen.ts')];
const isRoute = (file: string) => ROUTES.some((route) => file.startsWith(route));

/**
 * The files reachable from `roots` (files or folders): by static imports, and by the dynamic imports
 * of any file but the route tree's (a part a screen loads later, such as the update banner, is the
 * screen's; a page the route tree loads is another screen).
 */
const reachable = (roots: string[], seen = new Set<string>()): Set<string> => {
  const queue = roots
    .map((r) => join(ROOT, r))
    .filter((p) => existsSync(p))
    .flatMap(filesUnder);
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    const specs = [...text.matchAll(STATIC_IMPORT), ...(isRoute(file) ? [] : text.matchAll(DYNAMIC_IMPORT))];
    for (const match of specs) {
      const target = resolveImport(file, match[1]!);
      if (target && !seen.has(target)) queue.push(target);
    }
  }
  return seen;
};

const listed = (files: Set<string>) => [...files].map((f) => relative(ROOT, f)).sort();

/** The signed-out screens' files, relative to the project's root, sorted. */
export const signInFiles = (): string[] => listed(reachable([ENTRY, ...SIGN_IN_PAGES]));

/** The signed-in shell's and the dashboard's files, relative to the project's root, sorted. */
export const shellFiles = (): string[] => listed(reachable([ENTRY, ...SHELL_PAGES]));
