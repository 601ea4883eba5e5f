import { readFileSync } from 'node:fs';
import { defineConfig } from '@lingui/cli';
import { shellFiles, signInFiles } from './scripts/catalog-files';

/**
 * Catalogs per language (docs/decisions/0058-the-door-catalog-loads-with-the-door.md,
 * docs/decisions/0066-the-sign-in-catalog.md): `signin`, the signed-out screens' (the files they are
 * made of, found by scripts/catalog-files.ts), loaded with the app for a signed-out visitor;
 * `shell`, the signed-in shell's and the dashboard's (docs/decisions/0069-the-shell-catalog.md),
 * loaded with the app for a signed-in visit to the dashboard; `messages`, every screen's but those
 * below (it holds all of `signin`'s and `shell`'s), loaded with any other signed-in screen; the
 * screens' own, loaded with them
 * (src/app/i18n.ts `loadScreenCatalog`): `door`, the door's screens' (the door, its list, door
 * sales, the doors page); `account`, the account's screens (docs/security.md, "Account lifecycle"):
 * those of src/pages/account (a forgotten password, an invitation, the second step of a sign-in) and
 * the profile's account parts (sessions and devices, docs/decisions/0061-sessions-and-devices.md;
 * the second factor; passkeys). A message two of them use is in both.
 */
const DOOR = ['<rootDir>/src/areas/door*.{ts,tsx}', '<rootDir>/src/pages/door/**'];
const ACCOUNT = [
  '<rootDir>/src/pages/account/**',
  '<rootDir>/src/pages/profile/Sessions*.tsx',
  '<rootDir>/src/pages/profile/TwoFactor*.tsx',
  '<rootDir>/src/pages/profile/Passkey*.tsx',
];
const NEVER = ['**/node_modules/**', '<rootDir>/src/contract/**', '**/*.test.*'];
/** Those of `files` that hold messages. */
const withMessages = (files: string[]) =>
  files.filter((file) => readFileSync(file, 'utf8').includes('@lingui/')).map((file) => `<rootDir>/${file}`);
/** The signed-out screens' files, and the signed-in shell's and dashboard's (scripts/catalog-files.ts). */
const SIGN_IN = withMessages(signInFiles());
const SHELL = withMessages(shellFiles());

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'ar'],
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/signin',
      include: SIGN_IN,
      exclude: [...NEVER, ...DOOR, ...ACCOUNT],
    },
    {
      path: '<rootDir>/src/locales/{locale}/shell',
      include: SHELL,
      exclude: [...NEVER, ...DOOR, ...ACCOUNT],
    },
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: [...NEVER, ...DOOR, ...ACCOUNT],
    },
    {
      path: '<rootDir>/src/locales/{locale}/door',
      include: DOOR,
      exclude: NEVER,
    },
    {
      path: '<rootDir>/src/locales/{locale}/account',
      include: ACCOUNT,
      exclude: NEVER,
    },
  ],
  format: 'po',
  orderBy: 'messageId',
});
