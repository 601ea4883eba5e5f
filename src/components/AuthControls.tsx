/**
 * The language and theme choices of the sign-in and registration screens as native selects: the
 * signed-in header's menus need Radix (about 29 kB compressed), which the first load of the login
 * page should not carry (issue 8).
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Languages, Monitor, Moon, Sun } from 'lucide-react';
import { useId, useState } from 'react';
import { LANGUAGES, type Language } from '@/contract';
import { LANGUAGE_NAMES } from '@/app/i18n';
import { changeLanguage } from '@/app/language';
import { useSession } from '@/app/session';
import { setTheme, THEME_CHOICES, useTheme, type ThemeChoice } from '@/app/theme';

const selectClass =
  'min-h-10 appearance-none rounded-md bg-transparent py-2 ps-8 pe-2 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800';

export function LanguageSelect() {
  const { i18n } = useLingui();
  const { language } = useSession();
  const [busy, setBusy] = useState(false);
  const id = useId();
  return (
    <span className="relative inline-flex items-center">
      <Languages aria-hidden="true" className="pointer-events-none absolute start-2 size-5" />
      <label htmlFor={id} className="sr-only">
        {i18n._(msg`Language`)}
      </label>
      <select
        id={id}
        data-testid="language-switcher"
        className={selectClass}
        value={language}
        disabled={busy}
        onChange={(event) => {
          setBusy(true);
          void changeLanguage(event.target.value as Language).finally(() => setBusy(false));
        }}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </span>
  );
}

const THEME_LABELS = { light: msg`Light`, dark: msg`Dark`, system: msg`System` };
const THEME_ICONS = { light: Sun, dark: Moon, system: Monitor };

export function ThemeSelect() {
  const { i18n } = useLingui();
  const theme = useTheme();
  const id = useId();
  const Icon = THEME_ICONS[theme];
  return (
    <span className="relative inline-flex items-center">
      <Icon aria-hidden="true" className="pointer-events-none absolute start-2 size-5" />
      <label htmlFor={id} className="sr-only">
        {i18n._(msg`Theme`)}
      </label>
      <select
        id={id}
        data-testid="theme-toggle"
        className={selectClass}
        value={theme}
        onChange={(event) => setTheme(event.target.value as ThemeChoice)}
      >
        {THEME_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {i18n._(THEME_LABELS[choice])}
          </option>
        ))}
      </select>
    </span>
  );
}
