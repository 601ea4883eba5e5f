import { msg } from '@lingui/core/macro';
import { describe, expect, it } from 'vitest';
import { activateLanguage, i18n, loadScreenCatalog } from './i18n';

// A message of the door's catalog only (src/locales/{en,ar}/door.po, lingui.config.ts).
const doorOnly = msg`Stop the camera`;

describe('screen catalogs (docs/decisions/0058-the-door-catalog-loads-with-the-door.md)', () => {
  it('loads the door’s catalog in the active language, and again in each language activated after', async () => {
    await activateLanguage('ar');
    expect(i18n._(doorOnly)).toBe('Stop the camera');
    await loadScreenCatalog('door');
    expect(i18n._(doorOnly)).not.toBe('Stop the camera');
    expect(i18n._(doorOnly)).toMatch(/[\u0600-\u06FF]/);
    await activateLanguage('en');
    expect(i18n._(doorOnly)).toBe('Stop the camera');
    await activateLanguage('ar');
    expect(i18n._(doorOnly)).toMatch(/[\u0600-\u06FF]/);
  });
});
