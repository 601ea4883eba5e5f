/**
 * Inputs of fields that hold several values: a set of records chosen by checkboxes (the list of
 * named https links is inputs/LinksInput.tsx, the image gallery inputs/GalleryInput.tsx).
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useEffect, useId, useState } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { Combobox, type SelectProps } from '@/components/Select';
import { cx, TextField } from '@/components/ui';
import { useFieldMessage } from '@/components/field-message';
import { describedBy, errorAt, FieldNotes, labelClass } from './field-parts';
import { SEARCHED_SOURCES, useChosenName, usePickerChoices } from './pickers';
import type { AreaField, PickerSource } from './types';

type Of<K extends AreaField['kind']> = AreaField & { kind: K };

export function MultiReferenceInput({
  field,
  parentInForm,
  parentLabel,
  className,
}: {
  field: Of<'multireference'>;
  parentInForm: boolean;
  parentLabel?: string;
  className?: string;
}) {
  const { i18n } = useLingui();
  const parent = useWatch({ name: field.dependsOn ?? '__none__', disabled: !field.dependsOn }) as unknown;
  const parentValue = field.dependsOn && parentInForm ? String(parent ?? '') : undefined;
  const waiting = parentInForm && Boolean(field.dependsOn) && !parentValue;
  const picker = useSearchedPicker(field, parentValue, !waiting);
  const { choices, isLoading, isError } = picker;
  return (
    <>
      {!waiting && <PickerSearch field={field} picker={picker} className={className} />}
      <CheckboxGroup
        name={field.name}
        label={i18n._(field.label)}
        choices={choices}
        busy={isLoading}
        waiting={waiting}
        hint={
          waiting
            ? i18n._(msg`Choose the ${parentLabel ?? ''} first.`)
            : isError
              ? i18n._(msg`The choices could not be loaded.`)
              : field.hint
                ? i18n._(field.hint)
                : undefined
        }
        className={className}
      />
    </>
  );
}

/** How long typing pauses before a picker asks the server (one request per pause, not per letter). */
const SEARCH_SETTLE_MS = 250;

/**
 * `value` once it has not changed for `ms` (an empty value at once). Not useDeferredValue: its
 * renders alternate the query's key while a search shows the previous answer, which never settled
 * as letters were typed one by one (React: "Maximum update depth exceeded").
 */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), value === '' ? 0 : ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return value === '' ? '' : settled;
}

/**
 * The choices of a reference picker (one record or several), in a form or a list's filter: long
 * lists are searched on the server, not cut at a page (SEARCHED_SOURCES): the first page of matches
 * of what is typed. `chosen` (a single picker's value) keeps its name when a search leaves it out,
 * and a value beyond the first page (a shared link, a saved view) is named by the server.
 */
export function useSearchedPicker(
  field: { source: PickerSource },
  parentValue: string | undefined,
  enabled: boolean,
  chosen = '',
) {
  const searchable = SEARCHED_SOURCES.includes(field.source);
  const [typed, setTyped] = useState('');
  const q = useSettled(typed.trim(), SEARCH_SETTLE_MS);
  const found = usePickerChoices(
    field.source,
    parentValue,
    enabled,
    searchable && q.length >= 2 ? q : undefined,
  );
  const { choices, total } = found;
  // Not all shown: how many more (when the source counts them), else whether a full page came.
  const more = total !== undefined && total > choices.length ? total - choices.length : 0;
  const [known, setKnown] = useState<{ value: string; label: string } | null>(null);
  const listed = chosen ? choices.find((c) => c.value === chosen) : undefined;
  if (listed && (known?.value !== listed.value || known.label !== listed.label)) setKnown(listed);
  const remembered = known && known.value === chosen ? known.label : undefined;
  const asked = useChosenName(
    field.source,
    chosen,
    enabled && searchable && !listed && !remembered && !found.isLoading,
  );
  return {
    ...found,
    searchable,
    typed,
    setTyped,
    more,
    maybeMore: found.more,
    /** The chosen record's name, when known (listed, seen before, or asked of the server). */
    chosenName: listed?.label ?? remembered ?? asked,
    /** Remembers the name of a choice about to be chosen (its search may be gone by then). */
    keep: setKnown,
  };
}

type Picker = ReturnType<typeof useSearchedPicker>;

/** What a picker's search box says when some choices are not shown, in the reader's digits (docs/glossary.md). */
function pickerHint(i18n: I18n, picker: Picker): string | undefined {
  const shown = i18n.number(picker.choices.length);
  const more = i18n.number(picker.more);
  if (picker.more > 0)
    return picker.totalCapped
      ? i18n._(msg`${shown} shown, ${more}+ more: type at least 2 letters to find them.`)
      : i18n._(msg`${shown} shown, ${more} more: type at least 2 letters to find them.`);
  return picker.maybeMore
    ? i18n._(msg`The first ${shown} are shown: type at least 2 letters to find others.`)
    : undefined;
}

