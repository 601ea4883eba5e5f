import { defineConfig } from '@lingui/cli';

/**
 * Two catalogs per language (docs/decisions/0058-the-door-catalog-loads-with-the-door.md): `messages`,
 * every screen's but the door's, loaded with the app; `door`, the door's screens' (the door, its
 * list, door sales, the doors page), loaded with them (src/app/i18n.ts `loadScreenCatalog`). A
 * message both use is in both.
 */
const DOOR = ['<rootDir>/src/areas/door*.{ts,tsx}', '<rootDir>/src/pages/door/**'];
const NEVER = ['**/node_modules/**', '<rootDir>/src/contract/**', '**/*.test.*'];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'ar'],
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: [...NEVER, ...DOOR],
    },
    {
      path: '<rootDir>/src/locales/{locale}/door',
      include: DOOR,
      exclude: NEVER,
    },
  ],
  format: 'po',
  orderBy: 'messageId',
});
