/**
 * The header search's text box (HeaderSearch.tsx), shared by the plain box shown until the
 * combobox has loaded and the combobox itself (HeaderSearchBox.tsx), so both look and behave alike.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Search } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import type { HeaderSearchState } from '@/components/useHeaderSearch';

export const SEARCH_LABEL = msg`Search bookings, events, providers and users`;

/** The box with its magnifier at the start. */
export function SearchFrame({ children }: { children: ReactNode }) {
  return (
    <div className="relative">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 start-3 my-auto size-4 text-slate-500 dark:text-slate-400"
      />
      {children}
    </div>
  );
}

export function HeaderSearchInput({
  search,
  ...props
}: ComponentProps<'input'> & { search: HeaderSearchState }) {
  const { i18n } = useLingui();
  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') search.setOpen(true);
    // Home and End move the caret in the box, as in any text field, not the highlight.
    else if (event.key === 'Home' || event.key === 'End') event.stopPropagation();
    else if (event.key === 'Escape') search.close();
  };
  return (
    <input
      {...props}
      type="search"
      aria-keyshortcuts="Control+K Meta+K"
      placeholder={i18n._(msg`Search…`)}
      onFocus={() => search.setOpen(true)}
      onBlur={() => setTimeout(search.close, 150)}
      onKeyDown={onKeyDown}
      data-testid="header-search"
      className="block min-h-10 w-full rounded-md border border-slate-300 bg-slate-50 py-2 ps-9 pe-3 text-sm placeholder:text-slate-500 dark:border-slate-700 dark:bg-slate-800 dark:placeholder:text-slate-400"
    />
  );
}