/**
 * One record chosen from a picker's choices (a form's reference field, a list's reference filter):
 * the family's combobox (docs/decisions/0081-one-control-family.md) with the picker's search in its
 * popover: the server's for long lists (SEARCHED_SOURCES, from 2 letters), the listed names otherwise.
 * The chosen record stays listed by name when it is not among the choices (a shared link, a search).
 */
export function PickerCombobox({
  field,
  picker,
  value,
  onChange,
  ...rest
}: {
  field: { name: string; label: MessageDescriptor };
  picker: Picker;
} & Omit<SelectProps, 'options' | 'busy'>) {
  const { i18n } = useLingui();
  const { choices, isLoading } = picker;
  const fieldLabel = i18n._(field.label);
  const options =
    value && !choices.some((c) => c.value === value)
      ? [{ value, label: picker.chosenName ?? (isLoading ? i18n._(msg`Loading…`) : `#${value}`) }, ...choices]
      : choices;
  return (
    <Combobox
      {...rest}
      value={value}
      options={options}
      busy={isLoading}
      onChange={(next) => {
        const choice = choices.find((c) => c.value === next);
        if (choice) picker.keep(choice);
        onChange(next);
      }}
      search={{
        label: i18n._(msg`Search ${fieldLabel}`),
        value: picker.typed,
        onChange: picker.setTyped,
        hint: pickerHint(i18n, picker),
        onServer: picker.searchable && picker.typed.trim().length >= 2,
        testId: `picker-search-${field.name}`,
      }}
    />
  );
}

/** The search box of a picker over a long list, saying when some choices are not shown. */
function PickerSearch({
  field,
  picker,
  className,
  whenLong,
  autoFocus,
}: {
  field: { name: string; label: MessageDescriptor };
  picker: Picker;
  className?: string;
  /** Focused when shown (a filter's search box, opened by its button). */
  autoFocus?: boolean;
  /** Shown only when some choices are not shown (or a search is typed): a short list needs none. */
  whenLong?: boolean;
}) {
  const { i18n } = useLingui();
  if (!picker.searchable) return null;
  if (whenLong && picker.more === 0 && !picker.maybeMore && picker.typed === '') return null;
  const fieldLabel = i18n._(field.label);
  return (
    <TextField
      type="search"
      label={i18n._(msg`Search ${fieldLabel}`)}
      value={picker.typed}
      onChange={(event) => picker.setTyped(event.target.value)}
      hint={pickerHint(i18n, picker)}
      data-testid={`picker-search-${field.name}`}
      className={className}
      autoFocus={autoFocus}
    />
  );
}

/** Checkboxes for a field holding several values; values not among the choices stay listed. */
export function CheckboxGroup({
  name,
  label,
  hint,
  choices,
  busy = false,
  waiting = false,
  className,
}: {
  name: string;
  label: string;
  hint?: string;
  choices: readonly { value: string; label: string }[];
  busy?: boolean;
  waiting?: boolean;
  className?: string;
}) {
  const { i18n } = useLingui();
  const fieldMessage = useFieldMessage();
  const {
    control,
    formState: { errors },
  } = useFormContext();
  const { field: controlled } = useController({ name, control });
  const id = useId();
  const chosen = new Set((Array.isArray(controlled.value) ? controlled.value : []) as string[]);
  const toggle = (value: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(value);
    else next.delete(value);
    controlled.onChange([...next]);
  };
  const unknown = [...chosen].filter((value) => !choices.some((c) => c.value === value));
  const error = fieldMessage(errorAt(errors, name));
  return (
    <fieldset
      className={cx('space-y-2', className)}
      aria-describedby={describedBy(id, hint, error)}
      aria-busy={busy || undefined}
      data-testid={`field-${name}`}
    >
      <legend className={labelClass}>{label}</legend>
      {!waiting && !busy && choices.length === 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-400">{i18n._(msg`None to choose from.`)}</p>
      )}
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {[...choices, ...unknown.map((value) => ({ value, label: `#${value}` }))].map((choice) => (
          <label key={choice.value} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-indigo-600"
              checked={chosen.has(choice.value)}
              onChange={(event) => toggle(choice.value, event.target.checked)}
            />
            {choice.label}
          </label>
        ))}
      </div>
      <FieldNotes id={id} hint={hint} error={error} />
    </fieldset>
  );
}
