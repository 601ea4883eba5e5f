/**
 * The language and theme choices of the sign-in and registration screens: the app's Select
 * (docs/decisions/0081-one-control-family.md), whose Radix parts load after the first screen, so the
 * login page's first load does not carry them (docs/decisions/0010-signed-in-first-load.md).
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Languages, Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { LANGUAGES, type Language } from '@/contract/plain';
import { LANGUAGE_NAMES } from '@/app/i18n';
import { changeLanguage } from '@/app/language';
import { useSession } from '@/app/session';
import { setTheme, THEME_CHOICES, useTheme, type ThemeChoice } from '@/app/theme';
import { Select } from './Select';

const iconLook =
  'inline-flex min-h-10 items-center gap-2 rounded-md bg-transparent px-2 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 data-[state=open]:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 dark:data-[state=open]:bg-slate-800';

/** A choice that looks like the header's icon buttons, named for screen readers by `label`. */
function IconSelect({
  icon: Icon,
  label,
  ...rest
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  options: { value: string; label: string; lang?: string }[];
  onChange: (value: string) => void;
  disabled?: boolean;
  testId: string;
}) {
  return (
    <Select
      {...rest}
      ariaLabel={label}
      look={iconLook}
      icon={<Icon aria-hidden="true" className="size-5 shrink-0" />}
    />
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
