// @vitest-environment node
/**
 * The signed-out screens' files (scripts/sign-in-files.ts), of which lingui.config.ts makes the
 * `signin` catalog (docs/decisions/0066-the-sign-in-catalog.md): a file the sign-in screens import
 * is in it, however deep; the signed-in screens' parts, which they reach only by dynamic imports,
 * are not.
 */
import { describe, expect, it } from 'vitest';
import { signInFiles } from '../../scripts/sign-in-files';

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
    expect(files.filter((file) => file.endsWith('.test.ts') || file.endsWith('.test.tsx'))).toEqual([]);
  });
});
