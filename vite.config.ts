import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import type { OutputChunk } from 'rolldown';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { MANIFEST_FILES, manifestFor, pwaManifest } from './src/app/manifest';
import { LANGUAGE_MARK, SIGNED_IN_MARK } from './src/app/first-screen-marks';
import { DEFAULT_LANGUAGE, LANGUAGES } from './src/contract/plain';

/** Lingui macros are compiled by Babel, only in files that import a macro. */
export const linguiMacros = () =>
  babel({
    include: /\/src\/.*\.[jt]sx?$/,
    plugins: ['@lingui/babel-plugin-lingui-macro'],
  });

/** Every id reachable from `roots` through `next` (module imports, chunk imports), roots included. */
const reachable = (roots: readonly string[], next: (id: string) => readonly string[]) => {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...next(id));
  }
  return seen;
};

/**
 * What the signed-in shell and the dashboard need and the sign-in screens do not (query cache, outbox,
 * header, menus, dialogs, the dashboard's cards…) goes in one chunk: a signed-in first load fetches
 * it in one request instead of a score of small ones split by which pages share them, which on a
 * phone's connection costs round trips (docs/decisions/0010-signed-in-first-load.md). Every signed-in page renders inside the shell; the
 * dashboard's own code (a few kB) is the part other pages load without using. The plugin reads the
 * module graph once it is built; the chunk group then names its members.
 */
const file = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const SHELL_MODULE = file('./src/components/shell/SignedInShell.tsx');
const DASHBOARD_MODULE = file('./src/pages/dashboard/DashboardPage.tsx');
const ENTRY_MODULE = file('./src/main.tsx');
/** The sign-in screens, which load without the shell. */
const SIGNED_OUT_MODULES = [
  file('./src/pages/login/LoginPage.tsx'),
  file('./src/pages/registration/RegistrationPage.tsx'),
];
/** The catalogs a visit loads with the app (src/app/i18n.ts): the sign-in screens', the shell's and dashboard's, every screen's. */
const catalogModule = (language: string, name: 'signin' | 'shell' | 'messages') =>
  file(`./src/locales/${language}/${name}.po`);

const signedInChunk = () => {
  const members = new Set<string>();
  const plugin: Plugin = {
    name: 'ebo:signed-in-chunk',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const closure = (roots: string[]) =>
        reachable(
          roots.filter((id) => ids.includes(id)),
          (id) => this.getModuleInfo(id)?.importedIds ?? [],
        );
      // The shell and the dashboard, the first screen after signing in.
      const shell = closure([SHELL_MODULE, DASHBOARD_MODULE]);
      // The entry's modules, and those of the sign-in screens (which load without the shell), stay out.
      const outside = closure([ENTRY_MODULE, ...SIGNED_OUT_MODULES]);
      if (!shell.has(SHELL_MODULE) || !outside.has(ENTRY_MODULE))
        throw new Error('signed-in chunk: the shell or the entry module was not found');
      members.clear();
      for (const id of shell) members.add(id);
      for (const id of outside) members.delete(id);
    },
  };
  return {
    plugin,
    // Only the members: their dependencies that the entry or the sign-in screens hold stay there.
    group: {
      name: 'signed-in',
      test: (id: string) => members.has(id),
      includeDependenciesRecursively: false,
    },
  };
};
const signedIn = signedInChunk();

/**
 * A visit starts downloading its first screen with the page, not after the entry has downloaded and
 * run (docs/decisions/0011-first-screen-before-the-network.md): a small module script, first in <head>, adds `modulepreload` links for the catalog
 * of the reader's language and, when the device holds a session, the chunks of the signed-in shell
 * and the dashboard (the marks of src/app/first-screen-marks.ts): for the dashboard the shell's catalog,
 * for another screen every screen's (docs/decisions/0069-the-shell-catalog.md). Signed-out visits
 * (the sign-in screens) fetch only their catalog early, the sign-in screens' (docs/decisions/0066-the-sign-in-catalog.md).
 * It is a hashed file, so the CSP stays `script-src 'self'` and caching stays immutable.
 */
