import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Check, Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import { setTheme, THEME_CHOICES, useTheme, type ThemeChoice } from '@/app/theme';
import { HeaderMenu, menuItemClass } from './menu';

const LABELS: Record<ThemeChoice, MessageDescriptor> = {
  light: msg`Light`,
  dark: msg`Dark`,
  system: msg`System`,
};
const ICONS: Record<ThemeChoice, LucideIcon> = { light: Sun, dark: Moon, system: Monitor };

/** Light / dark / system; the choice is kept across reloads. */
export function ThemeToggle() {
  const { i18n } = useLingui();
  const theme = useTheme();
  const Icon = ICONS[theme];
  return (
    <HeaderMenu
      testId="theme-toggle"
      label={i18n._(msg`Theme: ${i18n._(LABELS[theme])}`)}
      trigger={<Icon aria-hidden="true" className="size-5" />}
    >
      {(DropdownMenu) => (
        <>
          <DropdownMenu.Label className="px-2 py-1 text-xs font-semibold text-slate-600 dark:text-slate-400">
            {i18n._(msg`Theme`)}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={theme} onValueChange={(value) => setTheme(value as ThemeChoice)}>
            {THEME_CHOICES.map((choice) => {
              const ItemIcon = ICONS[choice];
              return (
                <DropdownMenu.RadioItem key={choice} value={choice} className={menuItemClass}>
                  <span className="flex size-4 items-center justify-center">
                    <DropdownMenu.ItemIndicator>
                      <Check aria-hidden="true" className="size-4" />
                    </DropdownMenu.ItemIndicator>
                  </span>
                  <ItemIcon aria-hidden="true" className="size-4" />
                  {i18n._(LABELS[choice])}
                </DropdownMenu.RadioItem>
              );
            })}
          </DropdownMenu.RadioGroup>
        </>
      )}
    </HeaderMenu>
  );
}
