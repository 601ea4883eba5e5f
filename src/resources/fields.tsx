/**
 * The form's inputs, one per field kind: `{ en, ar }` side by side (the Arabic one right-to-left),
 * text, number, yes/no, choices, reference pickers (cascading country → city) and image upload with
 * preview and progress. Messages come translated through `localizeMessage`.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { ImageUp, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useMemo, useState, type ChangeEvent } from 'react';
import { useController, useFormContext, useWatch, type Control } from 'react-hook-form';
import { profileImageUrl } from '@/app/session';
import { Button, cx, inputClass, Spinner, TextField } from '@/components/ui';
import { useFieldMessage } from '@/components/field-message';
import { CheckboxGroup, GalleryInput, LinksInput, MultiReferenceInput } from './collections';
import { errorMessage } from '@/lib/api';
import { uploadFile } from '@/lib/transfer';
import { connectionState } from '@/app/connection';
import {
  describedBy,
  errorAt,
  FieldNotes,
  IMAGE_MAX_BYTES,
  IMAGE_TYPES,
  labelClass,
  OFFLINE_UPLOAD,
} from './field-parts';
import { usePickerChoices } from './pickers';
import type { AreaField } from './types';

/** A field, or nothing while its `when` answers false. */
export function FormField(props: { field: AreaField; fields: readonly AreaField[] }) {
  return props.field.when ? <ConditionalField {...props} /> : <FieldInput {...props} />;
}