const firstScreenPreload = (): Plugin => {
  let base = '/';
  let fileName = '';
  return {
    name: 'ebo:first-screen-preload',
    apply: 'build',
    // Its generateBundle runs before Vite writes index.html, which then names the file.
    enforce: 'pre',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const withImports = (roots: (OutputChunk | undefined)[]) =>
        reachable(
          roots.flatMap((chunk) => (chunk ? [chunk.fileName] : [])),
          (name) => {
            const file = bundle[name];
            return file?.type === 'chunk' ? file.imports : [];
          },
        );
      const facade = (module: string) => chunks.find((c) => c.facadeModuleId === module);
      const loaded = withImports(chunks.filter((c) => c.isEntry));
      const urls = (roots: (OutputChunk | undefined)[]) =>
        [...withImports(roots)]
          .filter((name) => !loaded.has(name))
          .sort()
          .map((name) => base + name);
      const shell = urls([facade(SHELL_MODULE), facade(DASHBOARD_MODULE)]);
      const catalogs = Object.fromEntries(
        LANGUAGES.map((language) => [
          language,
          {
            shell: urls([facade(catalogModule(language, 'shell'))]),
            all: urls([facade(catalogModule(language, 'messages'))]),
            out: urls([facade(catalogModule(language, 'signin'))]),
          },
        ]),
      );
      if (
        !shell.length ||
        LANGUAGES.some(
          (language) =>
            !catalogs[language]?.shell.length ||
            !catalogs[language].all.length ||
            !catalogs[language].out.length,
        )
      )
        throw new Error('first-screen preload: the shell, dashboard or catalog chunks were not found');
      const source = `// The first screen's chunks (vite.config.ts, firstScreenPreload).
try {
  const catalogs = ${JSON.stringify(catalogs)};
  const catalog = catalogs[localStorage.getItem(${JSON.stringify(LANGUAGE_MARK)})] ?? catalogs[${JSON.stringify(DEFAULT_LANGUAGE)}];
  const dashboard = location.pathname === ${JSON.stringify(base)} || location.pathname === ${JSON.stringify(base.replace(/\/$/, ''))};
  const hrefs = localStorage.getItem(${JSON.stringify(SIGNED_IN_MARK)}) === '1' ? [...(dashboard ? catalog.shell : catalog.all), ...${JSON.stringify(shell)}] : catalog.out;
  for (const href of hrefs) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    link.crossOrigin = '';
    document.head.append(link);
  }
} catch {}
`;
      fileName = `assets/first-screen-${createHash('sha256').update(source).digest('hex').slice(0, 10)}.js`;
      // Named, so that Vite's manifest lists it (bench/budgets.json counts it in both pages' first load).
      this.emitFile({
        type: 'asset',
        fileName,
        name: 'first-screen.js',
        originalFileName: 'first-screen.js',
        source,
      });
    },
    transformIndexHtml: {
      order: 'post',
      handler: () =>
        fileName
          ? [
              {
                tag: 'script',
                attrs: { type: 'module', crossorigin: true, src: base + fileName },
                injectTo: 'head-prepend',
              },
            ]
          : [],
    },
  };
};

/**
 * The Arabic manifest next to the English one that vite-plugin-pwa writes (src/app/manifest.ts): the
 * app links it instead while the interface is in Arabic (src/app/i18n.ts).
 */
const arabicManifest = (): Plugin => ({
  name: 'ebo:arabic-manifest',
  apply: 'build',
  generateBundle() {
    this.emitFile({
      type: 'asset',
      fileName: MANIFEST_FILES.ar,
      source: `${JSON.stringify(manifestFor('ar'))}\n`,
    });
  },
});

export default defineConfig({
  base: '/admin/',
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  plugins: [
    signedIn.plugin,
    firstScreenPreload(),
    arabicManifest(),
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
    }),
    react(),
    linguiMacros(),
    lingui(),
    tailwindcss(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      base: '/admin/',
      scope: '/admin/',
      injectRegister: false,
      registerType: 'prompt',
      manifest: pwaManifest,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html}'],
      },
      devOptions: { enabled: false },
    }),
    // The .br and .gz twins of every text file, which the server hands to browsers that accept them
    // (server/http/static.ts): compressed once at build, not per request.
    compression({
      include: /\.(html|js|mjs|css|json|webmanifest|svg|txt|xml|ico)$/,
      threshold: 1024,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      logLevel: 'silent',
    }),
  ],
  server: {
    // Every server path outside the app: the API, uploads, and the two push paths the product puts
    // outside /api (docs/product.md §7).
    proxy: Object.fromEntries(
      ['/api', '/uploads', '/get-token', '/sendNotification'].map((path) => [path, 'http://127.0.0.1:3000']),
    ),
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // dist/.vite/manifest.json: the size-budget test and the bench read what each page loads.
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: { output: { codeSplitting: { groups: [signedIn.group] } } },
  },
});
