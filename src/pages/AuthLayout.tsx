import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { LanguageSelect, ThemeSelect } from '@/components/AuthControls';

const LOGIN_BACKGROUND = `${import.meta.env.BASE_URL}images/login-bg.svg`;

/**
 * Login and registration: no header or sidebar (docs/product.md §1), a background image over a fallback colour,
 * and the language and theme switches at the top end.
 */
export function AuthLayout({ title, children }: { title: ReactNode; children: ReactNode }) {
  const { i18n } = useLingui();
  return (
    <div
      className="relative flex min-h-dvh flex-col bg-indigo-950 bg-cover bg-center"
      style={{ backgroundImage: `url(${LOGIN_BACKGROUND})` }}
    >
      <div className="flex justify-end gap-1 p-3">
        <div className="flex gap-1 rounded-lg bg-white/90 p-1 shadow dark:bg-slate-900/90">
          <LanguageSelect />
          <ThemeSelect />
        </div>
      </div>
      <main className="flex flex-1 items-start justify-center px-4 pt-4 pb-12 sm:items-center">
        <div className="w-full max-w-md rounded-xl bg-white p-6 shadow-xl sm:p-8 dark:bg-slate-900">
          <div className="mb-6 flex items-center gap-3">
            <img
              src={`${import.meta.env.BASE_URL}logo.svg`}
              alt=""
              width={40}
              height={40}
              className="size-10"
            />
            <div>
              <p className="text-sm font-medium text-slate-700 dark:text-slate-300">
                {i18n._(msg`Events Back Office`)}
              </p>
              <h1 className="text-2xl font-semibold">{title}</h1>
            </div>
          </div>
          {children}
        </div>
      </main>
    </div>
  );
}

export const linkClass =
  'font-medium text-indigo-700 underline underline-offset-4 hover:text-indigo-900 dark:text-indigo-300 dark:hover:text-indigo-100';