function ConditionalField(props: { field: AreaField; fields: readonly AreaField[] }) {
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

function FieldInput({ field, fields }: { field: AreaField; fields: readonly AreaField[] }) {
  const { i18n } = useLingui();
  const fieldMessage = useFieldMessage();
  const {
    register,
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

  switch (field.kind) {
    case 'localized':
      return <LocalizedInput field={field} className={className} />;
    case 'text':
    case 'email':
    case 'tel':
    case 'password':
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
    case 'datetime':
    case 'date':
      return (
        <TextField
          className={className}
          label={label}
          hint={
            hint ?? (field.kind === 'datetime' ? i18n._(msg`Venue time: Riyadh (UTC+03:00).`) : undefined)
          }
          type={field.kind === 'date' ? 'date' : 'datetime-local'}
          dir="ltr"
          error={error}
          data-testid={`field-${field.name}`}
          {...register(field.name)}
        />
      );
    case 'money':
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
    case 'gallery':
      return <GalleryInput field={field} className={className} />;
    case 'multireference':
      return (
        <MultiReferenceInput
          field={field}
          parentInForm={Boolean(parent)}
          parentLabel={parent ? i18n._(parent.label) : undefined}
          className={className}
        />
      );
    case 'multiselect':
      return (
        <CheckboxGroup
          name={field.name}
          label={label}
          hint={hint}
          choices={field.options.map((o) => ({ value: o.value, label: i18n._(o.label) }))}
          className={className}
        />
      );
    case 'links':
      return <LinksInput field={field} className={className} />;
    case 'richtext':
      return <LocalizedRichText field={field} className={className} />;
    case 'number':
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
    case 'boolean':
      return <CheckboxInput name={field.name} label={label} hint={hint} className={className} />;
    case 'select':
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
    case 'reference':
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
    case 'image':
      return <ImageInput field={field} label={label} hint={hint} error={error} className={className} />;
  }
}

function LocalizedInput({
  field,
  className,
}: {
  field: AreaField & { kind: 'localized' };
  className?: string;
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
    return <TextField label={sub} error={error} {...common} {...register(name)} />;
  };
  return (
    <fieldset className={cx('grid gap-4 sm:grid-cols-2', className)}>
      <legend className="sr-only">{label}</legend>
      {input('en')}
      {input('ar')}
    </fieldset>
  );
}

const RichTextEditor = lazy(() => import('./RichTextEditor'));

function LocalizedRichText({
  field,
  className,
}: {
  field: AreaField & { kind: 'richtext' };
  className?: string;
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
  const { control } = useFormContext();
  const {
    field: { ref, value, onBlur, onChange: setValue },
  } = useController({ name, control });
  const id = useId();
  return (
    <div className={cx('space-y-1', className)}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
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
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
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
  const { choices, isLoading, isError } = usePickerChoices(field.source, parentValue, !waiting);
  const value = useWatch({ name: field.name }) as unknown;
  const current = value === undefined || value === null ? '' : String(value);
  return (
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
      className={className}
      onChange={onChange}
      busy={isLoading}
    >
      <option value="">{field.nullable ? i18n._(msg`None`) : i18n._(msg`Choose…`)}</option>
      {/* The record's value stays selectable while the choices load (or if it is inactive now). */}
      {current && !choices.some((c) => c.value === current) && (
        <option value={current}>{isLoading ? i18n._(msg`Loading…`) : `#${current}`}</option>
      )}
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </SelectInput>
  );
}

function ImageInput({
  field,
  label,
  hint,
  error,
  className,
}: {
  field: AreaField & { kind: 'image' };
  label: string;
  hint?: string;
  error?: string;
  className?: string;
}) {
  const { i18n } = useLingui();
  const { control } = useFormContext();
  const { field: controlled } = useController({ name: field.name, control });
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const path = typeof controlled.value === 'string' && controlled.value ? controlled.value : null;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!chosen) return;
    if (connectionState() !== 'online') {
      setProblem(i18n._(OFFLINE_UPLOAD));
      return;
    }
    if (!IMAGE_TYPES.includes(chosen.type)) {
      setProblem(i18n._(msg`Choose a JPEG, PNG or WebP image.`));
      return;
    }
    if (chosen.size > IMAGE_MAX_BYTES) {
      setProblem(i18n._(msg`The image may be at most 5 MB.`));
      return;
    }
    setProblem(null);
    setFile(chosen);
    setProgress(0);
    try {
      const answer = (await uploadFile(field.upload, chosen, { onProgress: setProgress })) as {
        data: { path: string };
      };
      controlled.onChange(answer.data.path);
    } catch (caught) {
      setFile(null);
      setProblem(errorMessage(caught));
    } finally {
      setProgress(null);
    }
  };

  const shown = preview ?? (path ? profileImageUrl(path) : null);
  const message = problem ?? error;
  return (
    <div className={cx('space-y-2', className)}>
      <span className={labelClass} id={`${id}-label`}>
        {label}
      </span>
      <div className="flex flex-wrap items-center gap-4">
        {shown ? (
          <img
            src={shown}
            alt={i18n._(msg`Preview of ${label}`)}
            width={80}
            height={80}
            className="size-20 rounded-lg border border-slate-200 object-contain dark:border-slate-700"
            data-testid={`preview-${field.name}`}
          />
        ) : (
          <div
            aria-hidden="true"
            className="flex size-20 items-center justify-center rounded-lg border border-dashed border-slate-400 text-slate-500"
          >
            <ImageUp className="size-6" />
          </div>
        )}
        <div className="space-y-2">
          <input
            id={id}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            onChange={(event) => void choose(event)}
            aria-labelledby={`${id}-label ${id}-button`}
            aria-describedby={message ? `${id}-error` : `${id}-hint`}
            aria-invalid={message ? true : undefined}
            className="peer sr-only"
            data-testid={`field-${field.name}`}
            disabled={progress !== null}
          />
          <label
            id={`${id}-button`}
            htmlFor={id}
            className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-600 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"
          >
            <ImageUp aria-hidden="true" className="size-4" />
            {i18n._(msg`Choose an image`)}
          </label>
          {path && progress === null && (
            <Button
              variant="ghost"
              onClick={() => {
                setFile(null);
                controlled.onChange(null);
              }}
            >
              <X aria-hidden="true" className="size-4" />
              {i18n._(msg`Remove image`)}
            </Button>
          )}
          {progress !== null && (
            <progress
              className="block h-2 w-48"
              max={1}
              value={progress}
              aria-label={i18n._(msg`Uploading ${label}`)}
              data-testid="upload-progress"
            />
          )}
          <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
            {hint ?? i18n._(msg`JPEG, PNG or WebP, up to 5 MB.`)}
          </p>
          {message && (
            <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
              {message}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
