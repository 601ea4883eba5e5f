/**
 * The language and theme choices of the sign-in and registration screens as native selects: the
 * signed-in header's menus need Radix (about 29 kB compressed), which the first load of the login
 * page should not carry (docs/decisions/0010-signed-in-first-load.md).
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Languages, Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { LANGUAGES, type Language } from '@/contract/plain';
import { LANGUAGE_NAMES } from '@/app/i18n';
import { changeLanguage } from '@/app/language';
import { useSession } from '@/app/session';
import { setTheme, THEME_CHOICES, useTheme, type ThemeChoice } from '@/app/theme';

/** A select that looks like the header's icon buttons, with a visually hidden label. */
function IconSelect({
  icon: Icon,
  label,
  value,
  options,
  onChange,
  disabled,
  testId,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  options: { value: string; label: string; lang?: string }[];
  onChange: (value: string) => void;
  disabled?: boolean;
  testId: string;
}) {
  const id = useId();
  return (
    <span className="relative inline-flex items-center">
      <Icon aria-hidden="true" className="pointer-events-none absolute start-2 size-5" />
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        data-testid={testId}
        className="min-h-10 appearance-none rounded-md bg-transparent py-2 ps-8 pe-2 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
    </span>
  );
}

export function LanguageSelect() {
  const { i18n } = useLingui();
  const { language } = useSession();
  const [busy, setBusy] = useState(false);
  return (
    <IconSelect
      icon={Languages}
      label={i18n._(msg`Language`)}
      value={language}
      options={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code], lang: code }))}
      disabled={busy}
      onChange={(next) => {
        setBusy(true);
        void changeLanguage(next as Language).finally(() => setBusy(false));
      }}
      testId="language-switcher"
    />
  );
}

const THEME_LABELS = { light: msg`Light`, dark: msg`Dark`, system: msg`System` };
const THEME_ICONS = { light: Sun, dark: Moon, system: Monitor };

export function ThemeSelect() {
  const { i18n } = useLingui();
  const theme = useTheme();
  return (
    <IconSelect
      icon={THEME_ICONS[theme]}
      label={i18n._(msg`Theme`)}
      value={theme}
      options={THEME_CHOICES.map((choice) => ({ value: choice, label: i18n._(THEME_LABELS[choice]) }))}
      onChange={(next) => setTheme(next as ThemeChoice)}
      testId="theme-toggle"
    />
  );
}
