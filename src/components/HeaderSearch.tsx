/**
 * The header's search box (docs/product.md §2): as you type (from SEARCH_MIN characters) it finds
 * bookings by code or customer, events, service providers and users through /api/search, which
 * answers only what the user may see. Offline it searches the records already cached on this
 * device and says so. An ARIA combobox (HeaderSearchBox.tsx): Ctrl/⌘+K focuses it, arrow keys move,
 * Enter opens, Escape closes. On phones a button opens it over the header.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Search } from 'lucide-react';
import { lazy, Suspense, useRef } from 'react';
import { HeaderSearchInput, SEARCH_LABEL, SearchFrame } from '@/components/HeaderSearchInput';
import { cx } from '@/components/ui';
import { useHeaderSearch } from '@/components/useHeaderSearch';

/** The combobox (cmdk) loads apart from the first screen; a plain box stands in until it has. */
const HeaderSearchBox = lazy(() =>
  import('./HeaderSearchBox').then((module) => ({ default: module.HeaderSearchBox })),
);

/** Phones: the button that opens the box over the header. */
function OpenButton({ expanded, onOpen }: { expanded: boolean; onOpen: () => void }) {
  const { i18n } = useLingui();
  return (
    <button
      type="button"
      aria-label={i18n._(msg`Search`)}
      aria-controls="header-search-form"
      aria-expanded={expanded}
      data-testid="header-search-open"
      onClick={onOpen}
      className={cx(
        'ms-auto inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 md:hidden dark:text-slate-200 dark:hover:bg-slate-800',
        expanded && 'invisible',
      )}
    >
      <Search aria-hidden="true" className="size-5" />
    </button>
  );
}

export function HeaderSearch() {
  const { i18n } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const search = useHeaderSearch(input);
  const open = () => {
    search.setExpanded(true);
    requestAnimationFrame(() => input.current?.focus());
  };

  return (
    <>
      <OpenButton expanded={search.expanded} onOpen={open} />
      <form
        id="header-search-form"
        role="search"
        aria-label={i18n._(msg`Search`)}
        className={cx(
          'md:relative md:ms-4 md:block md:max-w-sm md:flex-1',
          search.expanded ? 'block max-md:absolute max-md:inset-x-2 max-md:top-3 max-md:z-50' : 'hidden',
        )}
        onSubmit={(event) => event.preventDefault()}
      >
        <Suspense
          fallback={
            <SearchFrame>
              <HeaderSearchInput
                ref={input}
                search={search}
                aria-label={i18n._(SEARCH_LABEL)}
                value={search.value}
                onChange={(event) => search.type(event.target.value)}
              />
            </SearchFrame>
          }
        >
          <HeaderSearchBox
            search={search}
            input={input}
            label={i18n._(SEARCH_LABEL)}
            Frame={SearchFrame}
            Input={HeaderSearchInput}
          />
        </Suspense>
      </form>
    </>
  );
}
