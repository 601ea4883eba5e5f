import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { lazy, Suspense, useId } from 'react';
import { useController, useFormContext, type Control } from 'react-hook-form';
import { cx, inputClass, Spinner, TextField } from '@/components/ui';
import { useFieldMessage } from '@/components/field-message';
import { errorAt, FieldNotes, labelClass, marked, RequiredMark } from '../field-parts';
import type { AreaField } from '../types';

/** `{ en, ar }` side by side, the Arabic one right-to-left. */
export function LocalizedInput({
  field,
  className,
  required,
}: {
  field: AreaField & { kind: 'localized' };
  className?: string;
  required?: boolean;
}) {
  const { i18n } = useLingui();
  const fieldMessage = useFieldMessage();
  const {
    register,
    formState: { errors },
  } = useFormContext();
  const groupId = useId();
  const label = i18n._(field.label);
  const input = (language: 'en' | 'ar') => {
    const name = `${field.name}.${language}`;
    const error = fieldMessage(errorAt(errors, name));
    const common = {
      lang: language,
      dir: language === 'ar' ? ('rtl' as const) : ('ltr' as const),
      'data-testid': `field-${name}`,
    };
    const sub = language === 'en' ? i18n._(msg`${label} (English)`) : i18n._(msg`${label} (Arabic)`);
    if (field.multiline) {
      const id = `${groupId}-${language}`;
      return (
        <div className="space-y-1">
          <label htmlFor={id} className={labelClass}>
            {sub}
            {required && <RequiredMark />}
          </label>
          <textarea
            id={id}
            rows={4}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={inputClass(Boolean(error))}
            {...common}
            {...register(name)}
          />
          {error && (
            <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
              {error}
            </p>
          )}
        </div>
      );
    }
    return (
      <TextField
        label={marked(sub, required)}
        error={error}
        required={required}
        {...common}
        {...register(name)}
      />
    );
  };
  return (
    <fieldset className={cx('grid gap-4 sm:grid-cols-2', className)}>
      <legend className="sr-only">{label}</legend>
      {input('en')}
      {input('ar')}
    </fieldset>
  );
}

const RichTextEditor = lazy(() => import('../RichTextEditor'));

/** `{ en, ar }` rich text, each in the lazily loaded editor. */
export function LocalizedRichText({
  field,
  className,
  required,
}: {
  field: AreaField & { kind: 'richtext' };
  className?: string;
  required?: boolean;
}) {
  const { i18n } = useLingui();
  const fieldMessage = useFieldMessage();
  const {
    control,
    formState: { errors },
  } = useFormContext();
  const groupId = useId();
  const label = i18n._(field.label);
  const editor = (language: 'en' | 'ar') => {
    const name = `${field.name}.${language}`;
    const id = `${groupId}-${language}`;
    const error = fieldMessage(errorAt(errors, name));
    const sub = language === 'en' ? i18n._(msg`${label} (English)`) : i18n._(msg`${label} (Arabic)`);
    return (
      <div className="space-y-1">
        <span id={`${id}-label`} className={labelClass}>
          {sub}
          {required && <RequiredMark />}
        </span>
        <Suspense
          fallback={
            <div className="flex min-h-48 items-center justify-center rounded-md border border-slate-200 dark:border-slate-700">
              <Spinner />
            </div>
          }
        >
          <ControlledRichText
            name={name}
            control={control}
            label={sub}
            labelId={`${id}-label`}
            language={language}
            invalid={Boolean(error)}
            describedBy={error ? `${id}-error` : undefined}
          />
        </Suspense>
        <FieldNotes id={id} error={error} />
      </div>
    );
  };
  return (
    <fieldset className={cx('grid gap-4 lg:grid-cols-2', className)}>
      <legend className="sr-only">{label}</legend>
      {editor('en')}
      {editor('ar')}
    </fieldset>
  );
}

function ControlledRichText({
  name,
  control,
  ...rest
}: {
  name: string;
  control: Control;
  label: string;
  labelId: string;
  language: 'en' | 'ar';
  invalid: boolean;
  describedBy?: string;
}) {
  const { field } = useController({ name, control });
  return (
    <RichTextEditor
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      testId={`field-${name}`}
      {...rest}
    />
  );
}
