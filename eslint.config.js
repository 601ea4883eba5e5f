import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import unicorn from 'eslint-plugin-unicorn';

/** src/** never imports server/**. */
const SRC = [['^(\\.\\./)+server(/|$)', 'The app never imports the server (only both import src/contract).']];
/** Shared code never imports an area, a page or a route. */
const SHARED = [
  ['^(@/|(\\.\\./)+)(areas|pages|routes)(/|$)', 'Shared code never imports an area, a page or a route.'],
  ['^(@/|(\\.\\./)+)routeTree\\.gen$', 'Shared code never imports the route tree.'],
];
/** Components are below the resource screens: they never import them (the screens use them). */
const COMPONENTS = [
  [
    '^(@/|(\\.\\./)+)resources(/|$)',
    'src/components never imports src/resources (the resource screens are built on the components).',
  ],
];
/** The library is the bottom layer: it never imports the app or the components. */
const LIB = [
  [
    '^(@/|(\\.\\./)+)(app|components)(/|$)',
    'src/lib never imports src/app or src/components (configure it at start instead).',
  ],
];

/**
 * Size debt (docs/architecture.md §9): the files over a size rule when the rule became a ratchet, by
 * the seam each splits along. They warn until split; any other file over a rule fails lint, and a
 * file split below both rules leaves this list.
 */
/** @type {{ why: string, files: string[] }[]} */
const SIZE_DEBT = [];
const SIZE_RULES = (level) => ({
  'max-lines': [level, { max: 300, skipBlankLines: true, skipComments: true }],
  'max-lines-per-function': [level, { max: 80, skipBlankLines: true, skipComments: true }],
});

/**
 * One `no-restricted-imports` rule per folder, with the patterns of every fence that applies to it: a
 * later config object replaces an earlier one's rule for the files it matches, so the groups go from
 * the broadest folder to the narrowest. Tests (`*.test.*`) of a narrower folder keep the broader
 * fence: a test may use an area as its example. Dynamic `import()`s are fenced the same way.
 */
function fences(groups) {
  return groups.map(({ files, patterns, tests = false }) => ({
    files,
    ignores: tests ? [] : ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: patterns.map(([regex, message]) => ({ regex, message })) },
      ],
      'no-restricted-syntax': [
        'error',
        ...patterns.map(([regex, message]) => ({
          selector: `ImportExpression > Literal[value=/${regex.replace(/\//g, '\\/')}/]`,
          message,
        })),
      ],
    },
  }));
}

/**
 * The server's layers, from the bottom up (docs/decisions/0048-folders-in-layers.md, the CRUD engine's
 * place: docs/decisions/0050-the-crud-engine-in-server-resources.md): a folder's code
 * imports only from the folders below it, types too (a service above http adds itself to `Deps`).
 */
const SERVER_LAYERS = [
  'core',
  'db',
  'files',
  'tickets',
  'auth',
  'audit',
  'http',
  'resources',
  'notifications',
  'live',
  'areas',
  'seed',
];
/**
 * Libraries the server needs only for a rare action, loaded by `import()` where that action runs
 * rather than when the server starts (docs/decisions/0092-rare-libraries-load-when-first-used.md):
 * a static import of one (types aside) would load it, and everything it requires, at every start.
 */
const LOADED_WHEN_USED = ['exceljs', '@simplewebauthn/server', 'nodemailer'].map((name) => ({
  name,
  allowTypeImports: true,
  message: `${name} is loaded when first used, not at the server's start (docs/decisions/0092-rare-libraries-load-when-first-used.md): import() it where it is used, or import its types only.`,
}));
const serverLayers = () => [
  {
    files: ['server/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: LOADED_WHEN_USED }] },
  },
  ...SERVER_LAYERS.map((layer, i) => {
    const above = [...SERVER_LAYERS.slice(i + 1), 'app', 'main', 'workers'];
    return {
      files: [`server/${layer}/**/*.ts`],
      ignores: ['**/*.test.ts'],
      rules: {
        '@typescript-eslint/no-restricted-imports': [
          'error',
          {
            paths: LOADED_WHEN_USED,
            patterns: [
              {
                regex: `^\\.\\./(${above.join('|')})(/|\\.ts$|$)`,
                message: `server/${layer} is below ${above.join(', ')} (docs/architecture.md §9): pass what it needs in, or move the code down.`,
              },
            ],
          },
        ],
      },
    };
  }),
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      'dev-dist',
      'bench/.cache',
      'data',
      'node_modules',
      'coverage',
      'src/routeTree.gen.ts',
      'src/locales/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['warn', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // The fences of docs/architecture.md §9: which folder may import which. A fence in the way is a
  // design question, answered in an ADR, not with a disable comment.
  ...fences([
    { files: ['src/**/*.{ts,tsx}'], patterns: SRC, tests: true },
    { files: ['src/{app,components,resources}/**/*.{ts,tsx}'], patterns: [...SRC, ...SHARED] },
    { files: ['src/components/**/*.{ts,tsx}'], patterns: [...SRC, ...SHARED, ...COMPONENTS] },
    { files: ['src/lib/**/*.{ts,tsx}'], patterns: [...SRC, ...SHARED, ...LIB] },
    {
      // zod and the contract's own files (area descriptors one folder down reach `../`).
      files: ['src/contract/**/*.ts'],
      patterns: [
        ['^(?!zod$|\\./|\\.\\./(?!\\.\\./))', 'The contract imports zod and itself only.'],
        ['^\\.\\./(?!areas/)[^/]+/', 'The contract imports zod and itself only.'],
      ],
    },
    {
      files: ['server/**/*.ts'],
      tests: true,
      patterns: [['^(\\.\\./)+src/(?!contract(/|$))', 'The server imports from src/ only src/contract.']],
    },
    {
      files: ['sw/**/*.ts'],
      tests: true,
      patterns: [
        ['^\\.\\./(?!src/contract(/|$))', 'The service worker imports its own files and src/contract only.'],
        ['^@/(?!contract(/|$))', 'The service worker imports its own files and src/contract only.'],
      ],
    },
  ]),
  ...serverLayers(),
  {
    // Names: components PascalCase, hooks camelCase (use…), every other module kebab-case.
    files: ['{src,server,sw,tests,scripts,bench}/**/*.{ts,tsx,mjs}'],
    ignores: ['src/routes/**'],
    plugins: { unicorn },
    rules: {
      'unicorn/filename-case': [
        'error',
        { cases: { kebabCase: true, pascalCase: true }, ignore: ['^use[A-Z][A-Za-z]*(\\.test)?\\.tsx?$'] },
      ],
    },
  },
  {
    // Sizes that stay readable (docs/architecture.md §9): a file or function past them fails lint,
    // but for the debt listed in SIZE_DEBT, which warns.
    files: ['{src,server,sw,scripts,bench}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'src/contract/routes.gen.ts'],
    rules: SIZE_RULES('error'),
  },
  ...(SIZE_DEBT.length
    ? [{ files: SIZE_DEBT.flatMap((debt) => debt.files), rules: SIZE_RULES('warn') }]
    : []),
);
