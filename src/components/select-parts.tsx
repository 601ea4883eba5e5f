/**
 * The parts of the choice controls (./Select.tsx, docs/decisions/0081-one-control-family.md), loaded
 * apart from the first screen: Radix Select for a short list, Radix Popover around cmdk's listbox for
 * a long one with a search box. Both follow the page's direction (the root's Direction.Provider), so
 * their popovers open right to left in Arabic. Only imported dynamically.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { CommandEmpty, CommandInput, CommandItem, CommandList, CommandRoot } from 'cmdk';
import { Popover, Select } from 'radix-ui';
import { useEffect, useId, useRef, useState } from 'react';
import type { Choice, ComboboxProps, Frame, SelectProps } from './Select';
import { inputClass } from './ui';

/** The inside value of the outer '': Radix Select refuses an item whose value is '' (its "no value"). */
const NONE = '\u2205none';
const inner = (value: string) => (value === '' ? NONE : value);
const outer = (value: string) => (value === NONE ? '' : value);

export interface Arrival {
  frame: Frame;
  /** Opened at once: the stand-in was opened before the parts had loaded. */
  openOnArrival: boolean;
  /** The stand-in had the focus: the real trigger takes it. */
  focusOnArrival: boolean;
}

const popoverClass =
  'z-50 overflow-hidden rounded-md border border-slate-200 bg-white text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';
const itemClass =
  'flex cursor-pointer items-center gap-2 rounded px-2 py-2 text-sm outline-none select-none data-[highlighted]:bg-indigo-50 data-[highlighted]:text-indigo-900 data-[selected=true]:bg-indigo-50 data-[selected=true]:text-indigo-900 dark:data-[highlighted]:bg-slate-800 dark:data-[highlighted]:text-white dark:data-[selected=true]:bg-slate-800 dark:data-[selected=true]:text-white';

function useFocusOnArrival(focus: boolean) {
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focus) trigger.current?.focus();
  }, [focus]);
  return trigger;
}

/** The choices with the '' one first when it has a name. */
const listed = (props: SelectProps): Choice[] =>
  props.empty === undefined ? [...props.options] : [{ value: '', label: props.empty }, ...props.options];

/** @public Reached by name from ./Select.tsx (`parts[kind]`). */
export function SelectControl(props: SelectProps & Arrival) {
  const trigger = useFocusOnArrival(props.focusOnArrival && !props.openOnArrival);
  const choices = listed(props);
  // '' with no '' choice is Radix's "no value": the placeholder shows.
  const value = props.value === '' && props.empty === undefined ? '' : inner(props.value);
  const { frame } = props;
  return (
    <Select.Root
      value={value}
      onValueChange={(next) => props.onChange(outer(next))}
      defaultOpen={props.openOnArrival}
      onOpenChange={(open) => !open && props.onBlur?.()}
      disabled={props.disabled}
      required={props.required}
    >
      <Select.Trigger
        ref={trigger}
        id={props.id}
        aria-invalid={props.invalid || undefined}
        aria-describedby={props.describedBy}
        aria-label={props.ariaLabel}
        aria-busy={props.busy || undefined}
        className={frame.trigger}
        data-testid={props.testId}
        data-value={props.value}
      >
        {/* The trigger's text as the stand-in shows it (also a value not among the choices). */}
        {frame.inside(<Select.Value placeholder={frame.text}>{frame.text}</Select.Value>)}
      </Select.Trigger>
      <Select.Portal>
        <Select.Content
          position="popper"
          sideOffset={4}
          className={`${popoverClass} max-h-[min(20rem,var(--radix-select-content-available-height))] min-w-[var(--radix-select-trigger-width)]`}
          data-testid={`${props.testId}-options`}
        >
          <Select.Viewport className="p-1">
            {choices.map((choice) => (
              <Select.Item
                key={choice.value}
                value={inner(choice.value)}
                lang={choice.lang}
                disabled={choice.disabled}
                className={`${itemClass} data-[disabled]:cursor-default data-[disabled]:opacity-50`}
                data-choice={choice.value}
              >
                <Select.ItemText>{choice.label}</Select.ItemText>
                <Select.ItemIndicator className="ms-auto">
                  <CheckMark />
                </Select.ItemIndicator>
              </Select.Item>
            ))}
          </Select.Viewport>
        </Select.Content>
      </Select.Portal>
    </Select.Root>
  );
}

