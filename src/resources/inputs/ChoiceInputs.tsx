import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { cx, inputClass } from '@/components/ui';
import { ControlledField, labelClass } from '../field-parts';
import { CheckboxGroup, MultiReferenceInput, PickerSearch, useSearchedPicker } from '../collections';
import type { AreaField } from '../types';
import type { FieldInputProps } from './input-props';

function CheckboxInput({
  name,
  label,
  hint,
  className,
}: {
  name: string;
  label: string;
  hint?: string;
  className?: string;
}) {
  const { register } = useFormContext();
  const id = useId();
  return (
    <div className={cx('flex items-start gap-3 self-end py-2', className)}>
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-5 accent-indigo-600"
        aria-describedby={hint ? `${id}-hint` : undefined}
        data-testid={`field-${name}`}
        {...register(name)}
      />
      <div>
        <label htmlFor={id} className={labelClass}>
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}

function SelectInput({
  name,
  label,
  hint,
  error,
  className,
  onChange,
  busy,
  children,
}: {
  name: string;
  label: string;
  hint?: string;
  error?: string;
  className?: string;
  onChange?: () => void;
  busy?: boolean;
  children: React.ReactNode;
}) {
  // Controlled: options of pickers arrive after the form mounts, and the choice must survive that.
  return (
    <ControlledField name={name} label={label} hint={hint} error={error} className={className}>
      {({ id, field: { ref, value, onBlur, onChange: setValue }, describedBy }) => (
        <select
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          aria-busy={busy || undefined}
          className={inputClass(Boolean(error))}
          data-testid={`field-${name}`}
          ref={ref}
          name={name}
          value={value === undefined || value === null ? '' : String(value)}
          onBlur={onBlur}
          onChange={(event) => {
            setValue(event.target.value);
            onChange?.();
          }}
        >
          {children}
        </select>
      )}
    </ControlledField>
  );
}

function ReferenceInput({
  field,
  parentInForm,
  parentLabel,
  label,
  hint,
  error,
  className,
  onChange,
}: {
  field: AreaField & { kind: 'reference' };
  /** The field it depends on is an input of this form (else: not asked, e.g. a provider's own). */
  parentInForm: boolean;
  parentLabel?: MessageDescriptor;
  label: string;
  hint?: string;
  error?: string;
  className?: string;
  onChange?: () => void;
}) {
  const { i18n } = useLingui();
  const parent = useWatch({ name: field.dependsOn ?? '__none__', disabled: !field.dependsOn }) as unknown;
  const parentValue = field.dependsOn && parentInForm ? String(parent ?? '') : undefined;
  const waiting = parentInForm && Boolean(field.dependsOn) && !parentValue;
  const value = useWatch({ name: field.name }) as unknown;
  const current = value === undefined || value === null ? '' : String(value);
  // The chosen record keeps its name when a search leaves it out of the choices.
  const picker = useSearchedPicker(field, parentValue, !waiting, current);
  const { choices, isLoading, isError } = picker;
  const knownName = picker.chosenName;
  const wrapped = !waiting && picker.searchable;
  const select = (
    <SelectInput
      name={field.name}
      label={label}
      hint={
        waiting
          ? i18n._(msg`Choose the ${parentLabel ? i18n._(parentLabel) : ''} first.`)
          : isError
            ? i18n._(msg`The choices could not be loaded.`)
            : hint
      }
      error={error}
      className={wrapped ? undefined : className}
      onChange={onChange}
      busy={isLoading}
    >
      <option value="">{field.nullable ? i18n._(msg`None`) : i18n._(msg`Choose…`)}</option>
      {/* The record's value stays selectable while the choices load (or if it is inactive now). */}
      {current && !choices.some((c) => c.value === current) && (
        <option value={current}>{knownName ?? (isLoading ? i18n._(msg`Loading…`) : `#${current}`)}</option>
      )}
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </SelectInput>
  );
  if (!wrapped) return select;
  return (
    <div className={cx('space-y-2', className)}>
      <PickerSearch field={field} picker={picker} whenLong />
      {select}
    </div>
  );
}

export function BooleanInput({ field, label, hint, className }: FieldInputProps<'boolean'>) {
  return <CheckboxInput name={field.name} label={label} hint={hint} className={className} />;
}

export function ChoiceInput({ field, label, hint, error, className, onChange }: FieldInputProps<'select'>) {
  const { i18n } = useLingui();
  return (
    <SelectInput
      label={label}
      hint={hint}
      error={error}
      className={className}
      name={field.name}
      onChange={onChange}
    >
      <option value="">{i18n._(msg`Choose…`)}</option>
      {field.options.map((option) => (
        <option key={option.value} value={option.value}>
          {i18n._(option.label)}
        </option>
      ))}
    </SelectInput>
  );
}

export function PickerInput({
  field,
  label,
  hint,
  error,
  className,
  onChange,
  parent,
}: FieldInputProps<'reference'>) {
  return (
    <ReferenceInput
      field={field}
      parentInForm={Boolean(parent)}
      parentLabel={parent?.label}
      label={label}
      hint={hint}
      error={error}
      className={className}
      onChange={onChange}
    />
  );
}

export function MultiSelectInput({ field, label, hint, className }: FieldInputProps<'multiselect'>) {
  const { i18n } = useLingui();
  return (
    <CheckboxGroup
      name={field.name}
      label={label}
      hint={hint}
      choices={field.options.map((o) => ({ value: o.value, label: i18n._(o.label) }))}
      className={className}
    />
  );
}

export function MultiPickerInput({ field, className, parent }: FieldInputProps<'multireference'>) {
  const { i18n } = useLingui();
  return (
    <MultiReferenceInput
      field={field}
      parentInForm={Boolean(parent)}
      parentLabel={parent ? i18n._(parent.label) : undefined}
      className={className}
    />
  );
}
