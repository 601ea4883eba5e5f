import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useFormContext } from 'react-hook-form';
import { TextField } from '@/components/ui';
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

export function DateInput({ field, label, hint, error, className }: FieldInputProps<'datetime' | 'date'>) {
  const { i18n } = useLingui();
  const { register } = useFormContext();
  return (
    <TextField
      className={className}
      label={label}
      hint={hint ?? (field.kind === 'datetime' ? i18n._(msg`Venue time: Riyadh (UTC+03:00).`) : undefined)}
      type={field.kind === 'date' ? 'date' : 'datetime-local'}
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
