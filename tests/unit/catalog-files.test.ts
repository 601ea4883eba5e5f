// @vitest-environment node
/**
 * The files of the catalogs that load with the app (scripts/catalog-files.ts), of which
 * lingui.config.ts makes `signin` (docs/decisions/0066-the-sign-in-catalog.md) and `shell`
 * (docs/decisions/0069-the-shell-catalog.md): a file a first screen imports is in its catalog,
 * however deep, dynamically too for the shell; the other screens' parts, which only the route tree
 * reaches, are not.
 */
import { describe, expect, it } from 'vitest';
import { shellFiles, signInFiles } from '../../scripts/catalog-files';

const areas = (files: string[]) => files.filter((file) => file.startsWith('src/resources/form/'));
const tests = (files: string[]) => files.filter((file) => /\.test\.tsx?$/.test(file));

describe('the sign-in screens’ files', () => {
  const files = signInFiles();

  it('holds the entry, the sign-in pages and what they import, however deep', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'src/main.tsx',
        'src/pages/login/LoginPage.tsx',
        'src/pages/registration/RegistrationPage.tsx',
        // Imported by the pages (AuthLayout → AuthControls) and by the root route (its error page).
        'src/pages/AuthLayout.tsx',
        'src/components/AuthControls.tsx',
        'src/components/error-pages/RouteErrorPage.tsx',
        'src/components/ui.tsx',
      ]),
    );
  });

  it('leaves out what only a dynamic import reaches: the signed-in shell and its screens', () => {
    expect(files).not.toContain('src/components/shell/SignedInShell.tsx');
    expect(files).not.toContain('src/pages/dashboard/DashboardPage.tsx');
    expect(files.filter((file) => file.startsWith('src/resources/'))).toEqual([]);
    expect(tests(files)).toEqual([]);
  });
});

describe('the shell’s and the dashboard’s files', () => {
  const files = shellFiles();

  it('holds the entry, the shell and the dashboard, and what they load later (the drawer)', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'src/main.tsx',
        'src/components/shell/SignedInShell.tsx',
        'src/pages/dashboard/DashboardPage.tsx',
        'src/components/Sidebar.tsx',
        // Imported by the shell's AppShell when the phone's menu first opens.
        'src/components/shell/MobileDrawer.tsx',
      ]),
    );
  });

  it('leaves out the other screens: their pages and the forms of the areas', () => {
    expect(files).not.toContain('src/pages/profile/ProfilePage.tsx');
    expect(files).not.toContain('src/pages/login/LoginPage.tsx');
    expect(areas(files)).toEqual([]);
    expect(tests(files)).toEqual([]);
  });
});
