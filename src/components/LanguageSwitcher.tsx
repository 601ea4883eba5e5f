import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Check, Languages } from 'lucide-react';
import { useState } from 'react';
import { LANGUAGES, type Language } from '@/contract/plain';
import { LANGUAGE_NAMES } from '@/app/i18n';
import { changeLanguage } from '@/app/language';
import { useSession } from '@/app/session';
import { HeaderMenu, menuItemClass } from './menu';
import { Spinner } from './ui';

/** English / العربية. Signed in, the choice is also saved on the server (docs/product.md §4). */
export function LanguageSwitcher() {
  const { i18n } = useLingui();
  const { language } = useSession();
  const [busy, setBusy] = useState(false);

  const choose = async (next: string) => {
    if (next === language || busy) return;
    setBusy(true);
    try {
      await changeLanguage(next as Language);
    } finally {
      setBusy(false);
    }
  };

  return (
    <HeaderMenu
      testId="language-switcher"
      label={i18n._(msg`Language: ${LANGUAGE_NAMES[language]}`)}
      trigger={
        <>
          {busy ? <Spinner className="size-5" /> : <Languages aria-hidden="true" className="size-5" />}
          <span className="hidden sm:inline" lang={language}>
            {LANGUAGE_NAMES[language]}
          </span>
        </>
      }
    >
      {(DropdownMenu) => (
        <>
          <DropdownMenu.Label className="px-2 py-1 text-xs font-semibold text-slate-600 dark:text-slate-400">
            {i18n._(msg`Language`)}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={language} onValueChange={(value) => void choose(value)}>
            {LANGUAGES.map((code) => (
              <DropdownMenu.RadioItem key={code} value={code} className={menuItemClass} lang={code}>
                <span className="flex size-4 items-center justify-center">
                  <DropdownMenu.ItemIndicator>
                    <Check aria-hidden="true" className="size-4" />
                  </DropdownMenu.ItemIndicator>
                </span>
                {LANGUAGE_NAMES[code]}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </>
      )}
    </HeaderMenu>
  );
}
