import { msg, plural } from '@lingui/core/macro';
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

describe('one digit system (docs/product.md §1)', () => {
  it("writes a plain placeholder's number in the language's digits, and plurals still count it", async () => {
    const t = { label: 'Confirm' };
    const [done, unchanged, refused] = [158, 0, 12345];
    const notice = msg`${t.label}: ${done} done, ${unchanged} already so, ${refused} refused.`;
    const selection = { count: 3 };
    const selected = msg`${plural(selection.count, { one: '# row selected', other: '# rows selected' })}`;
    await loadScreenCatalog('messages');
    await activateLanguage('ar');
    expect(i18n._(notice)).toBe('Confirm: تم ١٥٨، وكان ٠ كذلك من قبل، ورُفض ١٢٬٣٤٥.');
    expect(i18n._(selected)).toBe('التحديد: ٣ صفوف');
    await activateLanguage('en');
    expect(i18n._(notice)).toBe('Confirm: 158 done, 0 already so, 12,345 refused.');
    expect(i18n._(selected)).toBe('3 rows selected');
  });
});
