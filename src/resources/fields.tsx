/**
 * The form's inputs, one per field kind: `{ en, ar }` side by side (the Arabic one right-to-left),
 * text, number, yes/no, choices, reference pickers (cascading country → city) and image upload with
 * preview and progress. Messages come translated through `localizeMessage`.
 */
import type { ComponentType } from 'react';
import { useLingui } from '@lingui/react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useFieldMessage } from '@/components/field-message';
import { LinksInput } from './inputs/LinksInput';
import { errorAt } from './field-parts';
import {
  BooleanInput,
  ChoiceInput,
  MultiPickerInput,
  MultiSelectInput,
  PickerInput,
} from './inputs/ChoiceInputs';
import { GalleryInput } from './inputs/GalleryInput';
import { ImageInput } from './inputs/ImageInput';
import type { FieldInputProps, FieldKind } from './inputs/input-props';
import { LocalizedInput, LocalizedRichText } from './inputs/LocalizedInputs';
import { DateInput, MoneyInput, NumberInput, TextInput } from './inputs/TextInputs';
import { TimeZoneInput } from './inputs/TimeZoneInput';
import type { AreaField } from './types';

/** The input of each field kind: a new kind is one more entry. */
const FIELD_INPUTS: { [K in FieldKind]: ComponentType<FieldInputProps<K>> } = {
  localized: LocalizedInput,
  text: TextInput,
  email: TextInput,
  tel: TextInput,
  password: TextInput,
  datetime: DateInput,
  date: DateInput,
  timezone: TimeZoneInput,
  money: MoneyInput,
  gallery: GalleryInput,
  multireference: MultiPickerInput,
  multiselect: MultiSelectInput,
  links: LinksInput,
  richtext: LocalizedRichText,
  number: NumberInput,
  boolean: BooleanInput,
  select: ChoiceInput,
  reference: PickerInput,
  image: ImageInput,
};

/** A field, or nothing while its `when` answers false. */
type FormFieldProps = {
  field: AreaField;
  fields: readonly AreaField[];
  record?: Record<string, unknown>;
  /** The form's schema refuses it empty (requiredFields in ./form/form-values.ts). */
  required?: boolean;
};

export function FormField(props: FormFieldProps) {
  return props.field.when ? <ConditionalField {...props} /> : <FieldInput {...props} />;
}

function ConditionalField(props: FormFieldProps) {
  const values = useWatch() as Record<string, unknown>;
  return props.field.when?.(values) ? <FieldInput {...props} /> : null;
}

const WIDE_KINDS: readonly AreaField['kind'][] = [
  'localized',
  'image',
  'gallery',
  'multireference',
  'multiselect',
  'richtext',
  'links',
];

function FieldInput({ field, fields, record, required }: FormFieldProps) {
  const { i18n } = useLingui();
  const fieldMessage = useFieldMessage();
  const {
    setValue,
    formState: { errors },
  } = useFormContext();
  const label = i18n._(field.label);
  const hint = field.hint ? i18n._(field.hint) : undefined;
  const wide = field.wide || WIDE_KINDS.includes(field.kind);
  const className = wide ? 'sm:col-span-2' : undefined;
  const error = fieldMessage(errorAt(errors, field.name));

  // Pickers that depend on this field (city on country) are cleared when it changes.
  const dependents = fields.filter(
    (f) => (f.kind === 'reference' || f.kind === 'multireference') && f.dependsOn === field.name,
  );
  const onChange = dependents.length
    ? () => {
        for (const dependent of dependents)
          setValue(dependent.name, dependent.kind === 'multireference' ? [] : '', { shouldDirty: true });
      }
    : undefined;
  const parent = 'dependsOn' in field ? fields.find((f) => f.name === field.dependsOn) : undefined;

  const Input = FIELD_INPUTS[field.kind] as ComponentType<FieldInputProps>;
  return (
    <Input
      field={field}
      label={label}
      hint={hint}
      error={error}
      className={className}
      onChange={onChange}
      parent={parent}
      fields={fields}
      record={record}
      required={required}
    />
  );
}
