/**
 * The app's one family of choice controls (docs/decisions/0081-one-control-family.md): `Select`, a
 * short list (Radix Select), and `Combobox`, a long list with a search box in its popover (Radix
 * Popover around cmdk's listbox). Both look exactly like a text input (`inputClass`: height, border,
 * radius, white fill, focus ring, invalid state) with a chevron at the inline end, and open in the
 * page's direction. An outer value of '' ("None", "All", "Choose…") is modelled inside: Radix refuses
 * an item whose value is '' (see ./select-parts.tsx).
 *
 * The parts load apart from the first screen (docs/decisions/0010-signed-in-first-load.md), as the
 * header's menus do: a plain trigger of the same look stands in until then, and a click on it (or
 * Enter, Space, an arrow) opens the control as soon as it has loaded.
 */
import { ChevronDown } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { afterFirstScreen } from '@/app/first-screen';
import type * as PartsModule from './select-parts';
import { cx, inputClass } from './ui';

export interface Choice {
  value: string;
  label: string;
  /** The choice's language when it differs from the page's (the language switch). */
  lang?: string;
  /** Listed but not choosable (a month outside the calendar's range). */
  disabled?: boolean;
}

export interface SelectProps {
  /** The trigger's id (a `<label htmlFor>` names it). */
  id?: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly Choice[];
  /** The label of the '' choice ("None", "All", "Choose…"), listed first; without it '' cannot be chosen back. */
  empty?: string;
  /** Shown while the value is '' and no `empty` choice names it. */
  placeholder?: string;
  invalid?: boolean;
  describedBy?: string;
  /** The accessible name when no `<label>` names the trigger. */
  ariaLabel?: string;
  /** `data-testid` of the trigger; its options carry `data-choice` (their value). */
  testId: string;
  disabled?: boolean;
  busy?: boolean;
  required?: boolean;
  onBlur?: () => void;
  /** Classes of the trigger beside the input look (a width). */
  className?: string;
  /** `bare`: the header's icon-button look (the language and theme switches), with `icon` at the start. */
  look?: 'input' | 'bare';
  icon?: ReactNode;
}

export interface ComboboxProps extends SelectProps {
  search: {
    /** The search box's accessible name ("Search Country"). */
    label: string;
    value: string;
    onChange: (typed: string) => void;
    /** A line under the box (how many are not shown). */
    hint?: string;
    /** The server has filtered `options` by `value`: the list shows them as they come. */
    onServer?: boolean;
    testId?: string;
  };
  /** A typed text taken as a value (a time typed as HH:mm), offered as the first choice. */
  accept?: (typed: string) => Choice | null;
}

const bareClass =
  'inline-flex min-h-10 items-center gap-2 rounded-md bg-transparent px-2 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 data-[state=open]:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 dark:data-[state=open]:bg-slate-800';

/** The trigger's look: the text input's box with the chosen text and a chevron at the inline end. */
export const triggerClass = (props: Pick<SelectProps, 'invalid' | 'className' | 'look'>) =>
  props.look === 'bare'
    ? cx(bareClass, props.className)
    : cx(
        inputClass(Boolean(props.invalid)),
        'flex items-center gap-2 text-start disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600 dark:disabled:bg-slate-800 dark:disabled:text-slate-400',
        props.className,
      );

/** What the trigger shows: the chosen option's label, the '' choice's, or the placeholder. */
export function shownText(props: Pick<SelectProps, 'value' | 'options' | 'empty' | 'placeholder'>) {
  if (props.value === '') return { text: props.empty ?? props.placeholder ?? '', chosen: false };
  const option = props.options.find((o) => o.value === props.value);
  return { text: option?.label ?? props.value, chosen: true };
}

type Parts = typeof PartsModule;
let partsModule: Parts | null = null;
let loading: Promise<Parts> | null = null;

/** Loads the controls' parts once; a failed load (offline, not yet cached) is tried again next time. */
function loadParts(): Promise<Parts> {
  loading ??= import('./select-parts').then(
    (module) => (partsModule = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/** The parts once loaded, and whether the control opens (and takes the focus) on arrival. */
function useParts() {
  const [parts, setParts] = useState(partsModule);
  const [arrival, setArrival] = useState({ open: false, focus: false });
  const standIn = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (parts) return;
    let live = true;
    afterFirstScreen()
      .then(loadParts)
      .then(
        (module) => {
          if (!live) return;
          setArrival((a) => ({ ...a, focus: document.activeElement === standIn.current }));
          setParts(module);
        },
        () => undefined, // Opening the stand-in tries again.
      );
    return () => {
      live = false;
    };
  }, [parts]);
  const open = () => {
    setArrival({ open: true, focus: true });
    loadParts().then(setParts, () => undefined);
  };
  return { parts, arrival, standIn, open };
}

/** The trigger shown until the parts have loaded: the same look and name, closed. */
function StandIn({
  props,
  button,
  onOpen,
}: {
  props: SelectProps;
  button: React.RefObject<HTMLButtonElement | null>;
  onOpen: () => void;
}) {
  const shown = shownText(props);
  return (
    <button
      ref={button}
      id={props.id}
      type="button"
      role="combobox"
      aria-expanded={false}
      aria-invalid={props.invalid || undefined}
      aria-describedby={props.describedBy}
      aria-label={props.ariaLabel}
      aria-busy={props.busy || undefined}
      disabled={props.disabled}
      className={triggerClass(props)}
      data-testid={props.testId}
      data-value={props.value}
      onClick={onOpen}
      onKeyDown={(event: KeyboardEvent) => {
        if (!OPENING_KEYS.has(event.key)) return;
        event.preventDefault();
        onOpen();
      }}
      onBlur={props.onBlur}
    >
      <TriggerText props={props} text={shown.text} chosen={shown.chosen} />
    </button>
  );
}

/** The trigger's inside: the icon of a bare trigger, the text, the chevron at the inline end. */
export function TriggerText({ props, text, chosen }: { props: SelectProps; text: ReactNode; chosen: boolean }) {
  return (
    <>
      {props.icon}
      <span
        className={cx(
          'min-w-0 flex-1 truncate',
          !chosen && props.look !== 'bare' && 'text-slate-600 dark:text-slate-400',
        )}
      >
        {text}
      </span>
      <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-slate-500 dark:text-slate-400" />
    </>
  );
}

/** A choice among a short list. */
export function Select(props: SelectProps) {
  const { parts, arrival, standIn, open } = useParts();
  if (!parts) return <StandIn props={props} button={standIn} onOpen={open} />;
  return <parts.SelectControl {...props} openOnArrival={arrival.open} focusOnArrival={arrival.focus} />;
}

/** A choice among a long list, with a search box in its popover. */
export function Combobox(props: ComboboxProps) {
  const { parts, arrival, standIn, open } = useParts();
  if (!parts) return <StandIn props={props} button={standIn} onOpen={open} />;
  return <parts.ComboboxControl {...props} openOnArrival={arrival.open} focusOnArrival={arrival.focus} />;
}
