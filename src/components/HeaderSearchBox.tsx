/**
 * The header search as a combobox (HeaderSearch.tsx, docs/product.md §2): cmdk's (docs/architecture.md
 * §6), with its own filtering off since the server has chosen the results. Arrow keys move through
 * the hits, Enter opens the highlighted one. Loaded apart from the first screen
 * (docs/decisions/0010-signed-in-first-load.md).
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { CommandGroup, CommandInput, CommandItem, CommandList, CommandRoot, useCommandState } from 'cmdk';
import { useLayoutEffect, type RefObject } from 'react';
import type { Hit, Kind } from '@/components/header-search';
import type { HeaderSearchInput, SearchFrame } from '@/components/HeaderSearchInput';
import type { HeaderSearchState } from '@/components/useHeaderSearch';

const KIND_TITLE: Record<Kind, MessageDescriptor> = {
  bookings: msg`Bookings`,
  events: msg`Events`,
  providers: msg`Service providers`,
  users: msg`Users`,
};

/** Consecutive hits of one kind (hits come grouped by kind). */
function groupsOf(hits: Hit[]): Hit[][] {
  const groups: Hit[][] = [];
  for (const hit of hits)
    if (groups.at(-1)?.[0]?.kind === hit.kind) groups.at(-1)!.push(hit);
    else groups.push([hit]);
  return groups;
}

/**
 * Points the box's aria-activedescendant at the highlighted hit while the list shows. cmdk leaves it
 * unset for the first hit it highlights and stale when new hits replace the old, so the box sets it
 * itself, after cmdk has marked the hit (aria-selected) in the same render.
 */
function useActiveDescendant(input: RefObject<HTMLInputElement | null>, shown: boolean) {
  const highlighted = useCommandState((state) => state.value);
  useLayoutEffect(() => {
    const box = input.current;
    const list = box && document.getElementById(box.getAttribute('aria-controls') ?? '');
    const option = shown ? list?.querySelector('[cmdk-item][aria-selected="true"]') : null;
    if (option) box!.setAttribute('aria-activedescendant', option.id);
    else box?.removeAttribute('aria-activedescendant');
  }, [input, shown, highlighted]);
}

/** The results under the box: a status line when offline or empty, then the hits by kind. */
function ResultsPanel({
  input,
  hidden,
  hits,
  status,
  showStatus,
  onPick,
}: {
  input: RefObject<HTMLInputElement | null>;
  hidden: boolean;
  hits: Hit[];
  status: string;
  showStatus: boolean;
  onPick: (hit: Hit) => void;
}) {
  const { i18n } = useLingui();
  useActiveDescendant(input, !hidden);
  return (
    <div
      hidden={hidden}
      className="absolute inset-x-0 top-full z-40 mt-1 max-h-[70vh] overflow-y-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
      data-testid="search-results"
    >
      {showStatus && (
        <p className="px-3 py-2 text-sm text-slate-700 dark:text-slate-300" data-testid="search-status">
          {status}
        </p>
      )}
      <CommandList label={i18n._(msg`Search results`)}>
        {groupsOf(hits).map((group) => (
          <CommandGroup
            key={group[0]!.kind}
            className="mt-1"
            heading={
              <span className="block px-3 pt-2 text-xs font-semibold text-slate-600 uppercase dark:text-slate-400">
                {i18n._(KIND_TITLE[group[0]!.kind])}
              </span>
            }
          >
            {group.map((hit) => (
              <CommandItem
                key={`${hit.kind}-${hit.id}`}
                value={`${hit.kind}-${hit.id}`}
                data-testid="search-option"
                onMouseDown={(event) => event.preventDefault()}
                onSelect={() => onPick(hit)}
                className="cursor-pointer rounded px-3 py-2 text-sm data-[selected=true]:bg-indigo-50 dark:data-[selected=true]:bg-indigo-950"
              >
                <span className="block font-medium">
                  <bdi>{hit.title}</bdi>
                </span>
                {hit.detail && (
                  <span className="block text-xs text-slate-600 dark:text-slate-400">
                    <bdi>{hit.detail}</bdi>
                  </span>
                )}
              </CommandItem>
            ))}
          </CommandGroup>
        ))}
      </CommandList>
    </div>
  );
}

/**
 * `Frame` and `Input` are the plain box's parts (HeaderSearchInput.tsx), given rather than imported:
 * a chunk loaded later that imports from the signed-in chunk (vite.config.ts) breaks Rolldown's
 * build of the shell's chunk.
 */
export function HeaderSearchBox({
  search,
  input,
  label,
  Frame,
  Input,
}: {
  search: HeaderSearchState;
  input: RefObject<HTMLInputElement | null>;
  label: string;
  Frame: typeof SearchFrame;
  Input: typeof HeaderSearchInput;
}) {
  const { hits, status } = search;
  const showPanel = search.open && search.ready;

  return (
    <CommandRoot label={label} shouldFilter={false} loop vimBindings={false}>
      <Frame>
        <CommandInput asChild ref={input} value={search.value} onValueChange={search.type}>
          {/* cmdk's input, as a search field whose list shows only while open */}
          <Input
            search={search}
            aria-expanded={showPanel}
            // Focus stays in the box if it was in the plain one shown until this loaded.
            autoFocus={search.open}
            // Set by useActiveDescendant, not by cmdk.
            aria-activedescendant={undefined}
          />
        </CommandInput>
      </Frame>
      <p role="status" aria-live="polite" className="sr-only">
        {showPanel ? status : ''}
      </p>
      <ResultsPanel
        input={input}
        hidden={!showPanel}
        hits={hits}
        status={status}
        showStatus={search.offline || hits.length === 0}
        onPick={search.go}
      />
    </CommandRoot>
  );
}
