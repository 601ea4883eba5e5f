import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Select, type Choice } from '@/components/Select';
import { cx } from '@/components/ui';
import { ControlledField, labelClass } from '../field-parts';
import { CheckboxGroup, MultiReferenceInput, PickerCombobox, useSearchedPicker } from '../collections';
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

/** A choice among the field's options, or among a picker's records (with its search in the popover). */
function SelectInput({
  name,
  label,
  hint,
  error,
  required,
  className,
  onChange,
  options,
  empty,
  picker,
  pickerField,
}: {
  name: string;
  label: string;
  hint?: string;
  error?: string;
  required?: boolean;
  className?: string;
  onChange?: () => void;
  options: Choice[];
  empty: string;
  picker?: ReturnType<typeof useSearchedPicker>;
  pickerField?: { name: string; label: MessageDescriptor };
}) {
  // Controlled: options of pickers arrive after the form mounts, and the choice must survive that.
  return (
    <ControlledField
      name={name}
      label={label}
      hint={hint}
      error={error}
      required={required}
      className={className}
    >
      {({ id, field: { value, onBlur, onChange: setValue }, describedBy }) => {
        const props = {
          id,
          value: value === undefined || value === null ? '' : String(value),
          onChange: (next: string) => {
            setValue(next);
            onChange?.();
          },
          onBlur,
          empty,
          invalid: Boolean(error),
          describedBy,
          required,
          testId: `field-${name}`,
        };
        return picker && pickerField ? (
          <PickerCombobox {...props} field={pickerField} picker={picker} />
        ) : (
          <Select {...props} options={options} />
        );
      }}
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
  required,
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
  required?: boolean;
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
  return (
    <SelectInput
      name={field.name}
      label={label}
      hint={
        waiting
          ? i18n._(msg`Choose the ${parentLabel ? i18n._(parentLabel) : ''} first.`)
          : picker.isError
            ? i18n._(msg`The choices could not be loaded.`)
            : hint
      }
      error={error}
      required={required}
      className={className}
      onChange={onChange}
      options={picker.choices}
      empty={field.nullable ? i18n._(msg`None`) : i18n._(msg`Choose…`)}
      picker={picker}
      pickerField={field}
    />
  );
}

export function BooleanInput({ field, label, hint, className }: FieldInputProps<'boolean'>) {
  return <CheckboxInput name={field.name} label={label} hint={hint} className={className} />;
}

export function ChoiceInput({
  field,
  label,
  hint,
  error,
  required,
  className,
  onChange,
}: FieldInputProps<'select'>) {
  const { i18n } = useLingui();
  return (
    <SelectInput
      label={label}
      hint={hint}
      error={error}
      required={required}
      className={className}
      name={field.name}
      onChange={onChange}
      empty={i18n._(msg`Choose…`)}
      options={field.options.map((option) => ({ value: option.value, label: i18n._(option.label) }))}
    />
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
  required,
}: FieldInputProps<'reference'>) {
  return (
    <ReferenceInput
      field={field}
      required={required}
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
