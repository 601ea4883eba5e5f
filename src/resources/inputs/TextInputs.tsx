import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { Language } from '@/contract';
import { FORMAT_LOCALES } from '@/app/i18n';
import { DateField } from '@/components/DateField';
import { TextField } from '@/components/ui';
import { zoneLabel } from '@/lib/zone-label';
import { fromZonedInput } from '@/lib/zoned';
import { ControlledField, marked } from '../field-parts';
import { useFieldZone } from '../form/venue-zone';
import type { FieldInputProps } from './input-props';

export function TextInput({
  field,
  label,
  hint,
  error,
  className,
  required,
}: FieldInputProps<'text' | 'email' | 'tel' | 'password'>) {
  const { register } = useFormContext();
  return (
    <TextField
      className={className}
      label={marked(label, required)}
      hint={hint}
      type={field.kind}
      autoComplete={field.autoComplete ?? (field.kind === 'password' ? 'new-password' : undefined)}
      dir={field.ltr || field.kind === 'email' || field.kind === 'tel' ? 'ltr' : undefined}
      placeholder={field.placeholder}
      readOnly={field.readOnly}
      required={required}
      error={error}
      data-testid={`field-${field.name}`}
      {...register(field.name)}
    />
  );
}

export function DateInput(props: FieldInputProps<'datetime' | 'date'>) {
  return props.field.kind === 'datetime' ? (
    <ZonedDateTimeInput {...props} field={props.field} />
  ) : (
    <DayInput {...props} />
  );
}

/** A labelled DateField bound to the form (controlled: the value is the wire form). */
function BoundDateField({
  name,
  label,
  hint,
  error,
  className,
  withTime,
  nullable,
  required,
}: {
  name: string;
  required?: boolean;
  label: string;
  hint?: string;
  error?: string;
  className?: string;
  withTime?: boolean;
  nullable?: boolean;
}) {
  return (
    <ControlledField
      name={name}
      label={label}
      hint={hint}
      error={error}
      required={required}
      className={className}
    >
      {({ id, field: { value, onChange, onBlur }, describedBy }) => (
        <DateField
          id={id}
          value={typeof value === 'string' ? value : ''}
          onChange={(next) => onChange(next)}
          onBlur={onBlur}
          withTime={withTime}
          clearable={nullable}
          invalid={Boolean(error)}
          describedBy={describedBy}
          testId={`field-${name}`}
        />
      )}
    </ControlledField>
  );
}

/**
 * A date and time on its clock, named below: the venue's (docs/decisions/0026-venue-time-zones-and-date-pickers.md)
 * or, for a moment, the viewer's (docs/decisions/0031-venue-days-and-viewer-moments.md).
 */
function ZonedDateTimeInput({
  field,
  fields,
  record,
  label,
  hint,
  error,
  className,
  required,
}: FieldInputProps<'datetime'>) {
  const { i18n } = useLingui();
  const language = i18n.locale as Language;
  const zone = useFieldZone(field, fields ?? [field], record);
  const value = useWatch({ name: field.name }) as unknown;
  // The offset of the time entered (daylight saving), else of now.
  const entered = typeof value === 'string' && value ? new Date(fromZonedInput(value, zone)) : null;
  const at = entered && !Number.isNaN(entered.getTime()) ? entered : new Date();
  const zoneName = zoneLabel(at, zone, language, FORMAT_LOCALES[language]);
  const clock = field.venue ? i18n._(msg`Venue time: ${zoneName}.`) : i18n._(msg`Your time: ${zoneName}.`);
  return (
    <BoundDateField
      name={field.name}
      label={label}
      hint={hint ? `${hint} ${clock}` : clock}
      error={error}
      className={className}
      withTime
      nullable={field.optional}
      required={required}
    />
  );
}

function DayInput({ field, label, hint, error, className, required }: FieldInputProps<'datetime' | 'date'>) {
  return (
    <BoundDateField
      name={field.name}
      label={label}
      hint={hint}
      error={error}
      className={className}
      nullable={field.kind === 'date' && field.optional}
      required={required}
    />
  );
}

export function MoneyInput({ field, label, hint, error, className, required }: FieldInputProps<'money'>) {
  const { i18n } = useLingui();
  const { register } = useFormContext();
  return (
    <TextField
      className={className}
      label={marked(i18n._(msg`${label} (SAR)`), required)}
      hint={hint}
      type="number"
      inputMode="decimal"
      min={0}
      step={0.01}
      dir="ltr"
      required={required}
      error={error}
      data-testid={`field-${field.name}`}
      {...register(field.name, { valueAsNumber: true })}
    />
  );
}

export function NumberInput({ field, label, hint, error, className, required }: FieldInputProps<'number'>) {
  const { register } = useFormContext();
  return (
    <TextField
      className={className}
      label={marked(label, required)}
      hint={hint}
      type="number"
      inputMode="decimal"
      step={field.step ?? 1}
      dir="ltr"
      required={required}
      error={error}
      data-testid={`field-${field.name}`}
      {...register(field.name, { valueAsNumber: true })}
    />
  );
}