/** cmdk filters by the label (and the value), not by the value alone (a record's id). */
const byLabel = (_value: string, search: string, keywords?: string[]) =>
  (keywords ?? []).some((k) => k.toLocaleLowerCase().includes(search.trim().toLocaleLowerCase())) ? 1 : 0;

/** @public Reached by name from ./Select.tsx (`parts[kind]`). */
export function ComboboxControl(props: ComboboxProps & Arrival) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(props.openOnArrival);
  const trigger = useFocusOnArrival(props.focusOnArrival && !props.openOnArrival);
  const hintId = useId();
  const { search } = props;
  const accepted = props.accept?.(search.value) ?? null;
  const choices = listed(props).filter((c) => c.value !== accepted?.value);
  const { frame } = props;

  const setOpenTo = (next: boolean) => {
    setOpen(next);
    if (next) return;
    // Closing forgets the search: the list shows the first choices again, the chosen one by name.
    search.onChange('');
    props.onBlur?.();
  };
  const pick = (value: string) => {
    props.onChange(value);
    setOpenTo(false);
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpenTo}>
      <Popover.Trigger
        ref={trigger}
        id={props.id}
        role="combobox"
        aria-invalid={props.invalid || undefined}
        aria-describedby={props.describedBy}
        aria-label={props.ariaLabel}
        aria-busy={props.busy || undefined}
        disabled={props.disabled}
        className={frame.trigger}
        data-testid={props.testId}
        data-value={props.value}
      >
        {frame.inside(frame.text)}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          aria-label={search.label}
          className={`${popoverClass} w-[max(16rem,var(--radix-popover-trigger-width))] max-w-[calc(100vw-1rem)] p-2`}
          data-testid={`${props.testId}-options`}
        >
          <CommandRoot label={search.label} shouldFilter={!search.onServer} filter={byLabel} loop>
            <CommandInput
              value={search.value}
              onValueChange={search.onChange}
              aria-label={search.label}
              aria-describedby={search.hint ? hintId : undefined}
              placeholder={search.placeholder ?? i18n._(msg`Search…`)}
              className={inputClass(false)}
              data-testid={search.testId ?? `${props.testId}-search`}
            />
            {search.hint && (
              <p id={hintId} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                {search.hint}
              </p>
            )}
            <CommandList className="mt-2 max-h-64 overflow-y-auto" aria-busy={props.busy || undefined}>
              <CommandEmpty className="px-2 py-2 text-sm text-slate-600 dark:text-slate-400">
                {props.busy ? i18n._(msg`Loading…`) : i18n._(msg`Nothing found.`)}
              </CommandEmpty>
              {accepted && <ComboItem choice={accepted} chosen={false} onPick={pick} forceMount />}
              {choices.map((choice) => (
                <ComboItem
                  key={choice.value}
                  choice={choice}
                  chosen={choice.value === props.value}
                  onPick={pick}
                />
              ))}
            </CommandList>
          </CommandRoot>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** lucide's check, drawn here: importing it would split it from the header's menus into a chunk of its own. */
function CheckMark() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="size-4 shrink-0"
    >
      <path d="M20 6 9 17l-5-5" />
    </svg>
  );
}

function ComboItem({
  choice,
  chosen,
  onPick,
  forceMount,
}: {
  choice: Choice;
  chosen: boolean;
  onPick: (value: string) => void;
  forceMount?: boolean;
}) {
  return (
    <CommandItem
      value={inner(choice.value)}
      keywords={[choice.label, choice.value]}
      onSelect={() => onPick(choice.value)}
      forceMount={forceMount}
      lang={choice.lang}
      aria-checked={chosen}
      className={chosen ? `${itemClass} font-semibold` : itemClass}
      data-choice={choice.value}
    >
      <span className="min-w-0 flex-1 truncate">{choice.label}</span>
      {chosen && <CheckMark />}
    </CommandItem>
  );
}
