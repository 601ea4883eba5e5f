import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { Language } from '@/contract';
import { FORMAT_LOCALES } from '@/app/i18n';
import { TextField } from '@/components/ui';
import { fromZonedInput, zoneLabel } from '@/lib/zoned';
import { useFieldZone } from '../form/venue-zone';
import type { FieldInputProps } from './input-props';

export function TextInput({
  field,
  label,
  hint,
  error,
  className,
}: FieldInputProps<'text' | 'email' | 'tel' | 'password'>) {
  const { register } = useFormContext();
  return (
    <TextField
      className={className}
      label={label}
      hint={hint}
      type={field.kind}
      autoComplete={field.autoComplete ?? (field.kind === 'password' ? 'new-password' : undefined)}
      dir={field.ltr || field.kind === 'email' || field.kind === 'tel' ? 'ltr' : undefined}
      placeholder={field.placeholder}
      readOnly={field.readOnly}
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
    <PlainDateInput {...props} />
  );
}

/** A date and time on its clock (the venue's, docs/decisions/0026-venue-time-zones-and-date-pickers.md), named below. */
function ZonedDateTimeInput({
  field,
  fields,
  record,
  label,
  hint,
  error,
  className,
}: FieldInputProps<'datetime'>) {
  const { i18n } = useLingui();
  const { register } = useFormContext();
  const language = i18n.locale as Language;
  const zone = useFieldZone(field, fields ?? [field], record);
  const value = useWatch({ name: field.name }) as unknown;
  // The offset of the time entered (daylight saving), else of now.
  const at = typeof value === 'string' && value ? new Date(fromZonedInput(value, zone)) : new Date();
  const zoneName = zoneLabel(
    Number.isNaN(at.getTime()) ? new Date() : at,
    zone,
    language,
    FORMAT_LOCALES[language],
  );
  const clock = field.venue ? i18n._(msg`Venue time: ${zoneName}.`) : i18n._(msg`Time in ${zoneName}.`);
  return (
    <TextField
      className={className}
      label={label}
      hint={hint ? `${hint} ${clock}` : clock}
      type="datetime-local"
      dir="ltr"
      error={error}
      data-testid={`field-${field.name}`}
      data-zone={zone}
      {...register(field.name)}
    />
  );
}

function PlainDateInput({ field, label, hint, error, className }: FieldInputProps<'datetime' | 'date'>) {
  const { register } = useFormContext();
  return (
    <TextField
      className={className}
      label={label}
      hint={hint}
      type="date"
      dir="ltr"
      error={error}
      data-testid={`field-${field.name}`}
      {...register(field.name)}
    />
  );
}

export function MoneyInput({ field, label, hint, error, className }: FieldInputProps<'money'>) {
  const { i18n } = useLingui();
  const { register } = useFormContext();
  return (
    <TextField
      className={className}
      label={i18n._(msg`${label} (SAR)`)}
      hint={hint}
      type="number"
      inputMode="decimal"
      min={0}
      step={0.01}
      dir="ltr"
      error={error}
      data-testid={`field-${field.name}`}
      {...register(field.name, { valueAsNumber: true })}
    />
  );
}

export function NumberInput({ field, label, hint, error, className }: FieldInputProps<'number'>) {
  const { register } = useFormContext();
  return (
    <TextField
      className={className}
      label={label}
      hint={hint}
      type="number"
      inputMode="decimal"
      step={field.step ?? 1}
      dir="ltr"
      error={error}
      data-testid={`field-${field.name}`}
      {...register(field.name, { valueAsNumber: true })}
    />
  );
}
