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
 * Enter, Space) opens the control as soon as it has loaded.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
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
  /** Classes of the trigger beside the input look (a margin, a width from `sm:` up); the look is full width, so a box around it sets a fixed width. */
  className?: string;
  /** A look of its own instead of the input's (the sign-in screen's icon buttons), with `icon` at the start. */
  look?: string;
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
    /** Shown in the empty box ("Search…" unless said: an example time). */
    placeholder?: string;
    /** The server has filtered `options` by `value`: the list shows them as they come. */
    onServer?: boolean;
    testId?: string;
  };
  /** A typed text taken as a value (a time typed as HH:mm), offered as the first choice. */
  accept?: (typed: string) => Choice | null;
}

/** What the parts draw as the stand-in does: the trigger's classes, its text and inside. */
export interface Frame {
  trigger: string;
  text: string;
  inside: (text: ReactNode) => ReactNode;
}

/** The trigger's look: the text input's box with the chosen text and a chevron at the inline end. */
const triggerClass = (props: Pick<SelectProps, 'invalid' | 'className' | 'look'>) =>
  props.look
    ? cx(props.look, props.className)
    : cx(
        inputClass(Boolean(props.invalid)),
        'flex items-center gap-2 text-start disabled:cursor-not-allowed disabled:bg-slate-100 dark:disabled:bg-slate-800',
        props.className,
      );

/** What the trigger shows: the chosen option's label, the '' choice's, or the placeholder. */
function shownText(props: Pick<SelectProps, 'value' | 'options' | 'empty' | 'placeholder'>) {
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

/**
 * The stand-in until the parts have loaded, then the part `kind`: opened at once when the stand-in
 * was opened, focused when the stand-in had the focus.
 */
function Control({
  props,
  kind,
}: {
  props: SelectProps | ComboboxProps;
  kind: 'SelectControl' | 'ComboboxControl';
}) {
  const [parts, setParts] = useState(partsModule);
  const [arrival, setArrival] = useState({ open: false, focus: false });
  const standIn = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (parts) return;
    let live = true;
    const arrive = (module: Parts) => {
      if (!live) return;
      setArrival((a) => ({ ...a, focus: a.open || document.activeElement === standIn.current }));
      setParts(module);
    };
    afterFirstScreen()
      .then(loadParts)
      .then(arrive, () => undefined); // Opening the stand-in tries again.
    return () => {
      live = false;
    };
  }, [parts]);

  const shown = shownText(props);
  const frame: Frame = {
    trigger: triggerClass(props),
    text: shown.text,
    inside: (text) => <TriggerText props={props} text={text} chosen={shown.chosen} />,
  };
  if (parts) {
    // Select's props go to SelectControl, Combobox's (with `search`) to ComboboxControl.
    const Part = parts[kind] as (p: SelectProps & PartsModule.Arrival) => ReactNode;
    return <Part {...props} frame={frame} openOnArrival={arrival.open} focusOnArrival={arrival.focus} />;
  }
  return (
    <button
      ref={standIn}
      id={props.id}
      type="button"
      role="combobox"
      aria-expanded={false}
      aria-invalid={props.invalid || undefined}
      aria-describedby={props.describedBy}
      aria-label={props.ariaLabel}
      disabled={props.disabled}
      className={frame.trigger}
      data-testid={props.testId}
      data-value={props.value}
      // Enter and Space press the button too.
      onClick={() => {
        setArrival({ open: true, focus: true });
        loadParts().then(setParts, () => undefined);
      }}
      onBlur={props.onBlur}
    >
      {frame.inside(frame.text)}
    </button>
  );
}

/** The trigger's inside: the icon of a trigger of its own look, the text, the chevron at the inline end. */
function TriggerText({ props, text, chosen }: { props: SelectProps; text: ReactNode; chosen: boolean }) {
  return (
    <>
      {props.icon}
      <span
        className={cx(
          'min-w-0 flex-1 truncate',
          !chosen && !props.look && 'text-slate-600 dark:text-slate-400',
        )}
      >
        {text}
      </span>
      {/* The chevron, drawn by two borders (a lucide icon would cost the first load a chunk of its own). */}
      <span
        aria-hidden="true"
        className="mb-1 size-2 shrink-0 rotate-45 border-r-2 border-b-2 border-slate-500 dark:border-slate-400"
      />
    </>
  );
}

/** A choice among a short list. */
export const Select = (props: SelectProps) => <Control props={props} kind="SelectControl" />;

/** A choice among a long list, with a search box in its popover. */
export const Combobox = (props: ComboboxProps) => <Control props={props} kind="ComboboxControl" />;
